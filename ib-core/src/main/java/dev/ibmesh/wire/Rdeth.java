package dev.ibmesh.wire;

/** Reliable Datagram ETH (4 bytes): byte 0 reserved, bytes 1-3 EE-Context. */
public record Rdeth(int reserved, int eeContext) implements ExtHeader {
    public Rdeth {
        Bits.checkRange("RDETH reserved", reserved, 8);
        Bits.checkRange("EE-Context", eeContext, 24);
    }

    public static Rdeth decode(byte[] b, int off) {
        return new Rdeth(Bits.u8(b, off), Bits.u24(b, off + 1));
    }

    @Override
    public void encode(byte[] b, int off) {
        Bits.put8(b, off, reserved);
        Bits.put24(b, off + 1, eeContext);
    }

    @Override
    public ExtHeaderType type() {
        return ExtHeaderType.RDETH;
    }
}
