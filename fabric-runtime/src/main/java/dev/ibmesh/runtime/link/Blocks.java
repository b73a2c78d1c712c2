package dev.ibmesh.runtime.link;

/**
 * The unit of link-level flow control: the 64-byte block (IBA vol 1 section 7.9), and the 12-bit counters that count
 * blocks modulo 4096 (FCTBS, ABR, FCCL).
 *
 * <p>A data packet consumes {@code ceil(bytes / 64)} blocks, where {@code bytes} runs from the first LRH byte through
 * the VCRC: {@code 4 * LRH.PktLen + 2}. That is the whole frame a VirtualLink carries and the receiver has to buffer.
 * [unverified] Counting the VCRC is our reading of IBA 7.9, not checked against the spec text: the only difference from
 * a count that leaves the VCRC out is a packet whose PktLen is a multiple of 16 words (for example PktLen 16 = 64
 * bytes and the VCRC), which we charge one block more.
 *
 * <p>Stateless; safe from any thread.
 */
public final class Blocks {
    public static final int BLOCK_BYTES = 64;
    /** FCTBS, ABR and FCCL are 12-bit counters (IBA 7.9; docs/wire-format.md, Link flow control). */
    public static final int MODULUS = 4096;
    /**
     * The most credit a receiver advertises and a transmitter may hold: FCCL is at most ABR + 2048, and a
     * transmitter reads (FCCL - FCTBS) mod 4096 above 2048 as "no credit" (IBA 7.9; IBTrainer manual p. 28).
     */
    public static final int MAX_CREDIT = 2048;

    /**
     * The blocks of the largest data packet a port must take: a 4096-byte payload (the largest MTU) with the largest
     * header set (LRH, GRH, BTH, RETH, ImmDt), ICRC and VCRC, which is also the smallest receive buffer a port has.
     */
    public static final int LARGEST_PACKET = 66;

    private static final int VCRC_BYTES = 2;

    private Blocks() {}

    /** Blocks consumed by a frame of {@code frameBytes} bytes, LRH through VCRC. */
    public static int ofFrame(int frameBytes) {
        if (frameBytes <= 0) {
            throw new IllegalArgumentException("frame length must be positive, was " + frameBytes);
        }
        return (frameBytes + BLOCK_BYTES - 1) / BLOCK_BYTES;
    }

    /** Blocks consumed by a data packet with this LRH.PktLen (4-byte words, LRH through ICRC), plus its VCRC. */
    public static int ofPktLen(int pktLenWords) {
        return ofFrame(4 * pktLenWords + VCRC_BYTES);
    }

    /** {@code value} modulo 4096, for any int (negative differences included). */
    public static int mod(int value) {
        return value & (MODULUS - 1);
    }
}
