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

    /**
     * Sends {@code message}, of which the frames whose bit is set in {@code sealed} (bit n: frame n) were sealed by
     * their device in this JVM: their VCRC was computed or checked over exactly these bytes, so a receiver in this JVM
     * knows the outcome of its VCRC check without computing it. A link to another process drops the hint, and the
     * receiver there checks every frame.
     */
    default void send(LinkMessage message, long sealed) {
        send(message);
    }

    /** Ends the stream cleanly; the peer sees the link go down. */
    void close();

    /** Who is at the other end, for logs and metrics: "node-guid/port". */
    String peer();
}
