package dev.ibmesh.tester.bench;

import dev.ibmesh.trace.Direction;
import dev.ibmesh.trace.ErfTraceWriter;
import dev.ibmesh.trace.ErfType;
import dev.ibmesh.trace.PortLabel;
import dev.ibmesh.trace.TraceRecord;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Every frame that crossed the tester's port during one procedure run, with its time: the evidence a verdict rests
 * on. Times come from one clock: nanoseconds since the run began ({@link #now()}), so what a procedure measures
 * (the gap between an RNR NAK and the DUT's retry) is what the trace file shows. Link (flow-control) packets are
 * kept only when asked for: on an idle link they would drown the rest.
 *
 * <p>Threading: frames arrive on the tester device's event loop, readers run on the procedure's thread; every
 * method is synchronized.
 */
public final class Trace {
    /** Sees each frame as it is recorded (on the device's event loop: must not block). */
    @FunctionalInterface
    public interface Listener {
        void frame(int index, Frame frame);
    }

    /**
     * One recorded frame.
     *
     * @param index its number in the trace, from 0 (what the step log refers to)
     * @param nanos nanoseconds since the run began
     */
    public record Frame(int index, long nanos, Direction direction, boolean link, byte[] bytes) {}

    private final long epochNanosAtStart;
    private final long monotonicAtStart;
    private final boolean keepLinkPackets;
    private final String portName;
    private final List<Frame> frames = new ArrayList<>();
    private final List<Listener> listeners = new ArrayList<>();

    public Trace(String portName, boolean keepLinkPackets) {
        Instant now = Instant.now();
        this.monotonicAtStart = System.nanoTime();
        this.epochNanosAtStart = now.getEpochSecond() * 1_000_000_000L + now.getNano();
        this.portName = portName;
        this.keepLinkPackets = keepLinkPackets;
    }

    /** Nanoseconds since the run began. */
    public long now() {
        return System.nanoTime() - monotonicAtStart;
    }

    public synchronized void listen(Listener listener) {
        listeners.add(listener);
    }

    /** Records a frame (the array must not change afterwards); returns it, or null when link packets are left out. */
    public synchronized Frame record(Direction direction, boolean link, byte[] bytes) {
        if (link && !keepLinkPackets) {
            return null;
        }
        Frame f = new Frame(frames.size(), now(), direction, link, bytes);
        frames.add(f);
        for (Listener l : listeners) {
            l.frame(f.index(), f);
        }
        return f;
    }

    public synchronized List<Frame> frames() {
        return List.copyOf(frames);
    }

    /** The wall-clock time of a frame, in nanoseconds since the epoch. */
    public long epochNanos(Frame f) {
        return epochNanosAtStart + f.nanos();
    }

    /** Writes the trace as a pcap file of ERF records (what Wireshark and {@code ibmesh decode} open). */
    public synchronized void write(Path file) throws IOException {
        try (ErfTraceWriter w = ErfTraceWriter.create(file)) {
            PortLabel label = new PortLabel(0, portName);
            for (Frame f : frames) {
                w.write(new TraceRecord(
                        epochNanos(f),
                        label,
                        f.direction(),
                        f.link() ? ErfType.INFINIBAND_LINK : ErfType.INFINIBAND,
                        f.bytes()));
            }
        }
    }
}
