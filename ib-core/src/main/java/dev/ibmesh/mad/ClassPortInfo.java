package dev.ibmesh.mad;

import dev.ibmesh.wire.Bits;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * ClassPortInfo (attribute 0x0001, 72 bytes): the attribute every GSI class (SA, PMA, ...) answers to describe itself
 * and where it redirects requests and sends traps. AttributeModifier must be 0.
 *
 * <pre>
 *  byte 0 BaseVersion | 1 ClassVersion | 2-3 CapabilityMask
 *  4-7   CapabilityMask2 (bits 32-58, 27 bits) | RespTimeValue (bits 59-63, 5 bits)
 *  8-23  RedirectGID
 *  24    RedirectTC | 25 RedirectSL (high nibble) | bits 204-223 RedirectFL (20 bits)
 *  28-29 RedirectLID | 30-31 RedirectP_Key
 *  32    reserved (bits 256-263) | 33-35 RedirectQP
 *  36-39 RedirectQ_Key
 *  40-55 TrapGID
 *  56    TrapTC | 57 TrapSL (high nibble) | bits 460-479 TrapFL (20 bits)
 *  60-61 TrapLID | 62-63 TrapP_Key
 *  64    TrapHL | 65-67 TrapQP
 *  68-71 TrapQ_Key
 * </pre>
 *
 * Sources: opensm {@code ib_class_port_info_t} and its {@code IB_CLASS_*} / {@code IB_PM_*} constants; rdma-core
 * {@code libibmad/iba_types.h}. GIDs are 16 raw bytes, copied in and out.
 */
