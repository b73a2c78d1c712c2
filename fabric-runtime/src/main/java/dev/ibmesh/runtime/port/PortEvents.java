package dev.ibmesh.runtime.port;

/** What a port tells its device. Called on the device's event loop. */
public interface PortEvents {
    /**
     * A data packet passed the receive checks. The device must call {@link Port#release} once it is done with it
     * (at once, or when a switch has forwarded it), or the port runs out of receive buffer.
     */
    void onPacket(Port port, byte[] frame);

    /**
     * Packets left the transmit queues, or the port reached a PortState that lets more through (Armed, Active): a
     * device holding packets back that the port refused may offer them now.
     */
    default void onTransmitSpace(Port port) {}

    /**
     * Every frame of one link message has been through the receive path: what the device gathered over them may go
     * out now (an HCA's coalesced ACKs).
     */
    default void onFramesDelivered(Port port) {}

    /** The port's physical state or PortState changed (the SMA turns this into trap 128 and PortStateChange). */
    void onStateChange(Port port);
}
