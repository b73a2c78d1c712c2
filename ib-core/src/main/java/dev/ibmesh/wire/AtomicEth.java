package dev.ibmesh.wire;

/** Atomic ETH (28 bytes): bytes 0-7 VA, 8-11 R_Key, 12-19 Swap (or Add) Data, 20-27 Compare Data. */
public record AtomicEth(long virtualAddress, int rKey, long swapOrAddData, long compareData) implements ExtHeader {
    public static AtomicEth decode(byte[] b, int off) {
        return new AtomicEth(Bits.u64(b, off), Bits.u32(b, off + 8), Bits.u64(b, off + 12), Bits.u64(b, off + 20));
    }

    @Override
    public void encode(byte[] b, int off) {
        Bits.put64(b, off, virtualAddress);
        Bits.put32(b, off + 8, rKey);
        Bits.put64(b, off + 12, swapOrAddData);
        Bits.put64(b, off + 20, compareData);
    }

    @Override
    public ExtHeaderType type() {
        return ExtHeaderType.ATOMIC_ETH;
    }
}
