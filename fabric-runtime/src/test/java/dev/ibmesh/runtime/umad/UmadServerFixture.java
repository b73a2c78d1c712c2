package dev.ibmesh.runtime.umad;

import dev.ibmesh.runtime.time.ManualScheduler;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * A Vert.x with a {@link UmadServer} on a free block of loopback ports; closes both. The server runs on a
 * hand-driven clock: sessions fall silent and the idle sweep runs only when a test moves it ({@link #advance}).
 */
final class UmadServerFixture implements AutoCloseable {
    final Vertx vertx = Vertx.vertx();
    final UmadServer server;
    final int port;
    private final ManualScheduler clock = new ManualScheduler();
    /** The server's context, where its clock must be moved. */
    private volatile Context context;

    UmadServerFixture(UmadDirectory directory, int maxClients, Duration idleTimeout, Duration reclaimAfter) {
        this.server = deploy(directory, maxClients, idleTimeout, reclaimAfter);
        this.port = server.options().port();
    }

    /** Lets {@code time} pass for the server: its timers due by then run, on its context. */
    void advance(Duration time) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        context.runOnContext(v -> {
            clock.advance(time.toNanos());
            done.complete(null);
        });
        done.orTimeout(10, TimeUnit.SECONDS).join();
    }

    private UmadServer deploy(UmadDirectory directory, int maxClients, Duration idleTimeout, Duration reclaimAfter) {
        Exception last = null;
        for (int attempt = 0; attempt < 30; attempt++) {
            int base = ThreadLocalRandom.current().nextInt(20_000, 60_000);
            UmadServer candidate = new UmadServer(
                    new UmadServerOptions(
                            "127.0.0.1",
                            base,
                            maxClients,
                            idleTimeout,
                            reclaimAfter,
                            UmadServerOptions.DEFAULT_RESPONSE_TIMEOUT),
                    directory,
                    serverContext -> {
                        context = serverContext;
                        return clock;
                    });
            try {
                vertx.deployVerticle(candidate)
                        .toCompletionStage()
                        .toCompletableFuture()
                        .get(10, TimeUnit.SECONDS);
                return candidate;
            } catch (Exception e) {
                last = e;
            }
        }
        vertx.close();
        throw new IllegalStateException("no free block of ports for the umad server", last);
    }

    static UmadServerFixture of(UmadPort... ports) {
        StaticUmadDirectory.Builder b = StaticUmadDirectory.builder();
        for (UmadPort p : ports) {
            b.add(p.nodeName(), p.nodeName() + " description", java.util.List.of(p));
        }
        return new UmadServerFixture(
                b.build(),
                UmadServerOptions.DEFAULT_MAX_CLIENTS,
                UmadServerOptions.DEFAULT_IDLE_TIMEOUT,
                UmadServerOptions.DEFAULT_RECLAIM_AFTER);
    }

    UmadCounters counters() {
        return server.counters();
    }

    /** Waits until {@code condition} holds (the server works on its own thread). */
    static void await(String what, java.util.function.BooleanSupplier condition) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }

    @Override
    public void close() throws java.util.concurrent.ExecutionException, java.util.concurrent.TimeoutException {
        try {
            vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
