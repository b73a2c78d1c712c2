package dev.ibmesh.runtime.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.runtime.transport.InProcessLinkTransport;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@link Device#call} and {@link Device#run}: the one way into a device's state from another thread. */
class DeviceCallTest {
    private final Vertx vertx = Vertx.vertx();
    private final ContextDevice device = new ContextDevice();

    /** A device that shows its Vert.x context. */
    private static final class ContextDevice extends RecordingDevice {
        ContextDevice() {
            super(
                    FabricTestKit.config("d", 0xD1, "d", List.of()),
                    new InProcessLinkTransport("call-" + System.nanoTime()));
        }

        Context context() {
            return context;
        }
    }

    @AfterEach
    void tearDown() throws Exception {
        vertx.close().await(10, TimeUnit.SECONDS);
    }

    private void deploy() throws Exception {
        vertx.deployVerticle(device).await(10, TimeUnit.SECONDS);
    }

    @Test
    void runsOnTheDevicesContextAndGivesTheResult() throws Exception {
        deploy();
        Context[] seen = new Context[1];
        Future<String> f = device.call(() -> {
            seen[0] = Vertx.currentContext();
            return "answer";
        });
        assertEquals("answer", f.await(10, TimeUnit.SECONDS));
        assertSame(device.context(), seen[0]);
        assertTrue(seen[0].isEventLoopContext());
    }

    @Test
    void whatTheTaskThrowsFailsTheFuture() throws Exception {
        deploy();
        Future<Object> checked = device.call(() -> {
            throw new IOException("disk full");
        });
        Future<Void> error = device.run(() -> {
            throw new AssertionError("wrong state");
        });
        assertInstanceOf(IOException.class, failure(checked));
        assertEquals("disk full", failure(checked).getMessage());
        assertInstanceOf(AssertionError.class, failure(error), "errors reach the caller too");
    }

    @Test
    void runsInlineWhenCalledOnTheLoop() throws Exception {
        deploy();
        List<String> order = device.call(() -> {
                    List<String> steps = new ArrayList<>();
                    Future<Void> inner = device.run(() -> steps.add("inner"));
                    steps.add(inner.succeeded() ? "inner done" : "inner pending");
                    return steps;
                })
                .await(10, TimeUnit.SECONDS);
        assertEquals(List.of("inner", "inner done"), order);
    }

    @Test
    void aDeviceNotStartedFailsTheFuture() {
        Future<Integer> f = device.call(() -> 1);
        assertTrue(f.failed());
        assertInstanceOf(IllegalStateException.class, f.cause());
        assertTrue(
                f.cause().getMessage().contains("d has not started"), f.cause().getMessage());
        assertTrue(device.run(() -> {}).failed());
    }

    private static Throwable failure(Future<?> f) throws InterruptedException {
        return f.toCompletionStage().handle((v, e) -> e).toCompletableFuture().join();
    }
}
