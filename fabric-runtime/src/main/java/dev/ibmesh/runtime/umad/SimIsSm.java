package dev.ibmesh.runtime.umad;

/**
 * The SET_ISSM payload (4 bytes): an {@code int}, non-zero when the client takes the SM role on its port
 * ({@code sim_client.c sim_client_set_sm}; umad2sim sends 1 when a program opens {@code /dev/infiniband/issmN} and 0
 * when it closes it). The reply echoes it. ibsim sets or clears CapabilityMask.IsSM of the port
 * ({@code ibsim.c set_issm}).
 */
public record SimIsSm(int value) {
    public static final int SIZE = 4;

    public boolean isSm() {
        return value != 0;
    }

    public static SimIsSm decode(byte[] data) {
        return new SimIsSm((int) LittleEndian.u32(data, 0));
    }

    public byte[] encode() {
        byte[] b = new byte[SIZE];
        LittleEndian.put32(b, 0, value);
        return b;
    }
}
