package dev.ibmesh.wire;

/**
 * Base Transport Header (12 bytes).
 *
 * <pre>
 *  byte 0 OpCode
 *  byte 1 SE(1) | M(1) | PadCnt(2) | TVer(4)
 *  bytes 2-3 P_Key
 *  byte 4 resv8a (later specs: bit 7 FECN, bit 6 BECN)    -- variant, masked in the ICRC
 *  bytes 5-7 DestQP
 *  byte 8 A(1) | reserved(7)
 *  bytes 9-11 PSN
 * </pre>
 */
public record Bth(
        OpCode opCode,
        boolean solicitedEvent,
        boolean migReq,
        int padCnt,
        int tver,
        int pKey,
        int resv8a,
        int destQp,
        boolean ackReq,
        int reserved7,
        int psn) {
    public static final int SIZE = 12;
    public static final int FECN = 0x80;
    public static final int BECN = 0x40;

    public Bth {
        Bits.checkRange("PadCnt", padCnt, 2);
        Bits.checkRange("TVer", tver, 4);
        Bits.checkRange("P_Key", pKey, 16);
        Bits.checkRange("resv8a", resv8a, 8);
        Bits.checkRange("DestQP", destQp, 24);
        Bits.checkRange("BTH reserved (byte 8)", reserved7, 7);
        Bits.checkRange("PSN", psn, 24);
    }

    /** A BTH with TVer 0, zero reserved bits and no SE/M; PadCnt is normally filled in by {@link PacketBuilder}. */
    public static Bth of(OpCode opCode, int pKey, int destQp, boolean ackReq, int psn) {
        return new Bth(opCode, false, false, 0, 0, pKey, 0, destQp, ackReq, 0, psn);
    }

    public static Bth decode(byte[] b, int off) {
        int b1 = b[off + 1] & 0xFF;
        int b8 = b[off + 8] & 0xFF;
        return new Bth(
                OpCode.valueOf(b[off] & 0xFF),
                (b1 & 0x80) != 0,
                (b1 & 0x40) != 0,
                (b1 >>> 4) & 0x3,
                b1 & 0xF,
                Bits.u16(b, off + 2),
                b[off + 4] & 0xFF,
                Bits.u24(b, off + 5),
                (b8 & 0x80) != 0,
                b8 & 0x7F,
                Bits.u24(b, off + 9));
    }

    public void encode(byte[] b, int off) {
        b[off] = (byte) opCode.code();
        b[off + 1] = (byte) ((solicitedEvent ? 0x80 : 0) | (migReq ? 0x40 : 0) | (padCnt << 4) | tver);
        Bits.put16(b, off + 2, pKey);
        b[off + 4] = (byte) resv8a;
        Bits.put24(b, off + 5, destQp);
        b[off + 8] = (byte) ((ackReq ? 0x80 : 0) | reserved7);
        Bits.put24(b, off + 9, psn);
    }

    public Bth withPadCnt(int newPadCnt) {
        return new Bth(opCode, solicitedEvent, migReq, newPadCnt, tver, pKey, resv8a, destQp, ackReq, reserved7, psn);
    }

    public boolean fecn() {
        return (resv8a & FECN) != 0;
    }

    public boolean becn() {
        return (resv8a & BECN) != 0;
    }

    public static int opCode(byte[] b, int off) {
        return b[off] & 0xFF;
    }

    public static int padCnt(byte[] b, int off) {
        return (b[off + 1] >>> 4) & 0x3;
    }

    public static int pKey(byte[] b, int off) {
        return Bits.u16(b, off + 2);
    }

    public static int destQp(byte[] b, int off) {
        return Bits.u24(b, off + 5);
    }

    public static int psn(byte[] b, int off) {
        return Bits.u24(b, off + 9);
    }
}
