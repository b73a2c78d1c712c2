package dev.ibmesh.runtime.umad;

import dev.ibmesh.wire.Bits;

/**
 * The GET_GID reply (16 bytes), as ibsim builds it ({@code ibsim.c sim_ctl_get_gid}): the port's GidPrefix copied
 * from PortInfo in network order, then the node GUID copied from a host-order {@code uint64_t}, so on x86-64 the
 * second half is little-endian. The mix is ibsim's; it is kept byte for byte, so a client written against ibsim reads
 * the same values here. umad2sim never asks for it (it builds the sysfs GID from NodeInfo and PortInfo).
 *
 * <pre>
 *    0 | GidPrefix (8 bytes, big-endian)
 *    8 | node GUID (8 bytes, little-endian)
 * </pre>
 */
public record SimGid(long prefix, long nodeGuid) {
    public static final int SIZE = 16;

    public static SimGid decode(byte[] data) {
        return new SimGid(Bits.u64(data, 0), LittleEndian.u64(data, 8));
    }

    public byte[] encode() {
        byte[] b = new byte[SIZE];
        Bits.put64(b, 0, prefix);
        LittleEndian.put64(b, 8, nodeGuid);
        return b;
    }
}
