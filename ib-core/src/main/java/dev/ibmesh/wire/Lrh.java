package dev.ibmesh.wire;

/**
 * Local Route Header (8 bytes), the first header of every data packet.
 *
 * <pre>
 *  byte 0: VL(4) | LVer(4)
 *  byte 1: SL(4) | reserved(2) | LNH(2)
 *  bytes 2-3: DLID
 *  bytes 4-5: reserved(5) | PktLen(11)   (4-byte words from LRH through ICRC; VCRC not counted)
 *  bytes 6-7: SLID
 * </pre>
 *
 * The static accessors read a field straight from frame bytes without building a record (the switch hot path).
 */
public record Lrh(int vl, int lver, int sl, int reserved1, int lnh, int dlid, int reserved2, int pktLen, int slid) {
    public static final int SIZE = 8;
    /** LNH 0: raw packet, a raw header (RWH, with an EtherType) follows. */
    public static final int LNH_RAW = 0;
    /** LNH 1: raw IPv6 packet. */
    public static final int LNH_IP_NON_IBA = 1;
    /** LNH 2: IBA local, BTH follows. */
    public static final int LNH_IBA_LOCAL = 2;
    /** LNH 3: IBA global, GRH follows. */
    public static final int LNH_IBA_GLOBAL = 3;

    public static final int PERMISSIVE_LID = 0xFFFF;
    public static final int MULTICAST_LID_FIRST = 0xC000;
    public static final int VL15 = 15;

    public Lrh {
        Bits.checkRange("VL", vl, 4);
        Bits.checkRange("LVer", lver, 4);
        Bits.checkRange("SL", sl, 4);
        Bits.checkRange("LRH reserved (byte 1)", reserved1, 2);
        Bits.checkRange("LNH", lnh, 2);
        Bits.checkRange("DLID", dlid, 16);
        Bits.checkRange("LRH reserved (byte 4)", reserved2, 5);
        Bits.checkRange("PktLen", pktLen, 11);
        Bits.checkRange("SLID", slid, 16);
    }

    /** An LRH with LVer 0 and zero reserved bits; PktLen is normally filled in by {@link PacketBuilder}. */
    public static Lrh of(int vl, int sl, int lnh, int dlid, int slid) {
        return new Lrh(vl, 0, sl, 0, lnh, dlid, 0, 0, slid);
    }

    public static Lrh decode(byte[] b, int off) {
        return new Lrh(
                vl(b, off),
                lver(b, off),
                sl(b, off),
                (b[off + 1] >>> 2) & 0x3,
                lnh(b, off),
                dlid(b, off),
                (b[off + 4] >>> 3) & 0x1F,
                pktLen(b, off),
                slid(b, off));
    }

    public void encode(byte[] b, int off) {
        b[off] = (byte) ((vl << 4) | lver);
        b[off + 1] = (byte) ((sl << 4) | (reserved1 << 2) | lnh);
        Bits.put16(b, off + 2, dlid);
        Bits.put16(b, off + 4, (reserved2 << 11) | pktLen);
        Bits.put16(b, off + 6, slid);
    }

    public Lrh withPktLen(int newPktLen) {
        return new Lrh(vl, lver, sl, reserved1, lnh, dlid, reserved2, newPktLen, slid);
    }

    public static int vl(byte[] b, int off) {
        return (b[off] >>> 4) & 0xF;
    }

    public static int lver(byte[] b, int off) {
        return b[off] & 0xF;
    }

    public static int sl(byte[] b, int off) {
        return (b[off + 1] >>> 4) & 0xF;
    }

    public static int lnh(byte[] b, int off) {
        return b[off + 1] & 0x3;
    }

    public static int dlid(byte[] b, int off) {
        return Bits.u16(b, off + 2);
    }

    public static int pktLen(byte[] b, int off) {
        return Bits.u16(b, off + 4) & 0x7FF;
    }

    public static int slid(byte[] b, int off) {
        return Bits.u16(b, off + 6);
    }

    /** Rewrites the VL in place (switches do this per output port; the VCRC must be regenerated after). */
    public static void setVl(byte[] b, int off, int vl) {
        b[off] = (byte) ((vl << 4) | (b[off] & 0xF));
    }

    public static boolean isMulticast(int lid) {
        return lid >= MULTICAST_LID_FIRST && lid < PERMISSIVE_LID;
    }
}
