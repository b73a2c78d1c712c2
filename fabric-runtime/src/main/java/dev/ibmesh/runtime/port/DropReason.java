package dev.ibmesh.runtime.port;

import dev.ibmesh.mad.pma.PortCounters.Counter;

/**
 * Why a port dropped an incoming frame, in the error precedence of the link layer's data packet check (IBA figure
 * 25-20), with the PMA counter each one increments. IBA 16.1.3.5 defines PortRcvErrors as local physical errors
 * (ICRC, VCRC), malformed data packets (LVer, length, VL), malformed link packets and buffer overruns. DLID and SLID
 * failures are not in that list: they are dropped and counted only in ibmesh's drop-by-reason metric.
 */
public enum DropReason {
    NONE(null),
    /**
     * A frame that arrived while the link is not up (training, polling, or down since): a receiver only takes
     * packets on a trained link (IBA 7.2). [M] no PMA counter is named for it.
     */
    LINK_NOT_UP(null),
    /** A frame of no known kind, or empty: what a receiver sees as a framing (symbol) error. */
    SYMBOL_ERROR(Counter.SYMBOL_ERROR_COUNTER),
    /** The sender ended the packet with EBP: an upstream switch found it bad. */
    REMOTE_PHYSICAL_ERROR(Counter.PORT_RCV_REMOTE_PHYSICAL_ERRORS),
    BAD_VCRC(Counter.PORT_RCV_ERRORS),
    BAD_ICRC(Counter.PORT_RCV_ERRORS),
    BELOW_MINIMUM_LENGTH(Counter.PORT_RCV_ERRORS),
    ABOVE_MAXIMUM_LENGTH(Counter.PORT_RCV_ERRORS),
    PKTLEN_MISMATCH(Counter.PORT_RCV_ERRORS),
    BAD_LVER(Counter.PORT_RCV_ERRORS),
    /** A data VL at or above OperationalVLs, or a VL15 packet that is not for QP0. */
    BAD_VL(Counter.PORT_RCV_ERRORS),
    /** A unicast DLID outside the port's LID range (base LID masked by LMC), DLID 0, or permissive off VL15. */
    BAD_DLID(null),
    /** SLID 0 or a multicast SLID. */
    BAD_SLID(null),
    /**
     * A data packet (not VL15) while the port is Init or Down: IBA 7.2.4 lets only SMPs through before Armed.
     * No PMA counter is named for it ([unverified]).
     */
    PORT_NOT_ACTIVE(null),
    /** No receive buffer (credits) for the packet's VL: the sender overran the credit limit. */
    BUFFER_OVERRUN(Counter.PORT_RCV_ERRORS),
    /** VL15 is not flow controlled: a full VL15 buffer drops the SMP. */
    VL15_BUFFER_FULL(Counter.VL15_DROPPED),
    /** A link packet that is not 6 bytes, has a reserved Op, or a bad LPCRC. */
    MALFORMED_LINK_PACKET(Counter.PORT_RCV_ERRORS),
    /**
     * The device failed while handling a packet the link layer had accepted (an exception in its code): dropped so
     * that the port goes on. Not an error of the link, so no PMA counter counts it (PortRcvErrors is for the link's
     * errors, IBA 16.1.3.5).
     */
    INTERNAL_ERROR(null),

    // Transmit side: IBA 16.1.3.5 counts outbound packets discarded because the port is down or congested.
    /** The port could not take a packet to send: queue full, VL not operational, link or port state not up. */
    TRANSMIT_REFUSED(Counter.PORT_XMIT_DISCARDS, true),
    /**
     * A data packet whose SL the port's SL-to-VL table maps to no data VL (VL15, or one beyond OperationalVLs):
     * discarded at the sender (IBA 7.6.6), never sent on VL15.
     */
    UNMAPPED_SL(Counter.PORT_XMIT_DISCARDS, true),
    /** A packet waited at the head of its VL queue longer than the port's HOQLife. */
    HEAD_OF_QUEUE_LIFETIME(Counter.PORT_XMIT_DISCARDS, true),
    /** Packets waiting to be sent when the link went down. */
    LINK_DOWN(Counter.PORT_XMIT_DISCARDS, true);

    private final Counter counter;
    private final boolean transmit;

    DropReason(Counter counter) {
        this(counter, false);
    }

    DropReason(Counter counter, boolean transmit) {
        this.counter = counter;
        this.transmit = transmit;
    }

    /** True for a packet this port was to send; false for one it received. */
    public boolean onTransmit() {
        return transmit;
    }

    /** The PMA counter this drop increments, or null when the spec names none. */
    public Counter counter() {
        return counter;
    }
}
