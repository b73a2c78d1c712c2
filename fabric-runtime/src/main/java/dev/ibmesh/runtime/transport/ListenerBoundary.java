package dev.ibmesh.runtime.transport;

import dev.ibmesh.proto.link.v1.LinkMessage;
import dev.ibmesh.runtime.fault.FaultLog;
import io.grpc.Status;

/**
 * A link's listener behind the link's fault boundary: what the listener throws goes to the {@link FaultLog} and stops
 * here, so it neither reaches gRPC (which would cancel the stream) nor skips what the link does after the call (open
 * its window again). Both kinds of link, {@link StreamConnection} and {@link LocalLinkEnd}, call their listener so.
 */
final class ListenerBoundary {
    private final StreamListener listener;
    private final FaultLog faults = FaultLog.shared();

    ListenerBoundary(StreamListener listener) {
        this.listener = listener;
    }

    /**
     * A message from the peer, with the frames its sender sealed; {@code late} once this end has ended (what was on
     * the way when the link was closed: it reaches no link).
     */
    void message(LinkMessage message, long sealed, boolean late) {
        try {
            if (late) {
                listener.onLateMessage(message);
            } else {
                listener.onMessage(message, sealed);
            }
        } catch (RuntimeException e) {
            faults.caught("VirtualLink.onMessage", e);
        }
    }

    void ready() {
        try {
            listener.onReady();
        } catch (RuntimeException e) {
            faults.caught("VirtualLink.onReady", e);
        }
    }

    void disconnected(Status cause) {
        try {
            listener.onDisconnected(cause);
        } catch (RuntimeException e) {
            faults.caught("VirtualLink.onDisconnected", e);
        }
    }
}
