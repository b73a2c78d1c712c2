package dev.ibmesh.runtime.transport;

import dev.ibmesh.proto.link.v1.LinkMessage;
import io.grpc.Status;
import io.grpc.stub.CallStreamObserver;

/**
 * Adapts one side of a gRPC VirtualLink stream (server or client) to {@link LinkConnection}, with manual inbound
 * flow control: {@link #WINDOW} messages may be in flight, and one more is requested each time the handler took
 * one. So a slow device slows its peer's sender instead of letting messages pile up (each message carries at most
 * a batch of frames, and the port's credits bound those further).
 * Tells the handler of the end exactly once, whichever way the stream ends. An exception from the handler stops at
 * this boundary ({@link ListenerBoundary}): it must not reach gRPC, which would cancel the stream, nor skip the
 * {@code request(1)} that keeps the window open. Event loop only.
 */
final class StreamConnection implements DialedLink {
    /** Link messages a receiver accepts ahead of handling them: enough to keep both event loops busy. */
    static final int WINDOW = 8;

    private final CallStreamObserver<LinkMessage> outbound;
    private final ListenerBoundary handler;
    private final String peer;
    private boolean ended;

    StreamConnection(CallStreamObserver<LinkMessage> outbound, StreamListener handler, String peer) {
        this.outbound = outbound;
        this.handler = new ListenerBoundary(handler);
        this.peer = peer;
    }

    @Override
    public boolean isReady() {
        return !ended && outbound.isReady();
    }

    @Override
    public void send(LinkMessage message) {
        if (!ended) {
            outbound.onNext(message);
        }
    }

    @Override
    public void close() {
        if (!ended) {
            ended = true;
            outbound.onCompleted();
            disconnected(Status.OK.withDescription("closed by this end"));
        }
    }

    @Override
    public void abandon() {
        if (!ended) {
            ended = true;
            outbound.onCompleted();
        }
    }

    @Override
    public String peer() {
        return peer;
    }

    void delivered(LinkMessage message) {
        handler.message(message, 0, ended);
        try {
            // Also once ended: what the peer sent before it saw the end is still taken (and counted as lost).
            outbound.request(1);
        } catch (IllegalStateException closed) {
            // The call is over; nothing more will come.
        }
    }

    void ready() {
        if (!ended) {
            handler.ready();
        }
    }

    /** The stream ended from the other side or the network; completes our half if it is still open. */
    void ended(Status cause, boolean completeOurSide) {
        if (ended) {
            return;
        }
        ended = true;
        if (completeOurSide) {
            try {
                outbound.onCompleted();
            } catch (IllegalStateException alreadyClosed) {
                // The call is already closed (cancelled or failed); nothing left to complete.
            }
        }
        disconnected(cause);
    }

    private void disconnected(Status cause) {
        handler.disconnected(cause);
    }
}
