package dev.ibmesh.wire;

/**
 * Datagram ETH (8 bytes): bytes 0-3 Q_Key, byte 4 reserved, bytes 5-7 SrcQP.
 * A Q_Key with bit 31 set is a controlled Q_Key; QP1 uses 0x80010000.
 */
public record Deth(int qKey, int reserved, int srcQp) implements ExtHeader {
    public static final int GSI_Q_KEY = 0x80010000;

    public Deth {
        Bits.checkRange("DETH reserved", reserved, 8);
        Bits.checkRange("SrcQP", srcQp, 24);
    }

    public Deth(int qKey, int srcQp) {
        this(qKey, 0, srcQp);
    }

    public static Deth decode(byte[] b, int off) {
        return new Deth(Bits.u32(b, off), Bits.u8(b, off + 4), Bits.u24(b, off + 5));
    }

    @Override
    public void encode(byte[] b, int off) {
        Bits.put32(b, off, qKey);
        Bits.put8(b, off + 4, reserved);
        Bits.put24(b, off + 5, srcQp);
    }

    @Override
    public ExtHeaderType type() {
        return ExtHeaderType.DETH;
    }
}
