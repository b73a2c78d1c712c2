package dev.ibmesh.runtime.transport;

/** What a port does with its virtual link. Every call comes on the device's event loop. */
public interface LinkHandler extends StreamListener {
    /** A stream to the peer is up. The port may refuse it (already linked, disabled) by returning false. */
    boolean onConnected(LinkConnection connection);
}
