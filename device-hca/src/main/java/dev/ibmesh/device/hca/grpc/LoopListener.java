package dev.ibmesh.device.hca.grpc;

import io.grpc.ServerCall;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

/**
 * A call's listener that starts the call's handler on {@code loop} and passes every later event there, in order
 * (the loop runs its tasks in order, so the handler's listener exists before its first event). The handler's
 * listener is only touched on the loop.
 */
final class LoopListener<Q> extends ServerCall.Listener<Q> {
    private final Executor loop;
    private ServerCall.Listener<Q> delegate;

    LoopListener(Executor loop, Supplier<ServerCall.Listener<Q>> start) {
        this.loop = loop;
        loop.execute(() -> delegate = start.get());
    }

    @Override
    public void onMessage(Q message) {
        loop.execute(() -> delegate.onMessage(message));
    }

    @Override
    public void onHalfClose() {
        loop.execute(() -> delegate.onHalfClose());
    }

    @Override
    public void onCancel() {
        loop.execute(() -> delegate.onCancel());
    }

    @Override
    public void onComplete() {
        loop.execute(() -> delegate.onComplete());
    }

    @Override
    public void onReady() {
        loop.execute(() -> delegate.onReady());
    }
}
