package dev.ibmesh.runtime.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.internal.ContextInternal;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A local link's inbox that a peer keeps full runs in turns of {@link LocalLinkEnd#EVENTS_PER_TURN} events, and
 * between two turns the Vert.x event loop takes its due timers (and polls its sockets) on a real Vert.x loop.
 */
class LoopContinuationTest {
    private static final int EVENTS = 20 * LocalLinkEnd.EVENTS_PER_TURN;

    private final Vertx vertx = Vertx.vertx();

    @AfterEach
    void tearDown() throws Exception {
        vertx.close().await(10, TimeUnit.SECONDS);
    }

    @Test
    void aFullInboxLetsTheLoopsTimersRunBetweenItsTurns() throws Exception {
        Context device = vertx.getOrCreateContext();
        Executor loop = task -> device.runOnContext(v -> task.run());
        LocalLinkEnd end = new LocalLinkEnd(loop, "peer");
        int[] handled = {0};
        CompletableFuture<Integer> timerSaw = new CompletableFuture<>();
        CountDownLatch filled = new CountDownLatch(1);
        CountDownLatch loopHeld = new CountDownLatch(1);
        device.runOnContext(v -> {
            // A timer due at once, then the loop held until the inbox is full: the inbox's first turn and the timer
            // are both waiting when the loop is let go.
            ((ContextInternal) device)
                    .nettyEventLoop()
                    .schedule(() -> timerSaw.complete(handled[0]), 0, TimeUnit.NANOSECONDS);
            loopHeld.countDown();
            awaitUninterruptibly(filled);
        });
        assertTrue(loopHeld.await(10, TimeUnit.SECONDS));
        for (int i = 0; i < EVENTS; i++) {
            end.post(() -> handled[0]++);
        }
        filled.countDown();
        int seen = timerSaw.get(10, TimeUnit.SECONDS);
        assertEquals(LocalLinkEnd.EVENTS_PER_TURN, seen, "the timer ran after the inbox's first turn");
        CompletableFuture<Integer> all = new CompletableFuture<>();
        end.post(() -> all.complete(handled[0]));
        assertEquals(EVENTS, all.get(10, TimeUnit.SECONDS), "and every event ran, in turns");
    }

    private static void awaitUninterruptibly(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
