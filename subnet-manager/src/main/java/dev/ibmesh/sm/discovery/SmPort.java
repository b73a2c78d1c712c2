package dev.ibmesh.sm.discovery;

import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.sm.smp.DrPath;

/**
 * One port of a discovered node: its PortInfo as last read, the directed route that addresses it (a switch port: the
 * switch's route, with the port number as AttributeModifier; a CA port: the route that arrives on it), and the port
 * at the other end of its cable once the sweep crossed it.
 */
public final class SmPort {
    private final SmNode node;
    private final int number;
    private final long guid;
    private final DrPath path;
    private PortInfo info;
    private SmPort peer;

    SmPort(SmNode node, int number, long guid, DrPath path) {
        this.node = node;
        this.number = number;
        this.guid = guid;
        this.path = path;
    }

    public SmNode node() {
        return node;
    }

    public int number() {
        return number;
    }

    /** The port's GUID: a CA port's own, a switch's port GUID for every port of the switch (IBA 14.2.5.3). */
    public long guid() {
        return guid;
    }

    public DrPath path() {
        return path;
    }

    /** PortInfo as the sweep last read it; null until read. */
    public PortInfo info() {
        return info;
    }

    /** Records what the port answered last (a Get, or the Set that configured it). */
    public void info(PortInfo info) {
        this.info = info;
    }

    /** The port at the other end of the cable; null for port 0, an uncabled port, or one the sweep did not cross. */
    public SmPort peer() {
        return peer;
    }

    void peer(SmPort p) {
        this.peer = p;
    }

    /** An end port (IBA 3.5.3): a CA port or a switch's port 0, the ports that own LIDs. */
    public boolean isEndPort() {
        return !node.isSwitch() || number == 0;
    }

    @Override
    public String toString() {
        return node + " port " + number;
    }
}
