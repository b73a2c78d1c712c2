package dev.ibmesh.mad.sa;

import dev.ibmesh.mad.Attribute;
import dev.ibmesh.wire.Bits;
import java.util.Arrays;

/**
 * InformInfo (attribute 0x0003, 36 bytes): a subscription to Notices (SubnAdmSet(InformInfo) to the SA).
 *
 * <pre>
 *  bit   0 GID (128)
 *  bit 128 LIDRangeBegin (16) | 144 LIDRangeEnd (16) | 160 reserved (16)
 *  bit 176 IsGeneric (8)      | 184 Subscribe (8)
 *  bit 192 Type (16)          | 208 TrapNumber (generic) / DeviceID (vendor) (16)
 *  bit 224 QPN (24)           | 248 reserved (3) | 251 RespTimeValue (5)
 *  bit 256 reserved (8)       | 264 ProducerType (generic) / VendorID (vendor) (24)
 * </pre>
 *
 * The generic and vendor forms differ only in how bits 208-223 and 264-287 are named, selected by IsGeneric
 * (1 = generic). Both are one record here; {@link #generic} and {@link #vendor} build each form and the accessors
 * {@link #trapNumber()}, {@link #producerType()}, {@link #deviceId()}, {@link #vendorId()} read it. In requests,
 * 0xFFFF (Type, TrapNumber, DeviceID, LIDRangeBegin) and 0xFFFFFF (ProducerType, VendorID) match everything.
 * Sources: opensm {@code ib_inform_info_t} (generic/vend union; qpn_resp_time_val: QPN bits 31-8, RespTimeValue bits
 * 4-0) and {@code osm_inform.c} matching rules; rdma-core {@code iba_types.h}.
 */
