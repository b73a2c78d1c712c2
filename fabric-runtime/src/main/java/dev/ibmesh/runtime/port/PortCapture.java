package dev.ibmesh.runtime.port;

import dev.ibmesh.trace.Direction;
import dev.ibmesh.trace.ErfTraceWriter;
import dev.ibmesh.trace.ErfType;
import dev.ibmesh.trace.FrameFilter;
import dev.ibmesh.trace.PortLabel;
import dev.ibmesh.trace.TraceRecord;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;

/**
 * Writes the frames a port sends and receives that its {@link FrameFilter} keeps to a pcap/ERF trace that Wireshark
 * and {@code ibmesh decode} open, with the port's name as the trace's port label. Runs on the port's event loop; the writer buffers, so a frame
 * costs a copy into the buffer, and the file is flushed when the capture stops.
 */
public final class PortCapture implements FrameTap, AutoCloseable {
    private final ErfTraceWriter writer;
    private final PortLabel label;
    private final FrameFilter filter;
    private long seen;
    private long frames;
    private IOException failure;

    public PortCapture(Path file, String portName, FrameFilter filter) throws IOException {
        this.writer = ErfTraceWriter.create(file);
        this.label = new PortLabel(0, portName);
        this.filter = filter;
    }

    @Override
    public void frame(Port port, Direction direction, ErfType type, byte[] bytes) {
        seen++;
        if (failure != null || !filter.keep(type, bytes)) {
            return;
        }
        try {
            Instant now = Instant.now();
            writer.write(new TraceRecord(
                    now.getEpochSecond() * 1_000_000_000L + now.getNano(), label, direction, type, bytes));
            frames++;
        } catch (IOException e) {
            // A full disk must not take the port down: stop writing and report it when the capture stops.
            failure = e;
        }
    }

    /** Frames written. */
    public long frames() {
        return frames;
    }

    /** Frames the port sent or received while capturing, written or not. */
    public long seen() {
        return seen;
    }

    /** Flushes and closes the trace; fails if any write failed. */
    @Override
    public void close() throws IOException {
        writer.close();
        if (failure != null) {
            throw new IOException(
                    "capture stopped writing after " + frames + " frames: " + failure.getMessage(), failure);
        }
    }
}
