package dev.ibmesh.mad.sa;

import dev.ibmesh.mad.Attribute;
import dev.ibmesh.wire.Bits;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * SA ServiceRecord (attribute 0x0031, 176 bytes): a service a port offers, registered with SubnAdmSet and removed
 * with SubnAdmDelete.
 *
 * <pre>
 *  bit    0 ServiceID (64)      | 64 ServiceGID (128)
 *  bit  192 ServiceP_Key (16)   | 208 reserved (16)   | 224 ServiceLease (32, seconds; 0xFFFFFFFF for ever)
 *  bit  256 ServiceKey (128)    | 384 ServiceName (64 bytes, UTF-8, NUL padded)
 *  bit  896 ServiceData8[16]    | 1024 ServiceData16[8] | 1152 ServiceData32[4] | 1280 ServiceData64[2]
 * </pre>
 *
 * The 64 bytes of ServiceData are kept raw. Sources: opensm {@code ib_service_record_t} and {@code IB_SR_COMPMASK_*}
 * (ServiceID 0, ServiceGID 1, ServiceP_Key 2, reserved 3, ServiceLease 4, ServiceKey 5, ServiceName 6, then one bit
 * per ServiceData element: 7-22 the 8-bit, 23-30 the 16-bit, 31-34 the 32-bit, 35-36 the 64-bit).
 */
public record ServiceRecord(
        long serviceId,
        byte[] serviceGid,
        int servicePKey,
        int reserved208,
        long serviceLease,
        byte[] serviceKey,
        byte[] serviceName,
        byte[] serviceData)
        implements Attribute {
    public static final int ATTRIBUTE_ID = 0x0031;
    public static final int SIZE = 176;
    public static final int NAME_SIZE = 64;
    public static final int DATA_SIZE = 64;
    /** ServiceLease of a record that never expires. */
    public static final long INDEFINITE_LEASE = 0xFFFF_FFFFL;

    public static final long COMP_SERVICE_ID = 1L << 0;
    public static final long COMP_SERVICE_GID = 1L << 1;
    public static final long COMP_SERVICE_P_KEY = 1L << 2;
    public static final long COMP_SERVICE_LEASE = 1L << 4;
    public static final long COMP_SERVICE_KEY = 1L << 5;
    public static final long COMP_SERVICE_NAME = 1L << 6;

    public ServiceRecord {
        serviceGid = RawBytes.copy("ServiceGID", serviceGid, 16);
        Bits.checkRange("ServiceP_Key", servicePKey, 16);
        Bits.checkRange("reserved208", reserved208, 16);
        Bits.checkRange("ServiceLease", serviceLease, 32);
        serviceKey = RawBytes.copy("ServiceKey", serviceKey, 16);
        serviceName = RawBytes.copy("ServiceName", serviceName, NAME_SIZE);
        serviceData = RawBytes.copy("ServiceData", serviceData, DATA_SIZE);
    }

    /** A record named {@code name} with no key and no data. */
    public static ServiceRecord of(long serviceId, byte[] serviceGid, int servicePKey, long lease, String name) {
        return new ServiceRecord(
                serviceId,
                serviceGid,
                servicePKey,
                0,
                lease,
                new byte[16],
                Arrays.copyOf(name.getBytes(StandardCharsets.UTF_8), NAME_SIZE),
                new byte[DATA_SIZE]);
    }

    public static ServiceRecord decode(byte[] b, int off) {
        return new ServiceRecord(
                Bits.u64(b, off),
                Arrays.copyOfRange(b, off + 8, off + 24),
                Bits.u16(b, off + 24),
                Bits.u16(b, off + 26),
                Bits.u32(b, off + 28) & 0xFFFF_FFFFL,
                Arrays.copyOfRange(b, off + 32, off + 48),
                Arrays.copyOfRange(b, off + 48, off + 48 + NAME_SIZE),
                Arrays.copyOfRange(b, off + 112, off + 112 + DATA_SIZE));
    }

    @Override
    public void encode(byte[] b, int off) {
        Bits.put64(b, off, serviceId);
        System.arraycopy(serviceGid, 0, b, off + 8, 16);
        Bits.put16(b, off + 24, servicePKey);
        Bits.put16(b, off + 26, reserved208);
        Bits.put32(b, off + 28, (int) serviceLease);
        System.arraycopy(serviceKey, 0, b, off + 32, 16);
        System.arraycopy(serviceName, 0, b, off + 48, NAME_SIZE);
        System.arraycopy(serviceData, 0, b, off + 112, DATA_SIZE);
    }

    /** The same record with ServiceLease {@code lease}. */
    public ServiceRecord withLease(long lease) {
        return new ServiceRecord(
                serviceId, serviceGid, servicePKey, reserved208, lease, serviceKey, serviceName, serviceData);
    }

    /** The ServiceName up to its first NUL. */
    public String name() {
        int n = 0;
        while (n < NAME_SIZE && serviceName[n] != 0) {
            n++;
        }
        return new String(serviceName, 0, n, StandardCharsets.UTF_8);
    }

    @Override
    public byte[] serviceGid() {
        return serviceGid.clone();
    }

    @Override
    public byte[] serviceKey() {
        return serviceKey.clone();
    }

    @Override
    public byte[] serviceName() {
        return serviceName.clone();
    }

    @Override
    public byte[] serviceData() {
        return serviceData.clone();
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
        return o instanceof ServiceRecord r && Arrays.equals(toBytes(), r.toBytes());
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(toBytes());
    }

    @Override
    public String toString() {
        return String.format(
                "ServiceRecord[serviceId=0x%016X, serviceGid=%s, servicePKey=0x%04X, lease=%d, name=%s]",
                serviceId, RawBytes.hex(serviceGid), servicePKey, serviceLease, name());
    }
}
