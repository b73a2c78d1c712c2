package dev.ibmesh.runtime.port;

import dev.ibmesh.wire.RejectReason;

/**
 * A receive check of the link layer's data packet check (IBA figure 25-20) that a device can be started to leave out,
 * so that a conformance procedure can be shown to catch it. Each leaves out exactly one check: a packet that fails
 * only that check is taken as good; the other checks keep their precedence. A device's deviations (its
 * {@code Deviation} enum) name the departures they call for; the ports get them in their {@link ReceivePolicy}.
 */
public enum ReceiveDeparture {
    /** The VCRC is not checked: a packet with a bad VCRC is taken (C7-7 at a CA, C7-9 at a switch: discard it). */
    NO_VCRC_CHECK(RejectReason.BAD_VCRC),
    /** The ICRC is not checked where the port is the packet's destination (a CA port, a switch's port 0). */
    NO_ICRC_CHECK(RejectReason.BAD_ICRC),
    /** LRH.PktLen is not compared with the packet's length as received. */
    NO_PKTLEN_CHECK(RejectReason.PKTLEN_MISMATCH),
    /** LRH.LVer is not checked: a link version other than 0 is taken. */
    NO_LVER_CHECK(RejectReason.BAD_LVER),
    /** A packet ended with EBP (marked bad by a switch upstream) is taken like one ended with EGP. */
    ACCEPT_EBP(RejectReason.NONE),
    /** A CA port takes a unicast packet whatever its DLID, instead of only those of its LID range (C7-10). */
    NO_DLID_CHECK(RejectReason.NONE),
    /**
     * A CA port takes only its base LID: the DLID is compared whole, not with the low LMC bits masked, so the other
     * LIDs of its range are dropped (C7-66).
     */
    IGNORE_LMC(RejectReason.NONE),
    /**
     * A malformed link packet (bad LPCRC, wrong length, reserved Op) is dropped but not counted in PortRcvErrors,
     * which IBA 16.1.3.5 says counts malformed link packets too.
     */
    UNCOUNTED_LINK_PACKET_ERRORS(RejectReason.NONE),
    /**
     * While the port is Init or Armed it takes only directed-route SMPs (to the permissive LID) and drops LID-routed
     * ones, instead of taking every SMP in every state the link is up in (IBA 7.2.4: a port in Init or Armed receives
     * SMPs).
     */
    LID_ROUTED_SMPS_ONLY_WHEN_ACTIVE(RejectReason.NONE);

    private final RejectReason unchecked;

    ReceiveDeparture(RejectReason unchecked) {
        this.unchecked = unchecked;
    }

    /** The failure of the port-independent check ({@code PacketCheck}) this departure leaves out, or NONE. */
    RejectReason unchecked() {
        return unchecked;
    }
}
