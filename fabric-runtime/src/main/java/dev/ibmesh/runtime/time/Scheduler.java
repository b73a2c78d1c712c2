package dev.ibmesh.runtime.time;

/**
 * The one clock and timer interface of a device (ACK timeouts, RNR waits, HOQ lifetime, reconnect backoff, SM
 * sweeps all go through it), so tests can drive time and measure what a device waited. Tasks run on the device's
 * event loop.
 */
public interface Scheduler {
    /** Monotonic time in nanoseconds. */
    long nanoTime();

    /** Runs {@code task} after at least {@code delayNanos}; the handle cancels it. */
    Cancellable schedule(long delayNanos, Runnable task);

    @FunctionalInterface
    interface Cancellable {
        void cancel();
    }
}
