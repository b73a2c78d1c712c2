package dev.ibmesh.trace;

import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;

/**
 * Reads a classic pcap file with linktype 197 (LINKTYPE_ERF) one record at a time: files written by
 * {@link ErfTraceWriter}, and also microsecond and big-endian files such as ibdump captures. Each pcap record is a
 * 16-byte pcap record header (ts_sec, ts_frac, incl_len, orig_len, in the file's byte order) and incl_len bytes of
 * ERF record:
 *
 * <pre>
 * offset size field
 *  0      8   ERF timestamp (little-endian), the record's time; the pcap timestamp is ignored
 *  8      1   type in bits 0-6, bit 7 = extension headers follow
 *  9      1   flags: interface and direction as in {@link ErfFlags}
 * 10      2   rlen (big-endian), ignored: incl_len frames the record
 * 12      2   lctr (big-endian), ignored
 * 14      2   wlen (big-endian), the packet length
 * 16    8*k   extension headers, skipped; bit 7 of each one's first byte says another follows
 * 16+8k       the packet: min(wlen, bytes left) bytes; anything after it (alignment padding) is skipped
 * </pre>
 *
 * <p>Every problem is a {@link TraceFormatException} naming the file offset: a missing file, bad magic, a linktype
 * other than 197, a truncated header or record, a record longer than the snaplen (capped at 65535 + 16, so a bogus
 * length never allocates more than that). {@link #next()} returns the records before a damaged one and then
 * throws, again on every later call. Not thread-safe.
 */
public final class ErfTraceReader implements Closeable {
    private static final int PCAP_RECORD_HEADER = 16;
    private static final int ERF_HEADER = 16;
    private static final int EXTENSION_HEADER = 8;

    private final InputStream in;
    private final String source;
    private final PcapFileHeader header;
    private final Map<Integer, String> names;
    private long offset;
    private TraceFormatException failure;

    /** Opens {@code trace} and reads its file header; port names come from its {@link PortLabelSidecar}, if any. */
    public static ErfTraceReader open(Path trace) throws TraceFormatException {
        String source = trace.toString();
        InputStream in;
        try {
            in = Files.newInputStream(trace);
        } catch (NoSuchFileException e) {
            throw new TraceFormatException(source, 0, "no such file", e);
        } catch (IOException | RuntimeException e) {
            throw new TraceFormatException(source, 0, "cannot open: " + e, e);
        }
        Map<Integer, String> names;
        try {
            names = PortLabelSidecar.read(trace);
        } catch (TraceFormatException e) {
            closeAfterFailure(in, e);
            throw e;
        }
        return new ErfTraceReader(in, source, names);
    }

    /**
     * Reads the file header from a stream, which this reader closes (at once, if the header is bad); ports have no
     * names.
     *
     * @param source names the stream in error messages
     */
    public ErfTraceReader(InputStream in, String source) throws TraceFormatException {
        this(in, source, Map.of());
    }

    private ErfTraceReader(InputStream in, String source, Map<Integer, String> names) throws TraceFormatException {
        this.in = new BufferedInputStream(in);
        this.source = source;
        this.names = names;
        try {
            this.header = readFileHeader();
        } catch (TraceFormatException e) {
            closeAfterFailure(this.in, e);
            throw e;
        }
    }

    private PcapFileHeader readFileHeader() throws TraceFormatException {
        byte[] b = new byte[PcapFileHeader.SIZE];
        int n = read(b, b.length);
        if (n < b.length) {
            throw error(
                    0,
                    n == 0
                            ? "empty file, expected a 24-byte pcap header"
                            : "truncated pcap file header: " + n + " of 24 bytes");
        }
        return PcapFileHeader.parse(b, source);
    }

    /**
     * The next record, or {@code null} at a clean end of file.
     *
     * @throws TraceFormatException if the record at the current offset is damaged; later calls throw it again
     */
    public TraceRecord next() throws TraceFormatException {
        if (failure != null) {
            throw failure;
        }
        try {
            return readRecord();
        } catch (TraceFormatException e) {
            failure = e;
            throw e;
        }
    }

    private TraceRecord readRecord() throws TraceFormatException {
        long start = offset;
        byte[] pcapHeader = new byte[PCAP_RECORD_HEADER];
        int n = read(pcapHeader, pcapHeader.length);
        if (n == 0) {
            return null;
        }
        if (n < pcapHeader.length) {
            throw error(start, "truncated record header: " + n + " of 16 bytes");
        }
        long captured = Integer.toUnsignedLong(
                ByteBuffer.wrap(pcapHeader).order(header.order()).getInt(8));
        if (captured > header.recordLimit()) {
            throw error(
                    start,
                    "record length " + captured + " exceeds "
                            + (header.recordLimit() == header.snaplen()
                                    ? "snaplen " + header.snaplen()
                                    : "the ERF maximum " + PcapFileHeader.MAX_RECORD));
        }
        if (captured < ERF_HEADER) {
            throw error(start, "record length " + captured + " is shorter than the 16-byte ERF header");
        }
        byte[] erf = new byte[(int) captured];
        int got = read(erf, erf.length);
        if (got < erf.length) {
            throw error(start, "truncated record: " + got + " of " + captured + " bytes after the record header");
        }
        return decode(erf, start + PCAP_RECORD_HEADER);
    }

    private TraceRecord decode(byte[] erf, long erfOffset) throws TraceFormatException {
        ByteBuffer b = ByteBuffer.wrap(erf);
        long timestamp = b.order(ByteOrder.LITTLE_ENDIAN).getLong(0);
        int typeByte = erf[8] & 0xFF;
        int flags = erf[9] & 0xFF;
        int wireLength = Short.toUnsignedInt(b.order(ByteOrder.BIG_ENDIAN).getShort(14));
        int payload = ERF_HEADER;
        boolean more = (typeByte & 0x80) != 0;
        while (more) {
            if (payload + EXTENSION_HEADER > erf.length) {
                throw error(
                        erfOffset + payload,
                        "ERF extension header runs past the end of its " + erf.length + "-byte record");
            }
            more = (erf[payload] & 0x80) != 0;
            payload += EXTENSION_HEADER;
        }
        int length = Math.min(wireLength, erf.length - payload);
        int iface = ErfFlags.interfaceNumber(flags);
        return new TraceRecord(
                ErfTimestamp.toNanos(timestamp),
                new PortLabel(iface, names.get(iface)),
                ErfFlags.direction(flags),
                new ErfType(typeByte & 0x7F),
                Arrays.copyOfRange(erf, payload, payload + length));
    }

    /** Reads up to {@code length} bytes, fewer only at end of file; advances {@link #offset}. */
    private int read(byte[] b, int length) throws TraceFormatException {
        int n = 0;
        try {
            while (n < length) {
                int r = in.read(b, n, length - n);
                if (r < 0) {
                    break;
                }
                n += r;
            }
        } catch (IOException e) {
            throw error(offset + n, "read failed: " + e, e);
        } finally {
            offset += n;
        }
        return n;
    }

    private TraceFormatException error(long at, String problem) {
        return new TraceFormatException(source, at, problem);
    }

    private TraceFormatException error(long at, String problem, Throwable cause) {
        return new TraceFormatException(source, at, problem, cause);
    }

    private static void closeAfterFailure(InputStream in, TraceFormatException failure) {
        try {
            in.close();
        } catch (IOException e) {
            failure.addSuppressed(e);
        }
    }

    @Override
    public void close() throws TraceFormatException {
        try {
            in.close();
        } catch (IOException e) {
            throw error(offset, "close failed: " + e, e);
        }
    }
}
