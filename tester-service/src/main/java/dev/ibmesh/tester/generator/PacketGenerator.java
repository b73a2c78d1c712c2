package dev.ibmesh.tester.generator;

import dev.ibmesh.tester.bench.Bench;
import dev.ibmesh.tester.bench.Exerciser;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The transmit side of a hardware exerciser (the IBTrainer's) on the tester's port: sends {@link Sequence}s of any
 * packet, well formed or with {@link Fault}s, obeying or ignoring the DUT's link credits. Data packets go through
 * the port's queues and VL arbitration ({@link Exerciser#transmit}); link packets and packets the port would refuse
 * go straight onto the link ({@link Exerciser#inject}). Every packet lands in the run's trace with its time, as
 * everything the DUT answers does; what arrives for other QPs goes to a {@link DataSink} when one runs.
 *
 * <p>Threading: {@link #start} from any thread, its future completes on the tester device's event loop; {@link #send}
 * blocks its caller while the sequence leaves, and nothing else (gaps are timers on the device's clock).
 */
public final class PacketGenerator {
    /**
     * Packets handed to the port and not yet gone, at most, when there is no gap: a link message's worth (the port
     * batches up to 64 frames), far below the port's transmit queue of 1024 packets per VL, which must not overflow.
     */
    static final int WINDOW = 64;

    private final Exerciser exerciser;

    public PacketGenerator(Exerciser exerciser) {
        this.exerciser = exerciser;
    }

    /**
     * The generator on a bench's tester port.
     *
     * @throws IllegalStateException when the bench cannot send raw packets (a MAD-only backend)
     */
    public static PacketGenerator on(Bench bench) {
        return new PacketGenerator(bench.exerciser()
                .orElseThrow(() ->
                        new IllegalStateException("the bench cannot send raw packets (" + bench.description() + ")")));
    }

    public Exerciser exerciser() {
        return exerciser;
    }

    /**
     * Sends the sequence and waits until its last packet has left: the time each left, in nanoseconds on the trace's
     * clock.
     *
     * @throws GeneratorException when a packet could not be sent, or the sequence did not leave within {@code timeout}
     *                            (for instance: obeying credits the DUT never gives)
     */
    public List<Long> send(Sequence sequence, Duration timeout) {
        CompletableFuture<List<Long>> left = start(sequence);
        try {
            return left.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            throw new GeneratorException(
                    "the sequence did not leave within " + timeout.toMillis() + " ms (" + sequence + ")", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new GeneratorException("interrupted while sending", e);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof GeneratorException g
                    ? g
                    : new GeneratorException(e.getCause().toString(), e);
        }
    }

    /**
     * Starts sending the sequence: completes with the time each packet left once the last one has, or fails with a
     * {@link GeneratorException} at the first packet that could not be sent.
     *
     * @throws IllegalArgumentException when the packet cannot be built as described (a fault that does not fit it)
     */
    public CompletableFuture<List<Long>> start(Sequence sequence) {
        byte[] frame = sequence.packet().frame();
        boolean ignore = sequence.credits() == Sequence.Credits.IGNORE;
        if (ignore) {
            exerciser.ignoreCredits(true);
        }
        Run run = new Run(sequence, frame);
        run.pump();
        return ignore ? run.done.whenComplete((t, e) -> exerciser.ignoreCredits(false)) : run.done;
    }

    /** One sequence on its way. Its counters change on the caller's thread and on the event loop: synchronized. */
    private final class Run {
        private final Sequence sequence;
        private final byte[] frame;
        private final long[] left;
        private final int window;
        private final CompletableFuture<List<Long>> done = new CompletableFuture<>();
        private int next;
        private int outstanding;
        private int gone;

        Run(Sequence sequence, byte[] frame) {
            this.sequence = sequence;
            this.frame = frame;
            this.left = new long[sequence.count()];
            this.window = sequence.gap().isZero() ? WINDOW : 1;
        }

        /**
         * Hands the port as many packets as the window allows. Their futures are watched only after the window is
         * full: one that is already done runs {@link #landed} at once, which must not open the window while it is
         * being filled (that would skip the gap).
         */
        void pump() {
            Map<Integer, CompletableFuture<Long>> handed = new LinkedHashMap<>();
            synchronized (this) {
                while (!done.isDone() && next < sequence.count() && outstanding < window) {
                    outstanding++;
                    handed.put(next, emit());
                    next++;
                }
            }
            handed.forEach((index, left) -> left.whenComplete((time, failure) -> landed(index, time, failure)));
        }

        /** One packet onto the port; a copy each time, since the port keeps the array it is given. */
        private CompletableFuture<Long> emit() {
            PacketSpec p = sequence.packet();
            return p.direct()
                    ? exerciser.inject(frame.clone(), p.link(), p.endBad())
                    : exerciser.transmit(frame.clone());
        }

        private void landed(int index, Long time, Throwable failure) {
            synchronized (this) {
                if (failure != null) {
                    Throwable cause = failure instanceof CompletionException c ? c.getCause() : failure;
                    done.completeExceptionally(new GeneratorException(
                            "packet " + (index + 1) + " of " + sequence.count() + " was not sent: "
                                    + cause.getMessage(),
                            cause));
                    return;
                }
                left[index] = time;
                outstanding--;
                if (++gone == sequence.count()) {
                    done.complete(Arrays.stream(left).boxed().toList());
                    return;
                }
            }
            if (sequence.gap().isZero()) {
                pump();
            } else {
                exerciser.after(sequence.gap().toNanos()).thenRun(this::pump);
            }
        }
    }
}
