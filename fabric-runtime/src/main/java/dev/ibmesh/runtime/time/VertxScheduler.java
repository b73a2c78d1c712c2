package dev.ibmesh.runtime.time;

import io.vertx.core.Context;

/** Real time, with timers on a device's Vert.x context. */
public final class VertxScheduler implements Scheduler {
    private final Context context;

    public VertxScheduler(Context context) {
        this.context = context;
    }

    @Override
    public long nanoTime() {
        return System.nanoTime();
    }

    @Override
    public Cancellable schedule(long delayNanos, Runnable task) {
        long ms = Math.max(1, (delayNanos + 999_999) / 1_000_000);
        long[] id = {-1};
        boolean[] cancelled = {false};
        context.runOnContext(v -> {
            if (!cancelled[0]) {
                id[0] = context.owner().setTimer(ms, t -> task.run());
            }
        });
        return () -> context.runOnContext(v -> {
            cancelled[0] = true;
            if (id[0] >= 0) {
                context.owner().cancelTimer(id[0]);
            }
        });
    }
}
