package dev.ibmesh.runtime.umad;

/**
 * The GET_PORT reply, {@code struct sim_port} of ibsim's {@code include/ibsim.h} (4 bytes, host order): the port's
 * base LID and PortState ({@code ibsim.c sim_ctl_get_port}). umad2sim never asks for it; other clients may.
 *
 * <pre>
 *    0 | lid   (u16)  PortInfo.LID
 *    2 | state (u8)   PortInfo.PortState (1 Down .. 4 Active)
 *    3 | padding
 * </pre>
 */
public record SimPort(int lid, int state) {
    public static final int SIZE = 4;

    public static SimPort decode(byte[] data) {
        return new SimPort(LittleEndian.u16(data, 0), LittleEndian.u8(data, 2));
    }

    public byte[] encode() {
        byte[] b = new byte[SIZE];
        LittleEndian.put16(b, 0, lid);
        b[2] = (byte) state;
        return b;
    }
}
