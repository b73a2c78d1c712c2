package dev.ibmesh.bench;

import dev.ibmesh.runtime.device.Device;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;

/** Running work on a device's event loop from the bench's main thread, and waiting for a condition. */
final class OnLoop {
    private OnLoop() {}

    /** Runs {@code s} on the device's loop ({@link Device#call}) and returns its result (10 s at most). */
    static <T> T call(Device d, Callable<T> s) {
        try {
            return d.call(s).await(10, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            throw new IllegalStateException(d.name() + " did not answer", e);
        }
    }

    static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("timed out waiting for " + what);
            }
            Thread.sleep(5);
        }
    }
}
