package dev.ibmesh.runtime.link;

/**
 * The transmit side of link-level flow control for one data VL (IBA vol 1 section 7.9): FCTBS, the total blocks
 * sent since link initialisation modulo 4096, and FCCL, the credit limit the peer's receiver last advertised.
 *
 * <p>A packet of {@code n} blocks may be sent when {@code n <= (FCCL - FCTBS) mod 4096} and that difference is at
 * most 2048. A difference above 2048 means the transmitter is past the limit (it sent without credit, or its FCCL is
 * stale), so it has no credit. [unverified] IBA states the rule, as we recall it, as
 * {@code (FCCL - (FCTBS + n)) mod 4096 <= 2048}; the two agree for every packet (n &lt;= 66 blocks) whenever the
 * difference is at most 2048, which a receiver that caps FCCL at ABR + 2048 guarantees.
 *
 * <p>VL15 is not flow controlled and has no TxCredits ({@link LinkFlowControl} exempts it).
 *
 * <p>Owned by one port and called from its event loop only. Allocates nothing.
 */
public final class TxCredits {
    private int fctbs;
    private int fccl;
    private boolean ignoreCredits;

    /** Back to the link-initialisation state: nothing sent, and no credit until the first flow-control packet. */
    public void reset() {
        fctbs = 0;
        fccl = 0;
    }

    /** True if a packet of {@code blocks} blocks may be sent now; always true when credits are ignored. */
    public boolean canSend(int blocks) {
        return ignoreCredits || blocks <= available();
    }

    /** Counts a data packet sent on this VL, whether or not credits allowed it. */
    public void consume(int blocks) {
        fctbs = Blocks.mod(fctbs + blocks);
    }

    /**
     * Takes the FCCL of a flow-control packet for this VL, normal (Op 0) or init (Op 1): both carry the peer
     * receiver's current limit. The resynchronisation an init packet brings happens on the peer's receive side
     * (its ABR := our FCTBS, see {@link RxCredits#onFlowControlPacket}); FCTBS itself restarts at 0 only when the
     * link initialises ({@link #reset}).
     */
    public void onFlowControl(int fccl) {
        this.fccl = Blocks.mod(fccl);
    }

    /** Blocks that may still be sent before the credit limit: 0..2048 (for metrics and the arbiter). */
    public int available() {
        int difference = Blocks.mod(fccl - fctbs);
        return difference <= Blocks.MAX_CREDIT ? difference : 0;
    }

    public int fctbs() {
        return fctbs;
    }

    public int fccl() {
        return fccl;
    }

    /**
     * Exerciser mode (the IBTrainer's per-packet "ignore credits"): {@link #canSend} is always true but FCTBS still
     * counts every block, so the peer's receiver sees the real totals and can count its overruns.
     */
    public void ignoreCredits(boolean ignore) {
        this.ignoreCredits = ignore;
    }

    public boolean ignoresCredits() {
        return ignoreCredits;
    }
}
