package dev.ibmesh.runtime.control;

import dev.ibmesh.proto.fabric.v1.Event;
import io.grpc.Status;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * The server stream of one WatchEvents call. Events come from the event loops of the devices watched; this queues
 * them and sends them as fast as the client reads (gRPC's readiness), one at a time. A client more than
 * {@link #MAX_BEHIND} events behind has its stream ended with RESOURCE_EXHAUSTED, so a stalled client costs bounded
 * memory. Once the stream ends, for whatever reason, the watches on the devices are removed.
 */
final class EventWatch {
    static final int MAX_BEHIND = 4096;

    private final ServerCallStreamObserver<Event> out;
    private final ArrayDeque<Event> queue = new ArrayDeque<>(); // guarded by this
    private final List<Runnable> unwatch = new ArrayList<>(); // guarded by this
    private boolean closed; // guarded by this

    /** Must be made during the WatchEvents call, before it returns (where gRPC takes the handlers). */
    EventWatch(StreamObserver<Event> out) {
        this.out = (ServerCallStreamObserver<Event>) out;
        this.out.setOnCancelHandler(this::clientGone);
        this.out.setOnReadyHandler(this::drain);
    }

    /** Keeps {@code stop}, which removes one device's watch, to run when the stream ends. */
    synchronized void onEnd(Runnable stop) {
        if (closed) {
            stop.run();
        } else {
            unwatch.add(stop);
        }
    }

    synchronized void offer(Event event) {
        if (closed) {
            return;
        }
        if (queue.size() >= MAX_BEHIND) {
            queue.clear();
            end();
            out.onError(Status.RESOURCE_EXHAUSTED
                    .withDescription("the client fell more than " + MAX_BEHIND + " events behind; watch again")
                    .asRuntimeException());
            return;
        }
        queue.add(event);
        drain();
    }

    private synchronized void drain() {
        while (!closed && !queue.isEmpty() && out.isReady()) {
            out.onNext(queue.poll());
        }
    }

    private synchronized void clientGone() {
        queue.clear();
        end();
    }

    private void end() {
        closed = true;
        unwatch.forEach(Runnable::run);
        unwatch.clear();
    }
}
