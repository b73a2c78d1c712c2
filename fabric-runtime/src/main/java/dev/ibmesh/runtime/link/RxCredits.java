package dev.ibmesh.runtime.link;

/**
 * The receive side of link-level flow control for one data VL (IBA vol 1 section 7.9): a receive buffer of a fixed
 * number of 64-byte blocks and ABR, the adjusted blocks received, modulo 4096.
 *
 * <p>The rules, as the IBTrainer manual (p. 28) restates the specification:
 * <ul>
 *   <li>ABR is 0 when the link initialises ({@link #reset}).</li>
 *   <li>Each accepted data packet adds its blocks to ABR. A packet that does not fit in the free buffer is discarded
 *       and does not add to ABR ({@link #onPacket}); the caller counts the overrun (PortRcvErrors;
 *       ExcessiveBufferOverrunErrors counts flow-control update periods with overruns, [unverified] per IBA
 *       16.1.3.5).</li>
 *   <li>Each flow-control packet received sets ABR to its FCTBS ({@link #onFlowControlPacket}), which accounts for
 *       discarded packets and resynchronises the two ends.</li>
 *   <li>A flow-control packet sent carries FCCL = (ABR + min(2048, free blocks)) mod 4096 ({@link #fccl}).</li>
 * </ul>
 *
 * <p>When to advertise is ours to choose (IBA also requires a periodic update, which the port's keep-alive provides;
 * [unverified]: the exact period is not known to us). {@link #updateDue} says an update is worth sending once the limit
 * has moved by at least the update threshold since the last one, or sooner while the sender may be short of credit
 * for the largest packet: so no sender ever waits for the keep-alive.
 *
 * <p>VL15 is not flow controlled and has no RxCredits ({@link LinkFlowControl} exempts it).
 *
 * <p>Owned by one port and called from its event loop only. Allocates nothing.
 */
public final class RxCredits {
    private final int capacityBlocks;
    private final int updateThresholdBlocks;
    private int usedBlocks;
    private int abr;
    private int advertisedFccl;

    /**
     * @param capacityBlocks        the VL's receive buffer, in 64-byte blocks
     * @param updateThresholdBlocks how far the credit limit moves before {@link #updateDue} asks for an update
     *                              (1..2048)
     */
    public RxCredits(int capacityBlocks, int updateThresholdBlocks) {
        if (capacityBlocks < 0) {
            throw new IllegalArgumentException("receive buffer must be >= 0 blocks, was " + capacityBlocks);
        }
        if (updateThresholdBlocks < 1 || updateThresholdBlocks > Blocks.MAX_CREDIT) {
            throw new IllegalArgumentException("update threshold must be 1..2048 blocks, was " + updateThresholdBlocks);
        }
        this.capacityBlocks = capacityBlocks;
        this.updateThresholdBlocks = updateThresholdBlocks;
    }

    /** Back to the link-initialisation state: ABR 0, buffer empty, nothing advertised yet. */
    public void reset() {
        usedBlocks = 0;
        abr = 0;
        advertisedFccl = 0;
    }

    /**
     * A data packet of {@code blocks} blocks arrived on this VL. Returns true if it was buffered (ABR advanced);
     * false if it did not fit: the caller drops it and counts the overrun, and ABR is unchanged.
     */
    public boolean onPacket(int blocks) {
        if (blocks > freeBlocks()) {
            return false;
        }
        usedBlocks += blocks;
        abr = Blocks.mod(abr + blocks);
        return true;
    }

    /** The consumer freed {@code blocks} blocks of this VL's buffer (the packet was forwarded or delivered). */
    public void release(int blocks) {
        if (blocks < 0 || blocks > usedBlocks) {
            throw new IllegalArgumentException("cannot release " + blocks + " blocks, " + usedBlocks + " in use");
        }
        usedBlocks -= blocks;
    }

    /** A flow-control packet (normal or init) from the peer's transmitter: ABR := its FCTBS. */
    public void onFlowControlPacket(int fctbs) {
        abr = Blocks.mod(fctbs);
    }

    /** The credit limit to advertise now: (ABR + min(2048, free blocks)) mod 4096. */
    public int fccl() {
        return Blocks.mod(abr + Math.min(Blocks.MAX_CREDIT, freeBlocks()));
    }

    /** Records that {@link #fccl()} is being sent to the peer and returns it. */
    public int advertise() {
        advertisedFccl = fccl();
        return advertisedFccl;
    }

    /**
     * True if a flow-control update is worth sending now: the limit has moved past the last advertised one by at
     * least the update threshold, or it has moved at all while the credit the sender can still hold (the last
     * advertised limit minus ABR, an upper bound on its view) is below the threshold or below the largest packet, so
     * a sender stalled on a large packet is not left waiting for the keep-alive.
     */
    public boolean updateDue() {
        int advance = Blocks.mod(fccl() - advertisedFccl);
        if (advance == 0) {
            return false;
        }
        // An advance above 2048 is a limit that moved back (ABR resynchronised to a smaller FCTBS): say so at once.
        if (advance >= updateThresholdBlocks) {
            return true;
        }
        int senderCredit = Blocks.mod(advertisedFccl - abr);
        return senderCredit > Blocks.MAX_CREDIT
                || senderCredit < Math.max(updateThresholdBlocks, Blocks.LARGEST_PACKET);
    }

    public int abr() {
        return abr;
    }

    public int freeBlocks() {
        return capacityBlocks - usedBlocks;
    }

    public int usedBlocks() {
        return usedBlocks;
    }

    public int capacityBlocks() {
        return capacityBlocks;
    }
}
