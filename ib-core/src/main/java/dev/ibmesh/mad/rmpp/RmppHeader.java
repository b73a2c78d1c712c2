package dev.ibmesh.mad.rmpp;

import dev.ibmesh.wire.Bits;

/**
 * The RMPP header, bytes 24-35 of a MAD of a class that uses the Reliable Multi-Packet Protocol (IBA 13.6.2.1):
 *
 * <pre>
 *  24 RMPPVersion | 25 RMPPType | 26 RRespTime (5 bits) RMPPFlags (3 bits) | 27 RMPPStatus
 *  28-31 Data1: SegmentNumber (DATA, ACK)
 *  32-35 Data2: PayloadLength (DATA) or NewWindowLast (ACK)
 * </pre>
 *
 * Reads and writes the fields in place on a 256-byte MAD, so the senders and receivers never copy a segment to look
 * at it.
 */
public final class RmppHeader {
    public static final int OFFSET = 24;
    /** Where the class header (or, for classes without one, the data) starts. */
    public static final int END = 36;

    public static final int VERSION = 1;

    public static final int TYPE_NONE = 0;
    public static final int TYPE_DATA = 1;
    public static final int TYPE_ACK = 2;
    public static final int TYPE_STOP = 3;
    public static final int TYPE_ABORT = 4;

    public static final int FLAG_ACTIVE = 0x1;
    public static final int FLAG_FIRST = 0x2;
    public static final int FLAG_LAST = 0x4;

    /** RRespTime "no time value given". */
    public static final int NO_RESP_TIME = 0x1F;

    /** RMPPStatus (IBA 13.6.2.1, Table "RMPP Status Field"). */
    public static final int STATUS_NORMAL = 0;

    public static final int STATUS_RESOURCES_EXHAUSTED = 1;
    public static final int STATUS_TOTAL_TIME_TOO_LONG = 118;
    public static final int STATUS_INCONSISTENT_LAST = 119;
    public static final int STATUS_INCONSISTENT_FIRST = 120;
    public static final int STATUS_BAD_TYPE = 121;
    public static final int STATUS_WINDOW_TOO_SMALL = 122;
    public static final int STATUS_SEGMENT_TOO_BIG = 123;
    public static final int STATUS_ILLEGAL_STATUS = 124;
    public static final int STATUS_UNSUPPORTED_VERSION = 125;
    public static final int STATUS_TOO_MANY_RETRIES = 126;
    public static final int STATUS_UNSPECIFIED = 127;

    private RmppHeader() {}

    public static int type(byte[] mad) {
        return Bits.u8(mad, OFFSET + 1);
    }

    public static int flags(byte[] mad) {
        return Bits.getInt(mad, 0, 213, 3);
    }

    public static int status(byte[] mad) {
        return Bits.u8(mad, OFFSET + 3);
    }

    /** Data1: the SegmentNumber of a DATA or ACK. */
    public static long segmentNumber(byte[] mad) {
        return Bits.u32(mad, OFFSET + 4) & 0xFFFF_FFFFL;
    }

    /** Data2: PayloadLength of a DATA, NewWindowLast of an ACK. */
    public static long data2(byte[] mad) {
        return Bits.u32(mad, OFFSET + 8) & 0xFFFF_FFFFL;
    }

    /** RMPPFlags.Active is set: the MAD is part of an RMPP transfer. */
    public static boolean active(byte[] mad) {
        return (flags(mad) & FLAG_ACTIVE) != 0;
    }

    /** An ACK, STOP or ABORT of an RMPP transfer: what the transfer's two ends say to each other about it. */
    public static boolean isControl(byte[] mad) {
        int type = type(mad);
        return active(mad) && (type == TYPE_ACK || type == TYPE_STOP || type == TYPE_ABORT);
    }

    /** A DATA segment of an RMPP transfer. */
    public static boolean isData(byte[] mad) {
        return active(mad) && type(mad) == TYPE_DATA;
    }

    /** Writes the whole header. */
    public static void write(byte[] mad, int type, int flags, int status, long data1, long data2) {
        Bits.put8(mad, OFFSET, VERSION);
        Bits.put8(mad, OFFSET + 1, type);
        Bits.put(mad, 0, 208, 5, NO_RESP_TIME);
        Bits.put(mad, 0, 213, 3, flags);
        Bits.put8(mad, OFFSET + 3, status);
        Bits.put32(mad, OFFSET + 4, (int) data1);
        Bits.put32(mad, OFFSET + 8, (int) data2);
    }
}
