package dev.ibmesh.tester.service;

import dev.ibmesh.proto.tester.v1.RunEvent;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;

/**
 * The server stream of one Run. Events come from the run's thread and from the tester device's event loop (the
 * packets of a step); this passes them on one at a time, and drops them once the client has gone (cancelled, or
 * its deadline passed): the run goes on without it. A run's events are bounded by its procedures' steps and
 * frames, so a slow client is left to gRPC's buffering.
 */
final class EventStream {
    private final ServerCallStreamObserver<RunEvent> out;
    private boolean closed;

    /** Must be made during the Run call, before it returns (where gRPC takes the cancel handler). */
    EventStream(StreamObserver<RunEvent> out) {
        this.out = (ServerCallStreamObserver<RunEvent>) out;
        this.out.setOnCancelHandler(this::clientGone);
    }

    private synchronized void clientGone() {
        closed = true;
    }

    synchronized void send(RunEvent event) {
        if (!closed) {
            out.onNext(event);
        }
    }

    synchronized void complete() {
        if (!closed) {
            closed = true;
            out.onCompleted();
        }
    }

    synchronized void fail(StatusRuntimeException e) {
        if (!closed) {
            closed = true;
            out.onError(e);
        }
    }
}
