package dev.ibmesh.trace;

import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.Flushable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/**
 * Writes {@link TraceRecord}s as a classic pcap file with linktype 197 (LINKTYPE_ERF), the format Mellanox ibdump
 * writes and Wireshark dissects as InfiniBand. The file is the 24-byte {@link PcapFileHeader} (nanosecond magic,
 * little-endian, snaplen 65535) followed by one pcap record per packet:
 *
 * <pre>
 * offset size field
 *  0      4   pcap ts_sec   (little-endian) seconds since the epoch
 *  4      4   pcap ts_nsec  (little-endian) nanoseconds within the second
 *  8      4   pcap incl_len (little-endian) = 16 + packet length
 * 12      4   pcap orig_len (little-endian) = incl_len
 * 16      8   ERF timestamp (little-endian) see {@link ErfTimestamp}
 * 24      1   ERF type: 21 INFINIBAND, 25 INFINIBAND_LINK; bit 7 (extension headers) = 0
 * 25      1   ERF flags: see {@link ErfFlags} (0x04 | interface, plus 0x40 for TX)
 * 26      2   ERF rlen (big-endian) = 16 + packet length
 * 28      2   ERF lctr (big-endian) = 0, no loss
 * 30      2   ERF wlen (big-endian) = packet length
 * 32      n   the packet: LRH..VCRC, or the 6-byte link packet
 * </pre>
 *
 * <p>Records are not padded to a multiple of 8: ibdump does not pad, the varying-length flag allows any rlen, and
 * Wireshark takes wlen bytes either way. Port names go to {@link PortLabelSidecar} on {@link #close()}; each port
 * has at most one name per file. Output goes through a {@link BufferedOutputStream}. Not thread-safe: use one
 * writer from one thread at a time.
 */
public final class ErfTraceWriter implements Closeable, Flushable {
    static final int PCAP_RECORD_HEADER = 16;
    static final int ERF_HEADER = 16;
    /** The longest packet whose ERF rlen still fits 16 bits. */
    public static final int MAX_PACKET = 0xFFFF - ERF_HEADER;

    private final OutputStream out;
    private final Path trace;
    private final Map<Integer, String> names = new TreeMap<>();
    private boolean closed;

    /** Creates (or truncates) {@code trace} and writes the pcap file header; port names go to the sidecar. */
    public static ErfTraceWriter create(Path trace) throws IOException {
        return new ErfTraceWriter(Files.newOutputStream(trace), trace);
    }

    /** Writes to a stream, which this writer closes; records with port names are refused, as there is no sidecar. */
    public ErfTraceWriter(OutputStream out) throws IOException {
        this(out, null);
    }

    private ErfTraceWriter(OutputStream out, Path trace) throws IOException {
        this.out = new BufferedOutputStream(out);
        this.trace = trace;
        try {
            this.out.write(PcapFileHeader.forWriting().encode());
        } catch (IOException e) {
            out.close();
            throw e;
        }
    }

    /**
     * Appends one record.
     *
     * @throws IllegalArgumentException if the packet is longer than {@link #MAX_PACKET}, the timestamp is outside
     *                                  {@code 0..}{@link ErfTimestamp#MAX_NANOS}, or the port name differs from
     *                                  the name this port already has in the file (or there is no sidecar)
     */
    public void write(TraceRecord record) throws IOException {
        if (closed) {
            throw new IOException("trace writer is closed");
        }
        int length = record.length();
        if (length > MAX_PACKET) {
            throw new IllegalArgumentException("packet of " + length + " bytes exceeds the ERF maximum " + MAX_PACKET);
        }
        long erfTimestamp = ErfTimestamp.fromNanos(record.timestampNanos());
        PortLabel port = record.port();
        bindName(port);
        int recordLength = ERF_HEADER + length;
        ByteBuffer header = ByteBuffer.allocate(PCAP_RECORD_HEADER + ERF_HEADER)
                .order(ByteOrder.LITTLE_ENDIAN)
                .putInt((int) (record.timestampNanos() / 1_000_000_000L))
                .putInt((int) (record.timestampNanos() % 1_000_000_000L))
                .putInt(recordLength)
                .putInt(recordLength)
                .putLong(erfTimestamp)
                .order(ByteOrder.BIG_ENDIAN)
                .put((byte) record.type().code())
                .put((byte) ErfFlags.encode(port.interfaceNumber(), record.direction()))
                .putShort((short) recordLength)
                .putShort((short) 0)
                .putShort((short) length);
        out.write(header.array());
        out.write(record.packet());
    }

    private void bindName(PortLabel port) {
        if (port.name() == null) {
            return;
        }
        if (trace == null) {
            throw new IllegalArgumentException(
                    "port name \"" + port.name() + "\" needs a sidecar file: " + "use ErfTraceWriter.create(Path)");
        }
        String bound = names.putIfAbsent(port.interfaceNumber(), port.name());
        if (bound != null && !bound.equals(port.name())) {
            throw new IllegalArgumentException("interface " + port.interfaceNumber() + " is already named \"" + bound
                    + "\" in this trace, not \"" + port.name() + "\"");
        }
    }

    @Override
    public void flush() throws IOException {
        out.flush();
    }

    /** Flushes and closes the file, then writes (or removes) the port-name sidecar. Closing twice does nothing. */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        out.close();
        if (trace != null) {
            PortLabelSidecar.write(trace, names);
        }
    }
}
