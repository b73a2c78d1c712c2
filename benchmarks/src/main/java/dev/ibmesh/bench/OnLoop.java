package dev.ibmesh.bench;

import dev.ibmesh.runtime.device.Device;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/** Running work on a device's event loop from the bench's main thread, and waiting for a condition. */
final class OnLoop {
    private OnLoop() {}

    /** Runs {@code s} on the device's loop and returns its result (10 s at most). */
    static <T> T call(Device d, Supplier<T> s) {
        CompletableFuture<T> f = new CompletableFuture<>();
        d.loop().execute(() -> {
            try {
                f.complete(s.get());
            } catch (RuntimeException e) {
                f.completeExceptionally(e);
            }
        });
        try {
            return f.get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
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
