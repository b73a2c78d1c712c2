package dev.ibmesh.runtime.time;

import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.util.concurrent.Callable;

/**
 * Running work on a Vert.x context that owns some state (a device's event loop, the umad server's), from any
 * thread: at once when the caller already runs on that context, otherwise queued to it. Stateless.
 */
public final class ContextCalls {
    private ContextCalls() {}

    /** Runs {@code task} on {@code context}; what it throws goes where the context's own exceptions go. */
    public static void execute(Context context, Runnable task) {
        if (Vertx.currentContext() == context) {
            task.run();
        } else {
            context.runOnContext(v -> task.run());
        }
    }

    /**
     * Runs {@code task} on {@code context}; the future completes there with what the task returned, or fails with
     * what it threw (errors too: an AssertionError in a test's task must reach the test, not the context's logger).
     */
    public static <T> Future<T> call(Context context, Callable<T> task) {
        Promise<T> result = Promise.promise();
        execute(context, () -> {
            try {
                result.complete(task.call());
            } catch (Exception | Error e) {
                result.fail(e);
            }
        });
        return result.future();
    }
}
