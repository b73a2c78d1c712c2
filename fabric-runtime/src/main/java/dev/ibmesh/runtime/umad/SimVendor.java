package dev.ibmesh.runtime.umad;

/**
 * The GET_VENDOR reply, {@code struct sim_vendor} of ibsim's {@code include/ibsim.h} (24 bytes, host order; the
 * 64-bit fw_ver is aligned to 8, so 4 bytes of padding precede it). ibsim fills it from NodeInfo (VendorID, DeviceID,
 * Revision) and a firmware version of 1 ({@code ibsim.c sim_ctl_get_vendor}); umad2sim turns it into the sysfs files
 * {@code fw_ver} and {@code hw_rev}.
 *
 * <pre>
 *    0 | vendor_id      (u32)  NodeInfo.VendorID
 *    4 | vendor_part_id (u32)  NodeInfo.DeviceID
 *    8 | hw_ver         (u32)  NodeInfo.Revision
 *   12 | padding        (4 bytes, zero)
 *   16 | fw_ver         (u64)
 * </pre>
 */
public record SimVendor(int vendorId, int vendorPartId, int hwVersion, long fwVersion) {
    public static final int SIZE = 24;

    public static SimVendor decode(byte[] data) {
        return new SimVendor(
                (int) LittleEndian.u32(data, 0),
                (int) LittleEndian.u32(data, 4),
                (int) LittleEndian.u32(data, 8),
                LittleEndian.u64(data, 16));
    }

    public byte[] encode() {
        byte[] b = new byte[SIZE];
        LittleEndian.put32(b, 0, vendorId);
        LittleEndian.put32(b, 4, vendorPartId);
        LittleEndian.put32(b, 8, hwVersion);
        LittleEndian.put64(b, 16, fwVersion);
        return b;
    }
}
