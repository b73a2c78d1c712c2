package dev.ibmesh.runtime.umad;

import java.util.Arrays;

/**
 * One control message, {@code struct sim_ctl} of ibsim's {@code include/ibsim.h}: the same 80 bytes go both ways on
 * the control port (the server's base port, 7070 by default). The client writes a request and blocks reading the
 * reply ({@code umad2sim/sim_client.c sim_ctl()}), which is the request with its type kept and its data filled in,
 * or its type set to {@link SimCtlType#ERROR}. Integers are host-order (little-endian here, see
 * {@link LittleEndian}).
 *
 * <pre>
 *  byte  0        1        2        3
 *      +--------+--------+--------+--------+
 *    0 | magic 0xDEADBEEF  (EF BE AD DE)   |
 *    4 | clientid: the id CONNECT gave     |
 *    8 | type: {@link SimCtlType}                   |
 *   12 | len: bytes of data the type uses  |
 *   16 | data[64]                          |
 *      ~                                   ~
 *   79 |                                   |
 *      +--------+--------+--------+--------+
 * </pre>
 *
 * Immutable; {@link #data()} returns a copy. Not tied to a thread.
 *
 * @param clientId the client id (unsigned 32 bits)
 * @param type     the message type (unsigned 32 bits; unknown values are kept)
 * @param len      the len field (unsigned 32 bits, as received)
 */
public record SimCtl(int magic, int clientId, int type, int len, byte[] data) {
    /** {@code SIM_MAGIC}. */
    public static final int MAGIC = 0xDEADBEEF;
    /** {@code sizeof(struct sim_ctl)}. */
    public static final int SIZE = 80;

    public static final int HEADER_SIZE = 16;
    /** {@code SIM_CTL_MAX_DATA}. */
    public static final int DATA_SIZE = 64;

    public SimCtl {
        if (data.length > DATA_SIZE) {
            throw new IllegalArgumentException("control data is at most " + DATA_SIZE + " bytes, was " + data.length);
        }
        data = Arrays.copyOf(data, DATA_SIZE);
    }

    /** A well-formed request or reply. */
    public static SimCtl of(int clientId, int type, byte[] data, int len) {
        return new SimCtl(MAGIC, clientId, type, len, data);
    }

    @Override
    public byte[] data() {
        return data.clone();
    }

    /** The same message with new data (a reply's payload); header fields unchanged. */
    public SimCtl withData(byte[] replyData) {
        return new SimCtl(magic, clientId, type, len, replyData);
    }

    /** The error reply to this request: the request echoed with type {@link SimCtlType#ERROR} (ibsim sim_ctl()). */
    public SimCtl error() {
        return new SimCtl(magic, clientId, SimCtlType.ERROR, len, data);
    }

    /** The clientid as ibsim reads it: an unsigned 32-bit number. */
    public long clientIdUnsigned() {
        return Integer.toUnsignedLong(clientId);
    }

    public byte[] encode() {
        byte[] b = new byte[SIZE];
        LittleEndian.put32(b, 0, magic);
        LittleEndian.put32(b, 4, clientId);
        LittleEndian.put32(b, 8, type);
        LittleEndian.put32(b, 12, len);
        System.arraycopy(data, 0, b, HEADER_SIZE, DATA_SIZE);
        return b;
    }

    /**
     * Reads only the 16-byte header and whatever data there is, without judging the size: the server uses it to
     * answer a wrong-sized message with an error reply.
     *
     * @throws SimProtocolException {@link SimReject#TRUNCATED_HEADER} below 16 bytes, {@link SimReject#BAD_MAGIC}
     */
    public static SimCtl decodeLenient(byte[] b) throws SimProtocolException {
        if (b.length < HEADER_SIZE) {
            throw new SimProtocolException(
                    SimReject.TRUNCATED_HEADER,
                    "a control message has a " + HEADER_SIZE + "-byte header, got " + b.length + " bytes");
        }
        int magic = (int) LittleEndian.u32(b, 0);
        if (magic != MAGIC) {
            throw new SimProtocolException(
                    SimReject.BAD_MAGIC, String.format("magic must be 0x%08X, was 0x%08X", MAGIC, magic));
        }
        byte[] data = Arrays.copyOfRange(b, HEADER_SIZE, Math.min(b.length, SIZE));
        return new SimCtl(
                magic, (int) LittleEndian.u32(b, 4), (int) LittleEndian.u32(b, 8), (int) LittleEndian.u32(b, 12), data);
    }

    /**
     * Decodes a control datagram.
     *
     * @throws SimProtocolException {@link SimReject#TRUNCATED_HEADER}, {@link SimReject#BAD_MAGIC},
     *                              {@link SimReject#BAD_SIZE} (not exactly 80 bytes), {@link SimReject#BAD_LENGTH}
     *                              (len above 64)
     */
    public static SimCtl decode(byte[] b) throws SimProtocolException {
        SimCtl ctl = decodeLenient(b);
        if (b.length != SIZE) {
            throw new SimProtocolException(
                    SimReject.BAD_SIZE, "a control message is " + SIZE + " bytes, got " + b.length);
        }
        if (Integer.compareUnsigned(ctl.len, DATA_SIZE) > 0) {
            throw new SimProtocolException(
                    SimReject.BAD_LENGTH,
                    "len must be at most " + DATA_SIZE + ", was " + Integer.toUnsignedString(ctl.len));
        }
        return ctl;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SimCtl c
                && magic == c.magic
                && clientId == c.clientId
                && type == c.type
                && len == c.len
                && Arrays.equals(data, c.data);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(data) * 31 + type;
    }

    @Override
    public String toString() {
        return "SimCtl[" + SimCtlType.name(type) + " client=" + Integer.toUnsignedString(clientId) + " len="
                + Integer.toUnsignedString(len) + "]";
    }
}
