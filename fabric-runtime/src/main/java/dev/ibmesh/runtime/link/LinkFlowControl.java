package dev.ibmesh.runtime.link;

import dev.ibmesh.wire.Bits;
import dev.ibmesh.wire.FlowControlPacket;
import dev.ibmesh.wire.Lrh;

/**
 * Link-level flow control of one port: a {@link TxCredits} and an {@link RxCredits} per data VL (VL0-14), the
 * exemption of VL15, and the flow-control packets in both directions.
 *
 * <p>One flow-control packet serves both directions of a VL (IBA vol 1 section 7.9; docs/wire-format.md, Link flow
 * control): its FCTBS is the sender's transmit total, which sets our receiver's ABR, and its FCCL is the sender's
 * receive limit, which becomes our transmitter's FCCL. Packets are sent with Op 1 (init) while the link is in
 * LinkInitialize and Op 0 afterwards (Shanley, "InfiniBand Network Architecture", ch. 25, on the Op field; [unverified]
 * against the spec).
 *
 * <p>VL15 is not flow controlled (IBA 7.9): it may always be sent, is never counted, and has no flow-control
 * packets. Data VLs at or above OperationalVLs have no credit and no flow-control packets.
 *
 * <p>Owned by one port and called from its event loop only. The per-packet calls ({@link #canSend},
 * {@link #onSent}, {@link #onReceived}, {@link #onFlowControl(byte[], int)}) allocate nothing; building
 * flow-control packet records does.
 */
public final class LinkFlowControl {
    /** VL0-14. */
    public static final int DATA_VLS = 15;

    private final TxCredits[] tx = new TxCredits[DATA_VLS];
    private final RxCredits[] rx = new RxCredits[DATA_VLS];
    private int operationalVls;

    /**
     * @param operationalVls        data VLs in use, VL0 .. operationalVls - 1 (1..15)
     * @param bufferBlocksPerVl     each data VL's receive buffer, in 64-byte blocks
     * @param updateThresholdBlocks see {@link RxCredits#updateDue}
     */
    public LinkFlowControl(int operationalVls, int bufferBlocksPerVl, int updateThresholdBlocks) {
        for (int vl = 0; vl < DATA_VLS; vl++) {
            tx[vl] = new TxCredits();
            rx[vl] = new RxCredits(bufferBlocksPerVl, updateThresholdBlocks);
        }
        operationalVls(operationalVls);
    }

    /** The link (re)initialised: every counter back to 0, no credit until the peer's first flow-control packet. */
    public void reset() {
        for (int vl = 0; vl < DATA_VLS; vl++) {
            tx[vl].reset();
            rx[vl].reset();
        }
    }

    /** Sets the data VLs in use (PortInfo.OperationalVLs as a count: 1, 2, 4, 8 or 15). */
    public void operationalVls(int count) {
        if (count < 1 || count > DATA_VLS) {
            throw new IllegalArgumentException("operational data VLs must be 1..15, was " + count);
        }
        this.operationalVls = count;
    }

    public int operationalVls() {
        return operationalVls;
    }

    /** True if a packet of {@code blocks} blocks may be sent on {@code vl} now; VL15 always may. */
    public boolean canSend(int vl, int blocks) {
        if (vl == Lrh.VL15) {
            return true;
        }
        return vl < operationalVls && tx[vl].canSend(blocks);
    }

    /** Counts a data packet sent on {@code vl} (VL15 is not counted). */
    public void onSent(int vl, int blocks) {
        if (vl != Lrh.VL15) {
            tx[vl].consume(blocks);
        }
    }

    /**
     * A data packet of {@code blocks} blocks arrived on {@code vl}, which the receive check has already accepted as
     * a VL in use. Returns false on a buffer overrun (drop it and count the overrun). VL15 is always
     * accepted here: its buffer is not flow controlled, and its own limit is the receiver's business.
     */
    public boolean onReceived(int vl, int blocks) {
        return vl == Lrh.VL15 || rx[vl].onPacket(blocks);
    }

    /**
     * A flow-control packet received: updates our transmitter's FCCL and our receiver's ABR for its VL. Returns
     * false, changing nothing, for a reserved Op or a VL that is not an operational data VL.
     */
    public boolean onFlowControl(FlowControlPacket packet) {
        return onFlowControl(packet.op(), packet.vl(), packet.fctbs(), packet.fccl());
    }

    /** Same as {@link #onFlowControl(FlowControlPacket)}, read in place; the caller has checked length and LPCRC. */
    public boolean onFlowControl(byte[] b, int off) {
        int word0 = Bits.u16(b, off);
        int word1 = Bits.u16(b, off + 2);
        return onFlowControl(word0 >>> 12, word1 >>> 12, word0 & 0xFFF, word1 & 0xFFF);
    }

    private boolean onFlowControl(int op, int vl, int fctbs, int fccl) {
        if ((op != FlowControlPacket.OP_NORMAL && op != FlowControlPacket.OP_INIT) || vl >= operationalVls) {
            return false;
        }
        tx[vl].onFlowControl(fccl);
        rx[vl].onFlowControlPacket(fctbs);
        return true;
    }

    /** True if {@link RxCredits#updateDue} says {@code vl} is worth an update now. */
    public boolean updateDue(int vl) {
        return vl < operationalVls && rx[vl].updateDue();
    }

    /**
     * A flow-control packet of Op {@code op} for {@code vl} with our FCTBS and current FCCL, recorded as advertised:
     * build it when it goes out, so that it says the credit as it is then.
     */
    public FlowControlPacket packet(int op, int vl) {
        if (vl >= operationalVls) {
            throw new IllegalArgumentException(
                    "VL " + vl + " is not an operational data VL (0.." + (operationalVls - 1) + ")");
        }
        return FlowControlPacket.of(op, tx[vl].fctbs(), vl, rx[vl].advertise());
    }

    /** The transmit credits of data VL {@code vl} (0-14). */
    public TxCredits tx(int vl) {
        return tx[vl];
    }

    /** The receive credits of data VL {@code vl} (0-14). */
    public RxCredits rx(int vl) {
        return rx[vl];
    }
}
