package dev.ibmesh.wire;

/** Invalidate ETH (4 bytes): the R_Key the responder invalidates (SEND with Invalidate). */
public record Ieth(int rKey) implements ExtHeader {
    public static Ieth decode(byte[] b, int off) {
        return new Ieth(Bits.u32(b, off));
    }

    @Override
    public void encode(byte[] b, int off) {
        Bits.put32(b, off, rKey);
    }

    @Override
    public ExtHeaderType type() {
        return ExtHeaderType.IETH;
    }
}
