package dev.ibmesh.runtime.time;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/** A {@link Scheduler} on a single-threaded executor: real time, tasks on the executor's thread. */
public final class ExecutorScheduler implements Scheduler {
    private final ScheduledExecutorService executor;

    public ExecutorScheduler(ScheduledExecutorService executor) {
        this.executor = executor;
    }

    @Override
    public long nanoTime() {
        return System.nanoTime();
    }

    @Override
    public Cancellable schedule(long delayNanos, Runnable task) {
        ScheduledFuture<?> f = executor.schedule(task, delayNanos, TimeUnit.NANOSECONDS);
        return () -> f.cancel(false);
    }
}
