package dev.ibmesh.trace;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The 24-byte classic pcap file header, in the byte order its magic number reveals.
 *
 * <pre>
 * offset size field
 *  0      4   magic: 0xA1B2C3D4 = microsecond record timestamps, 0xA1B23C4D = nanosecond
 *  4      2   version major = 2
 *  6      2   version minor = 4
 *  8      4   thiszone (GMT offset) = 0
 * 12      4   sigfigs = 0
 * 16      4   snaplen: maximum captured bytes per record
 * 20      4   linktype: 197 = LINKTYPE_ERF (upper 16 bits may carry FCS information and are ignored)
 * </pre>
 *
 * This package writes the nanosecond magic, little-endian. It reads either magic in either byte order, as real
 * captures (Mellanox ibdump writes microsecond files) may be. pcapng is not supported.
 *
 * @param order      byte order of every multi-byte field in the header and in the record headers
 * @param nanosecond whether record timestamps count nanoseconds rather than microseconds
 * @param snaplen    unsigned 32-bit snaplen
 */
record PcapFileHeader(ByteOrder order, boolean nanosecond, long snaplen) {
    static final int SIZE = 24;
    static final int MAGIC_MICROS = 0xA1B2C3D4;
    static final int MAGIC_NANOS = 0xA1B23C4D;
    static final int LINKTYPE_ERF = 197;
    /** The largest record: a 16-bit ERF rlen, plus 16 bytes of slack for writers that count the header twice. */
    static final int MAX_RECORD = 0xFFFF + 16;

    private static final int PCAPNG_MAGIC = 0x0A0D0D0A;

    /** What {@link ErfTraceWriter} writes: nanosecond, little-endian, snaplen 65535 (the largest ERF rlen). */
    static PcapFileHeader forWriting() {
        return new PcapFileHeader(ByteOrder.LITTLE_ENDIAN, true, 0xFFFF);
    }

    byte[] encode() {
        return ByteBuffer.allocate(SIZE)
                .order(order)
                .putInt(nanosecond ? MAGIC_NANOS : MAGIC_MICROS)
                .putShort((short) 2)
                .putShort((short) 4)
                .putInt(0)
                .putInt(0)
                .putInt((int) snaplen)
                .putInt(LINKTYPE_ERF)
                .array();
    }

    /** Parses and checks a complete 24-byte header. */
    static PcapFileHeader parse(byte[] b, String source) throws TraceFormatException {
        ByteBuffer buf = ByteBuffer.wrap(b).order(ByteOrder.BIG_ENDIAN);
        int magic = buf.getInt(0);
        ByteOrder order = ByteOrder.BIG_ENDIAN;
        if (magic != MAGIC_MICROS && magic != MAGIC_NANOS) {
            magic = Integer.reverseBytes(magic);
            order = ByteOrder.LITTLE_ENDIAN;
        }
        if (magic != MAGIC_MICROS && magic != MAGIC_NANOS) {
            String what = buf.getInt(0) == PCAPNG_MAGIC ? " (this is pcapng, which is not supported)" : "";
            throw new TraceFormatException(
                    source,
                    0,
                    String.format(
                            "bad magic 0x%08X, expected a classic pcap file (0xA1B2C3D4 or 0xA1B23C4D)%s",
                            buf.getInt(0), what));
        }
        buf.order(order);
        int major = Short.toUnsignedInt(buf.getShort(4));
        int minor = Short.toUnsignedInt(buf.getShort(6));
        if (major != 2) {
            throw new TraceFormatException(
                    source, 4, "unsupported pcap version " + major + "." + minor + ", expected 2.4");
        }
        int linktype = buf.getInt(20) & 0xFFFF;
        if (linktype != LINKTYPE_ERF) {
            throw new TraceFormatException(
                    source, 20, "unsupported linktype " + linktype + ", expected 197 (LINKTYPE_ERF)");
        }
        return new PcapFileHeader(order, magic == MAGIC_NANOS, Integer.toUnsignedLong(buf.getInt(16)));
    }

    /** The largest captured length a record may claim: the snaplen, capped at {@link #MAX_RECORD}; 0 means no cap. */
    long recordLimit() {
        return snaplen == 0 ? MAX_RECORD : Math.min(snaplen, MAX_RECORD);
    }
}
