package dev.ibmesh.mad.sa;

import dev.ibmesh.mad.Attribute;
import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.rmpp.RmppHeader;
import dev.ibmesh.wire.Bits;
import java.util.Arrays;
import java.util.function.BiFunction;

/**
 * A Subnet Administration MAD (management class 0x03, ClassVersion 2).
 *
 * <pre>
 *  0-23   common MAD header
 *  24     RMPPVersion | 25 RMPPType | 26 RRespTime (bits 208-212, 5 bits) | RMPPFlags (bits 213-215, 3 bits)
 *  27     RMPPStatus
 *  28-31  Data1 (DATA: SegmentNumber) | 32-35 Data2 (DATA: PayloadLength; ACK: NewWindowLast)
 *  36-43  SM_Key
 *  44-45  AttributeOffset (record size in 8-byte words, used by GetTableResp) | 46-47 reserved (bits 368-383)
 *  48-55  ComponentMask
 *  56-255 SA data (200 bytes)
 * </pre>
 *
 * Sources: opensm {@code ib_sa_mad_t} and {@code ib_rmpp_mad_t} / {@code IB_RMPP_*} (RRespTime is
 * {@code rmpp_flags >> 3}), rdma-core {@code libibmad/fields.c} (RmppResp BE_OFFS(24*8+11,5), RmppFlags
 * BE_OFFS(24*8+8,3)), {@code IB_SA_DATA_OFFS = 56}, {@code IB_SA_DATA_SIZE = 200}. The data array is copied in
 * and out, so decoding and re-encoding any 256 bytes gives the same 256 bytes.
 */
