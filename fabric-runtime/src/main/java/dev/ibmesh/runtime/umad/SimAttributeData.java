package dev.ibmesh.runtime.umad;

import java.util.Arrays;

/**
 * The replies that carry SMP attribute bytes unchanged (network order, as the SMA would answer them) in the 64-byte
 * control data, and the GET_PORTINFO request's port number ({@code ibsim.c sim_ctl_get_nodeinfo},
 * {@code sim_ctl_get_portinfo}, {@code sim_ctl_get_pkeys}; umad2sim {@code dev_sysfs_create} reads them with
 * libibmad's field accessors).
 *
 * <pre>
 *   GET_NODEINFO  reply    0..39  NodeInfo (IBA 14.2.5.3), 40..63 zero
 *   GET_PORTINFO  request  0      port number: 0 (or one the node lacks) = the client's port
 *                 reply    0..63  PortInfo (IBA 14.2.5.6)
 *   GET_PKEYS     reply    0..63  P_Key table block 0: 32 big-endian P_Keys, entries at or past PartitionCap zero
 * </pre>
 */
public final class SimAttributeData {
    private SimAttributeData() {}

    /** The attribute bytes zero-padded (or cut) to the 64 bytes of control data. */
    public static byte[] reply(byte[] attribute) {
        return Arrays.copyOf(attribute, SimCtl.DATA_SIZE);
    }

    /** P_Key block 0 with the entries at or past {@code partitionCap} zeroed, as ibsim copies only that many. */
    public static byte[] pKeys(byte[] block0, int partitionCap) {
        byte[] b = reply(block0);
        int keep = Math.max(0, Math.min(SimCtl.DATA_SIZE, partitionCap * 2));
        Arrays.fill(b, keep, SimCtl.DATA_SIZE, (byte) 0);
        return b;
    }

    /** The GET_PORTINFO request's port number (byte 0 of the data). */
    public static int requestedPort(byte[] data) {
        return data[0] & 0xFF;
    }

    /** The data of a GET_PORTINFO request for {@code port}. */
    public static byte[] portInfoRequest(int port) {
        byte[] b = new byte[SimCtl.DATA_SIZE];
        b[0] = (byte) port;
        return b;
    }
}