public record InformInfo(
        byte[] gid,
        int lidRangeBegin,
        int lidRangeEnd,
        int reserved160,
        int isGeneric,
        int subscribe,
        int type,
        int trapNumberDeviceId,
        int qpn,
        int reserved248,
        int respTimeValue,
        int reserved256,
        int producerTypeVendorId)
        implements Attribute {
    public static final int ATTRIBUTE_ID = 0x0003;
    public static final int SIZE = 36;
    public static final int ALL_16 = 0xFFFF;
    public static final int ALL_24 = 0xFFFFFF;

    public InformInfo {
        gid = RawBytes.copy("GID", gid, 16);
        Bits.checkRange("LIDRangeBegin", lidRangeBegin, 16);
        Bits.checkRange("LIDRangeEnd", lidRangeEnd, 16);
        Bits.checkRange("reserved160", reserved160, 16);
        Bits.checkRange("IsGeneric", isGeneric, 8);
        Bits.checkRange("Subscribe", subscribe, 8);
        Bits.checkRange("Type", type, 16);
        Bits.checkRange(isGeneric != 0 ? "TrapNumber" : "DeviceID", trapNumberDeviceId, 16);
        Bits.checkRange("QPN", qpn, 24);
        Bits.checkRange("reserved248", reserved248, 3);
        Bits.checkRange("RespTimeValue", respTimeValue, 5);
        Bits.checkRange("reserved256", reserved256, 8);
        Bits.checkRange(isGeneric != 0 ? "ProducerType" : "VendorID", producerTypeVendorId, 24);
    }

    /** A generic subscription (IsGeneric = 1), reserved bits zero. */
    public static InformInfo generic(
            byte[] gid,
            int lidRangeBegin,
            int lidRangeEnd,
            boolean subscribe,
            int type,
            int trapNumber,
            int qpn,
            int respTimeValue,
            int producerType) {
        return new InformInfo(
                gid,
                lidRangeBegin,
                lidRangeEnd,
                0,
                1,
                subscribe ? 1 : 0,
                type,
                trapNumber,
                qpn,
                0,
                respTimeValue,
                0,
                producerType);
    }

    /** A vendor subscription (IsGeneric = 0), reserved bits zero. */
    public static InformInfo vendor(
            byte[] gid,
            int lidRangeBegin,
            int lidRangeEnd,
            boolean subscribe,
            int type,
            int deviceId,
            int qpn,
            int respTimeValue,
            int vendorId) {
        return new InformInfo(
                gid,
                lidRangeBegin,
                lidRangeEnd,
                0,
                0,
                subscribe ? 1 : 0,
                type,
                deviceId,
                qpn,
                0,
                respTimeValue,
                0,
                vendorId);
    }

    public static InformInfo decode(byte[] b, int off) {
        return new InformInfo(
                Arrays.copyOfRange(b, off, off + 16),
                Bits.u16(b, off + 16),
                Bits.u16(b, off + 18),
                Bits.u16(b, off + 20),
                Bits.u8(b, off + 22),
                Bits.u8(b, off + 23),
                Bits.u16(b, off + 24),
                Bits.u16(b, off + 26),
                Bits.u24(b, off + 28),
                Bits.getInt(b, off, 248, 3),
                Bits.getInt(b, off, 251, 5),
                Bits.u8(b, off + 32),
                Bits.u24(b, off + 33));
    }

    @Override
    public void encode(byte[] b, int off) {
        System.arraycopy(gid, 0, b, off, 16);
        Bits.put16(b, off + 16, lidRangeBegin);
        Bits.put16(b, off + 18, lidRangeEnd);
        Bits.put16(b, off + 20, reserved160);
        Bits.put8(b, off + 22, isGeneric);
        Bits.put8(b, off + 23, subscribe);
        Bits.put16(b, off + 24, type);
        Bits.put16(b, off + 26, trapNumberDeviceId);
        Bits.put24(b, off + 28, qpn);
        Bits.put(b, off, 248, 3, reserved248);
        Bits.put(b, off, 251, 5, respTimeValue);
        Bits.put8(b, off + 32, reserved256);
        Bits.put24(b, off + 33, producerTypeVendorId);
    }

    public boolean genericForm() {
        return isGeneric != 0;
    }

    public boolean subscribes() {
        return subscribe != 0;
    }

    /** TrapNumber of a generic InformInfo. */
    public int trapNumber() {
        requireForm(true, "TrapNumber");
        return trapNumberDeviceId;
    }

    /** ProducerType of a generic InformInfo (1 CA, 2 switch, 3 router, 4 class manager). */
    public int producerType() {
        requireForm(true, "ProducerType");
        return producerTypeVendorId;
    }

    /** DeviceID of a vendor InformInfo. */
    public int deviceId() {
        requireForm(false, "DeviceID");
        return trapNumberDeviceId;
    }

    /** VendorID of a vendor InformInfo. */
    public int vendorId() {
        requireForm(false, "VendorID");
        return producerTypeVendorId;
    }

    private void requireForm(boolean wantGeneric, String field) {
        if (genericForm() != wantGeneric) {
            throw new IllegalStateException(field + " exists only in a " + (wantGeneric ? "generic" : "vendor")
                    + " InformInfo (IsGeneric=" + isGeneric + ")");
        }
    }

    @Override
    public byte[] gid() {
        return gid.clone();
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
        return o instanceof InformInfo r && Arrays.equals(toBytes(), r.toBytes());
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(toBytes());
    }

    @Override
    public String toString() {
        return "InformInfo[gid=" + RawBytes.hex(gid) + ", lidRangeBegin=" + lidRangeBegin + ", lidRangeEnd="
                + lidRangeEnd + ", reserved160=" + reserved160 + ", isGeneric=" + isGeneric + ", subscribe="
                + subscribe + ", type=" + type + ", trapNumberDeviceId=" + trapNumberDeviceId + ", qpn=" + qpn
                + ", reserved248=" + reserved248 + ", respTimeValue=" + respTimeValue + ", reserved256="
                + reserved256 + String.format(", producerTypeVendorId=0x%06X]", producerTypeVendorId);
    }
}
