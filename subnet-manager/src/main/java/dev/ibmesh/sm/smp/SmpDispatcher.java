package dev.ibmesh.sm.smp;

import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.Method;
import dev.ibmesh.runtime.agent.HostMad;
import dev.ibmesh.runtime.madport.MadPort;
import dev.ibmesh.runtime.madport.MadTimeoutException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The SM's directed-route SMPs on its {@link MadPort}: at most {@code window} on the wire at once (OpenSM's
 * {@code max_wire_smps}, 4 by default there), the rest queued in order; an SMP unanswered within the timeout is sent
 * again with a new TransactionID, up to {@code retries} times (OpenSM: {@code transaction_timeout} 200 ms,
 * {@code transaction_retries} 3), and then fails with {@link MadTimeoutException}.
 *
 * <p>A Set or Get with a bad status is an answer, not a failure: the caller reads {@link DrSmp#status()}.
 *
 * <p>Threading: any thread may send. Futures complete on the port's thread; callers wait on their own thread.
 */
public final class SmpDispatcher {
    private final MadPort port;
    private final int window;
    private final Duration timeout;
    private final int retries;
    private final ArrayDeque<Job> waiting = new ArrayDeque<>();
    private int onWire;
    private final AtomicLong sent = new AtomicLong();
    private final AtomicLong timeouts = new AtomicLong();

    public SmpDispatcher(MadPort port, int window, Duration timeout, int retries) {
        if (window < 1) {
            throw new IllegalArgumentException("window must be at least 1, was " + window);
        }
        if (retries < 0) {
            throw new IllegalArgumentException("retries must not be negative, was " + retries);
        }
        this.port = port;
        this.window = window;
        this.timeout = timeout;
        this.retries = retries;
    }

    /** SubnGet(attribute) along {@code path}. */
    public CompletableFuture<DrSmp> get(int attributeId, int modifier, DrPath path) {
        return submit(Method.GET, attributeId, modifier, new byte[0], path);
    }

    /** SubnSet(attribute) along {@code path}, carrying {@code data}. */
    public CompletableFuture<DrSmp> set(int attributeId, int modifier, byte[] data, DrPath path) {
        return submit(Method.SET, attributeId, modifier, data, path);
    }

    /** SMPs put on the wire, resends included. */
    public long sent() {
        return sent.get();
    }

    /** SMPs that went unanswered within the timeout (each resend that followed counts in {@link #sent}). */
    public long timeouts() {
        return timeouts.get();
    }

    public MadPort port() {
        return port;
    }

    private CompletableFuture<DrSmp> submit(int method, int attributeId, int modifier, byte[] data, DrPath path) {
        Job job = new Job(method, attributeId, modifier, data, path.hops(), new CompletableFuture<>());
        boolean start;
        synchronized (this) {
            start = onWire < window;
            if (start) {
                onWire++;
            } else {
                waiting.add(job);
            }
        }
        if (start) {
            transmit(job, 0);
        }
        return job.answer;
    }

    private void transmit(Job job, int attempt) {
        sent.incrementAndGet();
        DrSmp smp = DrSmp.outbound(
                job.method, port.newTransactionId(), job.attributeId, job.modifier, 0, job.data, job.path);
        port.request(HostMad.smp(DrSmp.PERMISSIVE_LID, smp.encode()), timeout).whenComplete((answer, failure) -> {
            Throwable cause = failure instanceof CompletionException c ? c.getCause() : failure;
            if (cause instanceof MadTimeoutException) {
                timeouts.incrementAndGet();
                if (attempt < retries) {
                    transmit(job, attempt + 1);
                    return;
                }
            }
            if (cause != null) {
                job.answer.completeExceptionally(cause);
            } else {
                job.answer.complete(DrSmp.decode(answer.mad()));
            }
            next();
        });
    }

    /** Frees the finished SMP's place on the wire for the next one waiting. */
    private void next() {
        Job job;
        synchronized (this) {
            job = waiting.poll();
            if (job == null) {
                onWire--;
            }
        }
        if (job != null) {
            transmit(job, 0);
        }
    }

    private record Job(
            int method, int attributeId, int modifier, byte[] data, int[] path, CompletableFuture<DrSmp> answer) {}
}
