package dev.ibmesh.wire;

/**
 * Global Route Header (40 bytes), present when LRH.LNH = 3.
 *
 * <pre>
 *  bits 0-3 IPVer (6) | 4-11 TClass | 12-31 FlowLabel
 *  bytes 4-5 PayLen (BTH through ICRC) | 6 NxtHdr (0x1B = IBA transport) | 7 HopLmt
 *  bytes 8-23 SGID | 24-39 DGID
 * </pre>
 */
public record Grh(int ipVer, int tClass, int flowLabel, int payLen, int nxtHdr, int hopLmt, Gid sgid, Gid dgid) {
    public static final int SIZE = 40;
    public static final int IP_VERSION_6 = 6;
    public static final int NXT_HDR_IBA = 0x1B;

    public Grh {
        Bits.checkRange("IPVer", ipVer, 4);
        Bits.checkRange("TClass", tClass, 8);
        Bits.checkRange("FlowLabel", flowLabel, 20);
        Bits.checkRange("PayLen", payLen, 16);
        Bits.checkRange("NxtHdr", nxtHdr, 8);
        Bits.checkRange("HopLmt", hopLmt, 8);
    }

    /**
     * A GRH with IPVer 6 and NxtHdr 0x1B, the IBA transport header (C8-7); PayLen is normally filled in by
     * {@link PacketBuilder}.
     */
    public static Grh of(int tClass, int flowLabel, int hopLmt, Gid sgid, Gid dgid) {
        return new Grh(IP_VERSION_6, tClass, flowLabel, 0, NXT_HDR_IBA, hopLmt, sgid, dgid);
    }

    public static Grh decode(byte[] b, int off) {
        int w0 = Bits.u32(b, off);
        return new Grh(
                w0 >>> 28,
                (w0 >>> 20) & 0xFF,
                w0 & 0xFFFFF,
                Bits.u16(b, off + 4),
                Bits.u8(b, off + 6),
                Bits.u8(b, off + 7),
                Gid.decode(b, off + 8),
                Gid.decode(b, off + 24));
    }

    public void encode(byte[] b, int off) {
        Bits.put32(b, off, (ipVer << 28) | (tClass << 20) | flowLabel);
        Bits.put16(b, off + 4, payLen);
        Bits.put8(b, off + 6, nxtHdr);
        Bits.put8(b, off + 7, hopLmt);
        sgid.encode(b, off + 8);
        dgid.encode(b, off + 24);
    }

    public Grh withPayLen(int newPayLen) {
        return new Grh(ipVer, tClass, flowLabel, newPayLen, nxtHdr, hopLmt, sgid, dgid);
    }
}
