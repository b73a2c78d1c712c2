package dev.ibmesh.runtime.umad;

/**
 * The GET_GUID reply (8 bytes): the node GUID as a host-order {@code uint64_t}, little-endian here (ibsim
 * {@code ibsim.c sim_ctl_get_guid} copies {@code node->nodeguid}). It is the node's GUID, not the port's, as in
 * ibsim. umad2sim never asks for it.
 */
public record SimGuid(long guid) {
    public static final int SIZE = 8;

    public static SimGuid decode(byte[] data) {
        return new SimGuid(LittleEndian.u64(data, 0));
    }

    public byte[] encode() {
        byte[] b = new byte[SIZE];
        LittleEndian.put64(b, 0, guid);
        return b;
    }
}