public record SaMad(
        MadHeader header,
        int rmppVersion,
        int rmppType,
        int rRespTime,
        int rmppFlags,
        int rmppStatus,
        long data1,
        long data2,
        long smKey,
        int attributeOffset,
        int reserved368,
        long componentMask,
        byte[] data) {
    public static final int CLASS_VERSION = 2;
    public static final int RMPP_OFFSET = RmppHeader.OFFSET;
    public static final int SM_KEY_OFFSET = 36;
    public static final int ATTRIBUTE_OFFSET_OFFSET = 44;
    public static final int COMPONENT_MASK_OFFSET = 48;
    public static final int DATA_OFFSET = 56;
    public static final int DATA_SIZE = 200;

    /** The RMPP header's values, as {@link RmppHeader} defines them for every class that uses RMPP. */
    public static final int RMPP_VERSION = RmppHeader.VERSION;

    public static final int RMPP_TYPE_NONE = RmppHeader.TYPE_NONE;
    public static final int RMPP_TYPE_DATA = RmppHeader.TYPE_DATA;
    public static final int RMPP_TYPE_ACK = RmppHeader.TYPE_ACK;
    public static final int RMPP_TYPE_STOP = RmppHeader.TYPE_STOP;
    public static final int RMPP_TYPE_ABORT = RmppHeader.TYPE_ABORT;
    public static final int RMPP_FLAG_ACTIVE = RmppHeader.FLAG_ACTIVE;
    public static final int RMPP_FLAG_FIRST = RmppHeader.FLAG_FIRST;
    public static final int RMPP_FLAG_LAST = RmppHeader.FLAG_LAST;
    /** RRespTime value meaning "no time value provided". */
    public static final int RRESP_TIME_NONE = RmppHeader.NO_RESP_TIME;

    /** Class-specific MAD status codes (status bits 15-8). */
    public static final int STATUS_NO_RESOURCES = 0x0100;

    public static final int STATUS_REQ_INVALID = 0x0200;
    public static final int STATUS_NO_RECORDS = 0x0300;
    public static final int STATUS_TOO_MANY_RECORDS = 0x0400;
    public static final int STATUS_INVALID_GID = 0x0500;
    public static final int STATUS_INSUFFICIENT_COMPONENTS = 0x0600;
    public static final int STATUS_DENIED = 0x0700;
    public static final int STATUS_PRIORITY_SUGGESTED = 0x0800;

    public SaMad {
        if (header == null) {
            throw new IllegalArgumentException("header must not be null");
        }
        Bits.checkRange("RMPPVersion", rmppVersion, 8);
        Bits.checkRange("RMPPType", rmppType, 8);
        Bits.checkRange("RRespTime", rRespTime, 5);
        Bits.checkRange("RMPPFlags", rmppFlags, 3);
        Bits.checkRange("RMPPStatus", rmppStatus, 8);
        Bits.checkRange("Data1", data1, 32);
        Bits.checkRange("Data2", data2, 32);
        Bits.checkRange("AttributeOffset", attributeOffset, 16);
        Bits.checkRange("reserved368", reserved368, 16);
        data = RawBytes.copy("data", data, DATA_SIZE);
    }

    /** A non-RMPP SA MAD with {@code data} (at most 200 bytes, zero padded). */
    public static SaMad of(MadHeader header, long smKey, int attributeOffset, long componentMask, byte[] data) {
        if (data.length > DATA_SIZE) {
            throw new IllegalArgumentException("data must be at most " + DATA_SIZE + " bytes, was " + data.length);
        }
        return new SaMad(
                header, 0, 0, 0, 0, 0, 0, 0, smKey, attributeOffset, 0, componentMask, Arrays.copyOf(data, DATA_SIZE));
    }

    /** A non-RMPP SA MAD carrying one record, with AttributeOffset set from the record's size. */
    public static SaMad of(MadHeader header, long smKey, long componentMask, Attribute record) {
        byte[] d = new byte[DATA_SIZE];
        record.encode(d, 0);
        return new SaMad(header, 0, 0, 0, 0, 0, 0, 0, smKey, attributeOffsetFor(record.size()), 0, componentMask, d);
    }

    public static SaMad decode(Mad mad) {
        byte[] b = mad.toBytes();
        return new SaMad(
                MadHeader.decode(b, 0),
                Bits.u8(b, 24),
                Bits.u8(b, 25),
                Bits.getInt(b, 0, 208, 5),
                Bits.getInt(b, 0, 213, 3),
                Bits.u8(b, 27),
                Bits.get(b, 0, 224, 32),
                Bits.get(b, 0, 256, 32),
                Bits.u64(b, SM_KEY_OFFSET),
                Bits.u16(b, ATTRIBUTE_OFFSET_OFFSET),
                Bits.u16(b, 46),
                Bits.u64(b, COMPONENT_MASK_OFFSET),
                Arrays.copyOfRange(b, DATA_OFFSET, Mad.SIZE));
    }

    public Mad encode() {
        byte[] b = new byte[Mad.SIZE];
        header.encode(b, 0);
        Bits.put8(b, 24, rmppVersion);
        Bits.put8(b, 25, rmppType);
        Bits.put(b, 0, 208, 5, rRespTime);
        Bits.put(b, 0, 213, 3, rmppFlags);
        Bits.put8(b, 27, rmppStatus);
        Bits.put32(b, 28, (int) data1);
        Bits.put32(b, 32, (int) data2);
        Bits.put64(b, SM_KEY_OFFSET, smKey);
        Bits.put16(b, ATTRIBUTE_OFFSET_OFFSET, attributeOffset);
        Bits.put16(b, 46, reserved368);
        Bits.put64(b, COMPONENT_MASK_OFFSET, componentMask);
        System.arraycopy(data, 0, b, DATA_OFFSET, DATA_SIZE);
        return Mad.copyOf(b);
    }

    /** AttributeOffset for records of {@code recordSize} bytes: the size in 8-byte words, rounded up. */
    public static int attributeOffsetFor(int recordSize) {
        return (recordSize + 7) / 8;
    }

    /** Distance in bytes between consecutive records of a GetTableResp ({@code AttributeOffset * 8}). */
    public int recordStride() {
        return attributeOffset * 8;
    }

    /** Decodes the record at data byte 0 of this (single, non-RMPP) MAD. */
    public <T extends Attribute> T record(BiFunction<byte[], Integer, T> decoder) {
        return decoder.apply(data, 0);
    }

    public boolean rmppActive() {
        return (rmppFlags & RMPP_FLAG_ACTIVE) != 0;
    }

    /** Data1 of an RMPP DATA segment. */
    public long segmentNumber() {
        return data1;
    }

    /** Data2 of an RMPP DATA segment: PayloadLength. */
    public long payloadLength() {
        return data2;
    }

    /** Data2 of an RMPP ACK: NewWindowLast. */
    public long newWindowLast() {
        return data2;
    }

    @Override
    public byte[] data() {
        return data.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SaMad s
                && header.equals(s.header)
                && rmppVersion == s.rmppVersion
                && rmppType == s.rmppType
                && rRespTime == s.rRespTime
                && rmppFlags == s.rmppFlags
                && rmppStatus == s.rmppStatus
                && data1 == s.data1
                && data2 == s.data2
                && smKey == s.smKey
                && attributeOffset == s.attributeOffset
                && reserved368 == s.reserved368
                && componentMask == s.componentMask
                && Arrays.equals(data, s.data);
    }

    @Override
    public int hashCode() {
        return encode().hashCode();
    }

    @Override
    public String toString() {
        return "SaMad[header=" + header + ", rmppVersion=" + rmppVersion + ", rmppType=" + rmppType + ", rRespTime="
                + rRespTime + ", rmppFlags=" + rmppFlags + ", rmppStatus=" + rmppStatus + ", data1=" + data1
                + ", data2=" + data2 + String.format(", smKey=0x%016X", smKey) + ", attributeOffset="
                + attributeOffset + ", reserved368=" + reserved368
                + String.format(", componentMask=0x%016X", componentMask) + ", data=" + RawBytes.hex(data) + "]";
    }
}
