package dev.ibmesh.wire;

/** Immediate data (4 bytes), opaque to the transport. */
public record ImmDt(int data) implements ExtHeader {
    public static ImmDt decode(byte[] b, int off) {
        return new ImmDt(Bits.u32(b, off));
    }

    @Override
    public void encode(byte[] b, int off) {
        Bits.put32(b, off, data);
    }

    @Override
    public ExtHeaderType type() {
        return ExtHeaderType.IMM_DT;
    }
}
