package dev.ibmesh.mad.sa;

import dev.ibmesh.mad.Attribute;
import dev.ibmesh.wire.Bits;
import java.util.Arrays;

/**
 * SA InformInfoRecord (attribute 0x00F3, 60 bytes; a GetTableResp pads each to 64, AttributeOffset 8): one InformInfo
 * subscription as the SA keeps it.
 *
 * <pre>
 *  bit   0 SubscriberGID (128) | 128 Enum (16) | 144 reserved (48)
 *  bit 192 InformInfo (36 bytes, {@link InformInfo})
 * </pre>
 *
 * Sources: opensm {@code ib_inform_info_record_t} (subscriber_gid, subscriber_enum, reserved[6], inform_info, then 4
 * pad bytes that are not part of the IBA record) and {@code IB_IIR_COMPMASK_*}.
 */
public record InformInfoRecord(byte[] subscriberGid, int enumeration, long reserved144, InformInfo informInfo)
        implements Attribute {
    public static final int ATTRIBUTE_ID = 0x00F3;
    public static final int SIZE = 60;

    public static final long COMP_SUBSCRIBER_GID = 1L << 0;
    public static final long COMP_ENUM = 1L << 1;

    public InformInfoRecord {
        subscriberGid = RawBytes.copy("SubscriberGID", subscriberGid, 16);
        Bits.checkRange("Enum", enumeration, 16);
        Bits.checkRange("reserved144", reserved144, 48);
        if (informInfo == null) {
            throw new IllegalArgumentException("InformInfo must not be null");
        }
    }

    public static InformInfoRecord decode(byte[] b, int off) {
        return new InformInfoRecord(
                Arrays.copyOfRange(b, off, off + 16),
                Bits.u16(b, off + 16),
                Bits.get(b, off, 144, 48),
                InformInfo.decode(b, off + 24));
    }

    @Override
    public void encode(byte[] b, int off) {
        System.arraycopy(subscriberGid, 0, b, off, 16);
        Bits.put16(b, off + 16, enumeration);
        Bits.put(b, off, 144, 48, reserved144);
        informInfo.encode(b, off + 24);
    }

    @Override
    public byte[] subscriberGid() {
        return subscriberGid.clone();
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
        return o instanceof InformInfoRecord r && Arrays.equals(toBytes(), r.toBytes());
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(toBytes());
    }

    @Override
    public String toString() {
        return "InformInfoRecord[subscriberGid=" + RawBytes.hex(subscriberGid) + ", enum=" + enumeration
                + ", informInfo=" + informInfo + "]";
    }
}
