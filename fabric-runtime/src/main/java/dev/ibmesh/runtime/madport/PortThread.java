package dev.ibmesh.runtime.madport;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The own thread of a {@link MadPort} that no device's event loop runs (a wire outside this JVM's fabric, a gateway's
 * client): it keeps the port's state, runs its timers and completes its futures and listeners. A timer cancelled
 * leaves its queue at once, so requests answered long before their timeout hold nothing.
 */
public final class PortThread {
    private static final Duration CLOSE_WAIT = Duration.ofSeconds(2);

    private final String name;
    private final ScheduledThreadPoolExecutor executor;
    /** The thread, once the executor started it. */
    private volatile Thread own;

    /** A daemon thread called "madport-" + {@code portName}. */
    public PortThread(String portName) {
        this.name = "madport-" + portName;
        this.executor = (ScheduledThreadPoolExecutor) Executors.newScheduledThreadPool(1, r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            own = t;
            return t;
        });
        executor.setRemoveOnCancelPolicy(true);
    }

    /** The thread as an executor with timers (for a scheduler or a gRPC channel). */
    public ScheduledExecutorService executor() {
        return executor;
    }

    /** Runs {@code task} on the thread; false when the thread is gone (the port was closed): it will never run. */
    public boolean execute(Runnable task) {
        try {
            executor.execute(task);
            return true;
        } catch (RejectedExecutionException e) {
            return false;
        }
    }

    /**
     * Runs {@code task} on the thread unless the port is gone: then {@code result} fails with what {@code gone} names,
     * or, when the thread itself is gone, with {@code closed}. Called on the thread itself (a timeout's handler that
     * sends again), it runs at once, before whatever the thread has queued: a resend with the same TransactionID is
     * then waiting before a late response to the first send is dispatched, and that response answers it, instead of
     * arriving unmatched and leaving the resend to be answered (perhaps refused) on its own.
     */
    public void run(
            CompletableFuture<?> result,
            Supplier<Optional<RuntimeException>> gone,
            Supplier<RuntimeException> closed,
            Runnable task) {
        Runnable guarded = () -> {
            Optional<RuntimeException> why = gone.get();
            if (why.isPresent()) {
                result.completeExceptionally(why.get());
            } else {
                task.run();
            }
        };
        if (Thread.currentThread() == own) {
            guarded.run();
        } else if (!execute(guarded)) {
            result.completeExceptionally(closed.get());
        }
    }

    /**
     * Runs {@code last} on the thread, then lets the thread end; waits for that briefly, unless called on the thread
     * itself (a listener that closes its port).
     */
    public void shutdownAfter(Runnable last) {
        boolean closing = execute(() -> {
            last.run();
            executor.shutdown();
        });
        if (closing && !Thread.currentThread().getName().equals(name)) {
            try {
                executor.awaitTermination(CLOSE_WAIT.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
