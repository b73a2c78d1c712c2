package dev.ibmesh.tester.generator;

import dev.ibmesh.tester.bench.CapturedFrame;
import dev.ibmesh.tester.bench.Exerciser;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The receive side of the exerciser (the IBTrainer's data sink mode): takes every data packet that arrives at the
 * tester's port for a QP other than 0 and 1, instead of the tester's own transport, counts them and keeps the first
 * {@code keep} with their times (the trace has all of them).
 *
 * <p>Receive capacity: the port advertises its receive buffer, 2048 blocks per VL, as credit (FCCL = ABR + free
 * blocks, IBA 7.9.4). That buffer is fixed when the port is built (PortConfig.bufferBlocksPerVl, which no topology
 * key sets), so the sink does not resize it; instead it can {@link #hold} what it receives, as a receiver that does
 * not drain: its free buffer, and so the credit it advertises, shrinks with every packet until the DUT must stop
 * sending, and {@link #release} gives it all back.
 *
 * <p>Threading: frames arrive on the tester device's event loop; every method may be called from any thread but
 * another device's event loop ({@link #start}, {@link #hold}, {@link #release} and {@link #close} wait for the
 * tester's loop to make the change, see {@link Exerciser}).
 */
public final class DataSink implements AutoCloseable {
    private final Exerciser exerciser;
    private final int keep;
    private final List<CapturedFrame> kept = new ArrayList<>();
    private final List<Waiter> waiters = new ArrayList<>();
    private long packets;
    private long bytes;

    private record Waiter(long packets, CompletableFuture<Long> reached) {}

    private DataSink(Exerciser exerciser, int keep) {
        this.exerciser = exerciser;
        this.keep = keep;
    }

    /**
     * Starts taking the tester port's data packets.
     *
     * @param keep how many to keep (the first ones); the rest are only counted
     * @param hold whether to {@link #hold} them from the start
     */
    public static DataSink start(Exerciser exerciser, int keep, boolean hold) {
        if (keep < 0) {
            throw new IllegalArgumentException("keep must not be negative, was " + keep);
        }
        DataSink sink = new DataSink(exerciser, keep);
        exerciser.hold(hold);
        exerciser.capture(sink::arrived);
        return sink;
    }

    private void arrived(CapturedFrame frame) {
        List<CompletableFuture<Long>> reached = new ArrayList<>();
        long count;
        synchronized (this) {
            count = ++packets;
            bytes += frame.bytes().length;
            if (kept.size() < keep) {
                kept.add(frame);
            }
            waiters.removeIf(w -> {
                if (w.packets() <= packets) {
                    reached.add(w.reached());
                    return true;
                }
                return false;
            });
        }
        reached.forEach(f -> f.complete(count));
    }

    /** Packets received so far. */
    public synchronized long packets() {
        return packets;
    }

    /** Their bytes, LRH through VCRC. */
    public synchronized long bytes() {
        return bytes;
    }

    /** The packets kept, in order of arrival. */
    public synchronized List<CapturedFrame> frames() {
        return List.copyOf(kept);
    }

    /** Completes (with the count) once {@code n} packets have arrived: what a caller waits on instead of sleeping. */
    public CompletableFuture<Long> awaitPackets(long n) {
        CompletableFuture<Long> reached = new CompletableFuture<>();
        long now;
        synchronized (this) {
            if (packets < n) {
                waiters.add(new Waiter(n, reached));
                return reached;
            }
            now = packets;
        }
        reached.complete(now);
        return reached;
    }

    /** Keeps the receive buffer of what arrives from now on: the credit advertised to the DUT runs out. */
    public void hold() {
        exerciser.hold(true);
    }

    /** Frees every buffer held and drains what arrives from now on. */
    public void release() {
        exerciser.hold(false);
    }

    /** Gives the packets back to the tester's transport and frees what was held. */
    @Override
    public void close() {
        exerciser.capture(null);
        exerciser.hold(false);
    }
}
