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
 * {@code max_wire_smps}, 4 by default there), the rest queued in order. An SMP unanswered in time is sent again with
 * the same TransactionID, as the kernel's MAD layer resends, so a slow answer to an earlier send still counts; it
 * fails with {@link MadTimeoutException} once it was resent {@code retries} times and has waited
 * {@code timeout * (retries + 1) * patience} in all: with patience 1, OpenSM's worst case ({@code transaction_timeout}
 * 200 ms, {@code transaction_retries} 3). How long each send waits is learned from the answers ({@link AnswerTimer}),
 * at most {@code timeout}: over a lossy link an SMP is tried many more times in the same time, so a sweep gets
 * through.
 *
 * <p>A Set or Get with a bad status is an answer, not a failure: the caller reads {@link DrSmp#status()}.
 *
 * <p>Threading: any thread may send. Futures complete on the port's thread; callers wait on their own thread.
 */
public final class SmpDispatcher {
    private final MadPort port;
    private final long mKey;
    private final int window;
    private final int retries;
    private final long budgetNanos;
    private final AnswerTimer timer;
    private volatile int patience = 1;
    private final ArrayDeque<Job> waiting = new ArrayDeque<>();
    private int onWire;
    private final AtomicLong sent = new AtomicLong();
    private final AtomicLong timeouts = new AtomicLong();

    /** An SM's dispatcher whose SMPs carry no M_Key (0): what a reader of an unprotected subnet needs. */
    public SmpDispatcher(MadPort port, int window, Duration timeout, int retries) {
        this(port, window, timeout, retries, 0);
    }

    /** @param mKey the M_Key every SMP carries (IBA 14.2.4: a port whose M_Key is not 0 checks it) */
    public SmpDispatcher(MadPort port, int window, Duration timeout, int retries, long mKey) {
        if (window < 1) {
            throw new IllegalArgumentException("window must be at least 1, was " + window);
        }
        if (retries < 0) {
            throw new IllegalArgumentException("retries must not be negative, was " + retries);
        }
        this.port = port;
        this.mKey = mKey;
        this.window = window;
        this.retries = retries;
        this.budgetNanos = timeout.toNanos() * (retries + 1);
        this.timer = new AnswerTimer(timeout.toNanos());
    }

    /** SubnGet(attribute) along {@code path}. */
    public CompletableFuture<DrSmp> get(int attributeId, int modifier, DrPath path) {
        return submit(Method.GET, attributeId, modifier, new byte[0], path, mKey);
    }

    /** SubnSet(attribute) along {@code path}, carrying {@code data}. */
    public CompletableFuture<DrSmp> set(int attributeId, int modifier, byte[] data, DrPath path) {
        return submit(Method.SET, attributeId, modifier, data, path, mKey);
    }

    /**
     * SubnSet(attribute) along {@code path} carrying {@code mKey} instead of this SM's own: the key another SM left on
     * the port, to take the port over ({@link dev.ibmesh.sm.activation.MKeyTakeover}).
     */
    public CompletableFuture<DrSmp> set(int attributeId, int modifier, byte[] data, DrPath path, long mKey) {
        return submit(Method.SET, attributeId, modifier, data, path, mKey);
    }

    /**
     * Lets every SMP sent from now on wait {@code factor} times as long in all before it fails (1: OpenSM's worst
     * case). The SM raises it after a sweep that lost answers, so the next one gets through a lossy link.
     */
    public void patience(int factor) {
        if (factor < 1) {
            throw new IllegalArgumentException("patience must be at least 1, was " + factor);
        }
        this.patience = factor;
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

    private CompletableFuture<DrSmp> submit(
            int method, int attributeId, int modifier, byte[] data, DrPath path, long key) {
        Job job = new Job(method, attributeId, modifier, data, path.hops(), key, new CompletableFuture<>());
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
            start(job);
        }
        return job.answer;
    }

    /** Encodes {@code job}'s SMP with a new TransactionID, once: every resend is the same MAD. */
    private void start(Job job) {
        DrSmp smp = DrSmp.outbound(
                job.method, port.newTransactionId(), job.attributeId, job.modifier, job.mKey, job.data, job.path);
        transmit(job, HostMad.smp(DrSmp.PERMISSIVE_LID, smp.encode()), 0, System.nanoTime());
    }

    /** Sends attempt {@code attempt} of {@code job}'s {@code request}; it was first sent at {@code firstSent}. */
    private void transmit(Job job, HostMad request, int attempt, long firstSent) {
        sent.incrementAndGet();
        long wait = timer.timeoutNanos();
        long sentAt = System.nanoTime();
        port.request(request, Duration.ofNanos(wait)).whenComplete((answer, failure) -> {
            Throwable cause = failure instanceof CompletionException c ? c.getCause() : failure;
            long now = System.nanoTime();
            if (cause instanceof MadTimeoutException) {
                timeouts.incrementAndGet();
                if (attempt < retries || now - firstSent + timer.timeoutNanos() <= budgetNanos * patience) {
                    transmit(job, request, attempt + 1, firstSent);
                    return;
                }
            } else if (cause == null && attempt == 0) {
                timer.answered(now - sentAt); // only a first send's answer times a round trip (Karn's rule)
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
            start(job);
        }
    }

    private record Job(
            int method,
            int attributeId,
            int modifier,
            byte[] data,
            int[] path,
            long mKey,
            CompletableFuture<DrSmp> answer) {}
}
