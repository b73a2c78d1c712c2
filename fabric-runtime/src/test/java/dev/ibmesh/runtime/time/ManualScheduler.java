package dev.ibmesh.runtime.time;

import java.util.PriorityQueue;

/**
 * A clock that stands still until a test moves it. Timers run when the time reaches them, in the order they fall due
 * (ties in the order they were scheduled), each seeing {@link #nanoTime()} at exactly its due time, so a test can
 * measure what a device waited.
 */
public final class ManualScheduler implements Scheduler {
    private static final class Task {
        final long due;
        final long seq;
        final Runnable run;
        boolean cancelled;

        Task(long due, long seq, Runnable run) {
            this.due = due;
            this.seq = seq;
            this.run = run;
        }
    }

    private final PriorityQueue<Task> queue =
            new PriorityQueue<>((x, y) -> x.due != y.due ? Long.compare(x.due, y.due) : Long.compare(x.seq, y.seq));
    private long now;
    private long seq;

    @Override
    public long nanoTime() {
        return now;
    }

    @Override
    public Cancellable schedule(long delayNanos, Runnable task) {
        Task t = new Task(now + Math.max(0, delayNanos), seq++, task);
        queue.add(t);
        return () -> t.cancelled = true;
    }

    /** Moves time forward by {@code nanos}, running every timer that falls due on the way (and ones they schedule). */
    public void advance(long nanos) {
        long end = now + nanos;
        for (Task t = next(); t != null && t.due <= end; t = next()) {
            queue.poll();
            now = Math.max(now, t.due);
            t.run.run();
        }
        now = end;
    }

    /** When the next live timer falls due; {@link Long#MAX_VALUE} when none is pending. */
    public long nextDue() {
        Task t = next();
        return t == null ? Long.MAX_VALUE : t.due;
    }

    /** Live timers pending. */
    public int pending() {
        return (int) queue.stream().filter(t -> !t.cancelled).count();
    }

    private Task next() {
        while (!queue.isEmpty() && queue.peek().cancelled) {
            queue.poll();
        }
        return queue.peek();
    }
}
