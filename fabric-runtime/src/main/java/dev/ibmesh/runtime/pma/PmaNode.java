package dev.ibmesh.runtime.pma;

import dev.ibmesh.runtime.port.PortCounterSet;

/**
 * The device behind a Performance Management Agent: its physical ports and their counters. Only ever called on the
 * device's event loop; {@link Pma} checks a port number before asking for its counters.
 */
public interface PmaNode {
    /** NodeInfo.NumPorts: the physical ports, numbered 1..NumPorts. */
    int numPorts();

    /**
     * A switch also answers PortSelect 0 (its management port 0, which carries no data traffic of its own, so its
     * counters read as zero); a CA has no port 0.
     */
    boolean isSwitch();

    /** The counters of physical port {@code port}, 1..{@link #numPorts()}. */
    PortCounterSet counters(int port);
}
