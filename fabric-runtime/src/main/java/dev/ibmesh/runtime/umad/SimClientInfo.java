package dev.ibmesh.runtime.umad;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The CONNECT payload both ways, {@code struct sim_client_info} of ibsim's {@code include/ibsim.h} (44 bytes at the
 * start of {@link SimCtl}'s data, host order).
 *
 * <pre>
 *  byte  0        1        2        3
 *      +--------+--------+--------+--------+
 *    0 | id: request - the client's data port (UDP mode; its pid in ibsim's UNIX-socket mode)
 *      |     reply   - the client id the server gave (0 .. max clients - 1)
 *    4 | qp: 0 from umad2sim                |
 *    8 | issm: 1 when SIM_SET_ISSM was set   |
 *   12 | nodeid[32]: request - SIM_HOST (NUL-terminated, at most 31 bytes; empty for the default port)
 *      ~           reply   - the node name the client is attached at
 *   43 |                                   |
 *      +--------+--------+--------+--------+
 * </pre>
 *
 * umad2sim ({@code sim_client.c sim_connect}) sends len 44 and warns "attached as client N at node X" when the reply's
 * name differs from its SIM_HOST. Immutable.
 *
 * @param id     see the diagram (unsigned 32 bits)
 * @param nodeId the name, decoded as UTF-8 up to the first NUL
 */
public record SimClientInfo(int id, int qp, int isSm, String nodeId) {
    public static final int SIZE = 44;
    public static final int NODE_ID_SIZE = 32;

    public SimClientInfo {
        if (nodeId.getBytes(StandardCharsets.UTF_8).length > NODE_ID_SIZE - 1) {
            throw new IllegalArgumentException("nodeid is at most " + (NODE_ID_SIZE - 1) + " bytes: " + nodeId);
        }
    }

    /** A name that fits: at most 31 bytes of UTF-8, cut on a character boundary. */
    public static String fit(String name) {
        String s = name;
        while (s.getBytes(StandardCharsets.UTF_8).length > NODE_ID_SIZE - 1) {
            s = s.substring(0, s.length() - 1);
        }
        return s;
    }

    public boolean wantsSm() {
        return isSm != 0;
    }

    public static SimClientInfo decode(byte[] data) {
        int end = 12;
        while (end < 12 + NODE_ID_SIZE && data[end] != 0) {
            end++;
        }
        String name =
                new String(Arrays.copyOfRange(data, 12, Math.min(end, 12 + NODE_ID_SIZE - 1)), StandardCharsets.UTF_8);
        return new SimClientInfo(
                (int) LittleEndian.u32(data, 0),
                (int) LittleEndian.u32(data, 4),
                (int) LittleEndian.u32(data, 8),
                fit(name));
    }

    /** The 44 bytes, NUL-padded. */
    public byte[] encode() {
        byte[] b = new byte[SIZE];
        LittleEndian.put32(b, 0, id);
        LittleEndian.put32(b, 4, qp);
        LittleEndian.put32(b, 8, isSm);
        byte[] name = nodeId.getBytes(StandardCharsets.UTF_8);
        System.arraycopy(name, 0, b, 12, name.length);
        return b;
    }
}
