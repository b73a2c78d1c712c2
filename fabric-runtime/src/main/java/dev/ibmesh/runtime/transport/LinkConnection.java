package dev.ibmesh.runtime.transport;

import dev.ibmesh.proto.link.v1.LinkMessage;

/**
 * One established virtual link stream, as the port at this end sees it. Called on the device's event loop only.
 * {@link #isReady()} is gRPC's transport flow control: when false the port keeps frames in its (bounded) VL queues
 * and waits for {@link LinkHandler#onReady()}.
 */
public interface LinkConnection {
    boolean isReady();

    void send(LinkMessage message);

    /** Ends the stream cleanly; the peer sees the link go down. */
    void close();

    /** Who is at the other end, for logs and metrics: "node-guid/port". */
    String peer();
}
