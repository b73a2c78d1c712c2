package dev.ibmesh.runtime.umad;

/**
 * Where a {@link UmadPort} hands the MADs that arrived for host software on it: responses to what host software
 * sent, and the requests no agent of the device answers (SubnTrap and SA requests to the port an SM runs on, ...).
 *
 * <p>Threading: may be called from any thread, the device's event loop included; it does not block, and it hops to
 * the server's context itself.
 */
@FunctionalInterface
public interface UmadSink {
    void receive(UmadMad mad);
}
