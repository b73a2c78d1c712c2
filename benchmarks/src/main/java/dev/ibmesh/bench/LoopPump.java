package dev.ibmesh.bench;

import dev.ibmesh.device.hca.verbs.WcStatus;
import dev.ibmesh.device.hca.verbs.WorkCompletion;
import dev.ibmesh.runtime.device.Device;
import io.netty.channel.EventLoop;
import io.vertx.core.Vertx;
import io.vertx.core.internal.ContextInternal;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A busy-polling application on a device's event loop, as a perftest process busy-polls its CQ: each turn runs
 * {@link #step} and queues the next turn behind whatever the loop has to do meanwhile (packets, timers), until a step
 * says it is finished. Runs only on the device's loop; {@link #await} is for the bench's main thread.
 *
 * <p>Two differences from perftest, both because the application shares the machine's cores with the emulated HCAs
 * and switch (perftest shares none with real hardware). A turn that found nothing to do yields the thread, so the
 * switch's and the other HCA's loops get the core. And the next turn is scheduled, due at once, on the loop's own
 * event loop: the loop is running (this turn is on it), so it needs no wake-up, while {@link Device#loop()} (Vert.x
 * {@code runOnContext}) would wake the selector every turn, a system call that was 10% of the CPU. A scheduled task
 * runs once per turn of the loop, after its network I/O; a task queued again and again would run to the loop's task
 * quantum (Netty: 100 ms at least) first, and starve the sockets of the device's gRPC links, which the loop serves
 * ({@link dev.ibmesh.runtime.transport.NetworkLoop}).
 */
abstract class LoopPump implements Runnable {
    /** What a turn did. */
    enum Turn {
        FINISHED,
        WORKED,
        IDLE
    }

    private final Device device;
    private final CompletableFuture<Long> finished = new CompletableFuture<>();
    private EventLoop eventLoop;

    LoopPump(Device device) {
        this.device = device;
    }

    abstract Turn step();

    /**
     * How long to wait after a turn that found nothing to do; 0 (perftest's way) polls again at once. Busy polling
     * starves the loop's timers under load (a 67 ms timer fired after a second: the loop fetches due timers only
     * between long runs of queued turns), so an application that needs the HCA's timers, such as RC retries over a
     * dead link, waits instead.
     */
    long idleWaitNanos() {
        return 0;
    }

    final void start() {
        device.run(this);
    }

    @Override
    public final void run() {
        Turn turn;
        try {
            turn = step();
        } catch (RuntimeException e) {
            finished.completeExceptionally(e);
            return;
        }
        if (turn == Turn.FINISHED) {
            finished.complete(System.nanoTime());
            return;
        }
        if (turn == Turn.IDLE && idleWaitNanos() > 0) {
            device.scheduler().schedule(idleWaitNanos(), this);
            return;
        }
        if (turn == Turn.IDLE) {
            Thread.yield();
        }
        if (eventLoop == null) {
            eventLoop = ((ContextInternal) Vertx.currentContext()).nettyEventLoop();
        }
        eventLoop.schedule(this, 0, TimeUnit.NANOSECONDS);
    }

    /** Waits for the pump to finish; the time it finished, System.nanoTime. */
    final long await() throws Exception {
        return finished.get(300, TimeUnit.SECONDS);
    }

    static void check(WorkCompletion wc) {
        if (wc.status() != WcStatus.SUCCESS) {
            throw new IllegalStateException("completion " + wc);
        }
    }
}
