package dev.ibmesh.runtime.transport;

import dev.ibmesh.proto.link.v1.LinkMessage;
import io.grpc.Status;

/** What happens on an established stream. Every call comes on the device's event loop. */
public interface StreamListener {
    void onMessage(LinkMessage message);

    /**
     * A message from a link in this JVM, with the frames its sender sealed ({@link LinkConnection#send(LinkMessage,
     * long)}).
     */
    default void onMessage(LinkMessage message, long sealed) {
        onMessage(message);
    }

    /** The stream can take more messages. */
    void onReady();

    /** The stream ended: the peer closed it, the network broke, or this end closed it. */
    void onDisconnected(Status cause);

    /**
     * A message the peer sent before it learnt that this end had closed the stream: what was on the wire when the
     * cable was pulled. It reaches no link; a port counts what it loses.
     */
    default void onLateMessage(LinkMessage message) {}
}