public record ClassPortInfo(
        int baseVersion,
        int classVersion,
        int capabilityMask,
        int capabilityMask2,
        int respTimeValue,
        byte[] redirectGid,
        int redirectTc,
        int redirectSl,
        int redirectFl,
        int redirectLid,
        int redirectPKey,
        int reserved256,
        int redirectQp,
        long redirectQKey,
        byte[] trapGid,
        int trapTc,
        int trapSl,
        int trapFl,
        int trapLid,
        int trapPKey,
        int trapHl,
        int trapQp,
        long trapQKey)
        implements Attribute {
    public static final int ATTRIBUTE_ID = 0x0001;
    public static final int SIZE = 72;

    /** CapabilityMask bits common to all classes (opensm IB_CLASS_CAP_*). */
    public static final int CAP_IS_TRAP_SUPPORTED = 1 << 0;

    public static final int CAP_IS_GET_SET_SUPPORTED = 1 << 1;
    public static final int CAP_IS_CAPABILITY_MASK2_SUPPORTED = 1 << 2;

    /** PMA CapabilityMask bits (IBA 16.1.3.1; opensm and libibmad IB_PM_*). */
    public static final int PMA_ALL_PORT_SELECT = 1 << 8;
    /** PortCountersExtended (64-bit data and packet counters) supported. */
    public static final int PMA_PORT_COUNTERS_EXTENDED = 1 << 9;
    /** PortCountersExtended supported without the IETF (unicast/multicast) counters. */
    public static final int PMA_PORT_COUNTERS_EXTENDED_NO_IETF = 1 << 10;

    public static final int PMA_SAMPLES_ONLY = 1 << 11;
    /** PortCounters.PortXmitWait supported. */
    public static final int PMA_PORT_XMIT_WAIT = 1 << 12;
    /** PortCounters.QP1Dropped supported (libibmad IB_PM_IS_QP1_DROP_SUP). */
    public static final int PMA_QP1_DROPPED = 1 << 15;

    public ClassPortInfo {
        Bits.checkRange("BaseVersion", baseVersion, 8);
        Bits.checkRange("ClassVersion", classVersion, 8);
        Bits.checkRange("CapabilityMask", capabilityMask, 16);
        Bits.checkRange("CapabilityMask2", capabilityMask2, 27);
        Bits.checkRange("RespTimeValue", respTimeValue, 5);
        redirectGid = gid("RedirectGID", redirectGid);
        Bits.checkRange("RedirectTC", redirectTc, 8);
        Bits.checkRange("RedirectSL", redirectSl, 4);
        Bits.checkRange("RedirectFL", redirectFl, 20);
        Bits.checkRange("RedirectLID", redirectLid, 16);
        Bits.checkRange("RedirectP_Key", redirectPKey, 16);
        Bits.checkRange("reserved256", reserved256, 8);
        Bits.checkRange("RedirectQP", redirectQp, 24);
        Bits.checkRange("RedirectQ_Key", redirectQKey, 32);
        trapGid = gid("TrapGID", trapGid);
        Bits.checkRange("TrapTC", trapTc, 8);
        Bits.checkRange("TrapSL", trapSl, 4);
        Bits.checkRange("TrapFL", trapFl, 20);
        Bits.checkRange("TrapLID", trapLid, 16);
        Bits.checkRange("TrapP_Key", trapPKey, 16);
        Bits.checkRange("TrapHL", trapHl, 8);
        Bits.checkRange("TrapQP", trapQp, 24);
        Bits.checkRange("TrapQ_Key", trapQKey, 32);
    }

    public static ClassPortInfo decode(byte[] b, int off) {
        return new ClassPortInfo(
                Bits.u8(b, off),
                Bits.u8(b, off + 1),
                Bits.u16(b, off + 2),
                Bits.getInt(b, off, 32, 27),
                Bits.getInt(b, off, 59, 5),
                Arrays.copyOfRange(b, off + 8, off + 24),
                Bits.u8(b, off + 24),
                Bits.getInt(b, off, 200, 4),
                Bits.getInt(b, off, 204, 20),
                Bits.u16(b, off + 28),
                Bits.u16(b, off + 30),
                Bits.u8(b, off + 32),
                Bits.u24(b, off + 33),
                Bits.get(b, off, 288, 32),
                Arrays.copyOfRange(b, off + 40, off + 56),
                Bits.u8(b, off + 56),
                Bits.getInt(b, off, 456, 4),
                Bits.getInt(b, off, 460, 20),
                Bits.u16(b, off + 60),
                Bits.u16(b, off + 62),
                Bits.u8(b, off + 64),
                Bits.u24(b, off + 65),
                Bits.get(b, off, 544, 32));
    }

    @Override
    public void encode(byte[] b, int off) {
        Bits.put8(b, off, baseVersion);
        Bits.put8(b, off + 1, classVersion);
        Bits.put16(b, off + 2, capabilityMask);
        Bits.put(b, off, 32, 27, capabilityMask2);
        Bits.put(b, off, 59, 5, respTimeValue);
        System.arraycopy(redirectGid, 0, b, off + 8, 16);
        Bits.put8(b, off + 24, redirectTc);
        Bits.put(b, off, 200, 4, redirectSl);
        Bits.put(b, off, 204, 20, redirectFl);
        Bits.put16(b, off + 28, redirectLid);
        Bits.put16(b, off + 30, redirectPKey);
        Bits.put8(b, off + 32, reserved256);
        Bits.put24(b, off + 33, redirectQp);
        Bits.put32(b, off + 36, (int) redirectQKey);
        System.arraycopy(trapGid, 0, b, off + 40, 16);
        Bits.put8(b, off + 56, trapTc);
        Bits.put(b, off, 456, 4, trapSl);
        Bits.put(b, off, 460, 20, trapFl);
        Bits.put16(b, off + 60, trapLid);
        Bits.put16(b, off + 62, trapPKey);
        Bits.put8(b, off + 64, trapHl);
        Bits.put24(b, off + 65, trapQp);
        Bits.put32(b, off + 68, (int) trapQKey);
    }

    /** A ClassPortInfo with no redirection and no trap destination. */
    public static ClassPortInfo of(
            int baseVersion, int classVersion, int capabilityMask, int capabilityMask2, int respTimeValue) {
        return new ClassPortInfo(
                baseVersion,
                classVersion,
                capabilityMask,
                capabilityMask2,
                respTimeValue,
                new byte[16],
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                new byte[16],
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                0);
    }

    public boolean hasCapability(int capabilityBit) {
        return (capabilityMask & capabilityBit) != 0;
    }

    @Override
    public byte[] redirectGid() {
        return redirectGid.clone();
    }

    @Override
    public byte[] trapGid() {
        return trapGid.clone();
    }

    @Override
    public int attributeId() {
        return ATTRIBUTE_ID;
    }

    @Override
    public int size() {
        return SIZE;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ClassPortInfo c
                && baseVersion == c.baseVersion
                && classVersion == c.classVersion
                && capabilityMask == c.capabilityMask
                && capabilityMask2 == c.capabilityMask2
                && respTimeValue == c.respTimeValue
                && Arrays.equals(redirectGid, c.redirectGid)
                && redirectTc == c.redirectTc
                && redirectSl == c.redirectSl
                && redirectFl == c.redirectFl
                && redirectLid == c.redirectLid
                && redirectPKey == c.redirectPKey
                && reserved256 == c.reserved256
                && redirectQp == c.redirectQp
                && redirectQKey == c.redirectQKey
                && Arrays.equals(trapGid, c.trapGid)
                && trapTc == c.trapTc
                && trapSl == c.trapSl
                && trapFl == c.trapFl
                && trapLid == c.trapLid
                && trapPKey == c.trapPKey
                && trapHl == c.trapHl
                && trapQp == c.trapQp
                && trapQKey == c.trapQKey;
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(toBytes());
    }

    @Override
    public String toString() {
        HexFormat hex = HexFormat.of();
        return "ClassPortInfo[baseVersion=" + baseVersion + ", classVersion=" + classVersion
                + String.format(", capabilityMask=0x%04X, capabilityMask2=0x%07X", capabilityMask, capabilityMask2)
                + ", respTimeValue=" + respTimeValue + ", redirectGid=" + hex.formatHex(redirectGid)
                + ", redirectTc=" + redirectTc + ", redirectSl=" + redirectSl + ", redirectFl=" + redirectFl
                + ", redirectLid=" + redirectLid + String.format(", redirectPKey=0x%04X", redirectPKey)
                + ", reserved256=" + reserved256 + ", redirectQp=" + redirectQp
                + String.format(", redirectQKey=0x%08X", redirectQKey) + ", trapGid=" + hex.formatHex(trapGid)
                + ", trapTc=" + trapTc + ", trapSl=" + trapSl + ", trapFl=" + trapFl + ", trapLid=" + trapLid
                + String.format(", trapPKey=0x%04X", trapPKey) + ", trapHl=" + trapHl + ", trapQp=" + trapQp
                + String.format(", trapQKey=0x%08X]", trapQKey);
    }

    private static byte[] gid(String field, byte[] gid) {
        if (gid == null || gid.length != 16) {
            throw new IllegalArgumentException(field + " must be 16 bytes, was " + (gid == null ? "null" : gid.length));
        }
        return gid.clone();
    }
}
