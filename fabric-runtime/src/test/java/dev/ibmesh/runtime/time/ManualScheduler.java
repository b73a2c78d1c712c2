package dev.ibmesh.runtime.time;

import java.util.ArrayList;
import java.util.List;

/** Time stands still until the test moves it; timers run when it does. */
public final class ManualScheduler implements Scheduler {
    private long now;
    private final List<long[]> due = new ArrayList<>();
    private final List<Runnable> tasks = new ArrayList<>();

    @Override
    public long nanoTime() {
        return now;
    }

    @Override
    public Cancellable schedule(long delayNanos, Runnable task) {
        due.add(new long[] {now + delayNanos});
        tasks.add(task);
        int i = tasks.size() - 1;
        return () -> tasks.set(i, null);
    }

    /** Moves time on by {@code nanos}, running every timer that falls due (and those they schedule in time). */
    public void advance(long nanos) {
        now += nanos;
        for (int i = 0; i < tasks.size(); i++) {
            Runnable t = tasks.get(i);
            if (t != null && due.get(i)[0] <= now) {
                tasks.set(i, null);
                t.run();
            }
        }
    }
}
