package dev.ibmesh.runtime.umad;

import dev.ibmesh.wire.Bits;
import java.util.Arrays;

/**
 * One data message, {@code struct sim_request} of ibsim's {@code include/ibsim.h}: a MAD with its addressing,
 * between a client's data socket and the client's own data port on the server (base port + 1 + client id). Every
 * datagram is exactly 288 bytes (umad2sim skips shorter ones as a "partial request"; ibsim drops other sizes).
 *
 * <p>The fields are declared {@code uint32_t} but hold network-order values: umad2sim copies the big-endian
 * {@code ib_user_mad} address fields in ({@code umad2sim.c umad2sim_write}: {@code req.dlid = umad->addr.lid},
 * {@code req.dqp = umad->addr.qpn}, {@code req.sqp = htonl(qpn)}, {@code req.length = htobe64(cnt)}) and ibsim reads
 * them with {@code ntohs}/{@code ntohl} ({@code sim_mad.c process_packet}). So a 16-bit LID sits big-endian in the
 * first two bytes of its word (the {@code __be16} stored into a little-endian {@code uint32_t}).
 *
 * <pre>
 *  byte  0        1        2        3
 *      +--------+--------+--------+--------+
 *    0 | DLID (BE16)     |   0    |   0    |  0xFFFF: permissive (directed route)
 *    4 | SLID (BE16)     |   0    |   0    |  from a client: 0 = the port's own LID, 0xFFFF with a permissive DLID
 *    8 | DQP (BE32)                        |
 *   12 | SQP (BE32)                        |
 *   16 | status (BE32): 0, or an errno (110 ETIMEDOUT: nobody answered / could not be sent)
 *   20 | padding (uint64 alignment; umad2sim leaves stack bytes here: ignored, sent as 0)
 *   24 | length (BE64): bytes of the MAD that are used, 256          |
 *   32 | mad[256]                          |
 *      ~                                   ~
 *  287 |                                   |
 *      +--------+--------+--------+--------+
 * </pre>
 *
 * umad2sim drops the SL, P_Key index, Q_Key and GRH of {@code ib_user_mad}; they are not on this wire. Immutable.
 */
public record SimRequest(int dlid, int slid, int dqp, int sqp, int status, long length, byte[] mad) {
    public static final int SIZE = 288;
    public static final int MAD_OFFSET = 32;
    public static final int MAD_SIZE = 256;
    /** ETIMEDOUT on Linux: the status ibsim puts on a request it could not deliver ({@code sim_mad.c}). */
    public static final int STATUS_TIMEOUT = 110;

    public SimRequest {
        Bits.checkRange("DLID", dlid, 16);
        Bits.checkRange("SLID", slid, 16);
        if (mad.length != MAD_SIZE) {
            throw new IllegalArgumentException("mad is " + MAD_SIZE + " bytes, was " + mad.length);
        }
        mad = mad.clone();
    }

    @Override
    public byte[] mad() {
        return mad.clone();
    }

    public SimRequest withStatus(int newStatus) {
        return new SimRequest(dlid, slid, dqp, sqp, newStatus, length, mad);
    }

    public byte[] encode() {
        byte[] b = new byte[SIZE];
        Bits.put16(b, 0, dlid);
        Bits.put16(b, 4, slid);
        Bits.put32(b, 8, dqp);
        Bits.put32(b, 12, sqp);
        Bits.put32(b, 16, status);
        Bits.put64(b, 24, length);
        System.arraycopy(mad, 0, b, MAD_OFFSET, MAD_SIZE);
        return b;
    }

    /**
     * Decodes a data datagram. Bytes of the MAD past {@code length} are zeroed (umad2sim leaves whatever was on its
     * stack there).
     *
     * @throws SimProtocolException {@link SimReject#BAD_REQUEST_SIZE} when not 288 bytes,
     *                              {@link SimReject#BAD_MAD_LENGTH} when length is 0 or above 256
     */
    public static SimRequest decode(byte[] b) throws SimProtocolException {
        if (b.length != SIZE) {
            throw new SimProtocolException(
                    SimReject.BAD_REQUEST_SIZE, "a data message is " + SIZE + " bytes, got " + b.length);
        }
        long length = Bits.u64(b, 24);
        if (length <= 0 || length > MAD_SIZE) {
            throw new SimProtocolException(
                    SimReject.BAD_MAD_LENGTH,
                    "length must be 1.." + MAD_SIZE + ", was " + Long.toUnsignedString(length));
        }
        byte[] mad = Arrays.copyOfRange(b, MAD_OFFSET, MAD_OFFSET + MAD_SIZE);
        Arrays.fill(mad, (int) length, MAD_SIZE, (byte) 0);
        return new SimRequest(
                Bits.u16(b, 0), Bits.u16(b, 4), Bits.u32(b, 8), Bits.u32(b, 12), Bits.u32(b, 16), length, mad);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SimRequest r
                && dlid == r.dlid
                && slid == r.slid
                && dqp == r.dqp
                && sqp == r.sqp
                && status == r.status
                && length == r.length
                && Arrays.equals(mad, r.mad);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(mad) * 31 + dlid;
    }

    @Override
    public String toString() {
        return String.format(
                "SimRequest[dlid=0x%04X slid=0x%04X dqp=%d sqp=%d status=%d length=%d]",
                dlid, slid, dqp, sqp, status, length);
    }
}
