package dev.ibmesh.wire;

/** RDMA ETH (16 bytes): bytes 0-7 VA, 8-11 R_Key, 12-15 DMA Length. */
public record Reth(long virtualAddress, int rKey, int dmaLength) implements ExtHeader {
    public static Reth decode(byte[] b, int off) {
        return new Reth(Bits.u64(b, off), Bits.u32(b, off + 8), Bits.u32(b, off + 12));
    }

    @Override
    public void encode(byte[] b, int off) {
        Bits.put64(b, off, virtualAddress);
        Bits.put32(b, off + 8, rKey);
        Bits.put32(b, off + 12, dmaLength);
    }

    /** DMA Length as the unsigned 32-bit value it is on the wire. */
    public long dmaLengthUnsigned() {
        return dmaLength & 0xFFFFFFFFL;
    }

    @Override
    public ExtHeaderType type() {
        return ExtHeaderType.RETH;
    }
}
