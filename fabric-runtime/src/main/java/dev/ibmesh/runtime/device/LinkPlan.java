package dev.ibmesh.runtime.device;

/**
 * One link as a device sees it: its local port, the peer device and port, where the peer listens, and whether this
 * end dials (the other end then accepts). Exactly one end of every link dials.
 */
public record LinkPlan(int localPort, String peerDevice, int peerPort, String peerAddress, boolean dials) {}
