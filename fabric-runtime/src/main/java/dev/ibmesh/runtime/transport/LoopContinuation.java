package dev.ibmesh.runtime.transport;

import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.internal.ContextInternal;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

/**
 * The rest of a long job on an event loop, run after the loop's other work. Netty runs a loop's queued tasks in one
 * pass, until the queue is empty or its task quantum (1 s by default, 100 ms at least) has passed, and only then polls
 * the loop's sockets and takes its due timers. A job that queued its own rest would hold back, for as long as it has
 * work, the device's timers and the sockets of its gRPC links ({@link NetworkLoop}).
 */
final class LoopContinuation {
    private LoopContinuation() {}

    /**
     * Runs {@code rest} on {@code loop}: on a Vert.x event loop, once the loop has polled its sockets and taken its
     * due timers again; elsewhere (a test's executor), queued behind what is queued already.
     */
    static void later(Executor loop, Runnable rest) {
        Context context = Vertx.currentContext();
        if (context != null && context.isEventLoopContext()) {
            // Scheduled tasks are taken once per pass of the loop, after its I/O: due at once, this one waits for it.
            ((ContextInternal) context).nettyEventLoop().schedule(() -> loop.execute(rest), 0, TimeUnit.NANOSECONDS);
        } else {
            loop.execute(rest);
        }
    }
}
