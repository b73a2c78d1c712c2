package dev.ibmesh.sm.discovery;

import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.mad.smp.SwitchInfo;
import dev.ibmesh.sm.smp.DrPath;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A node as a sweep found it: its NodeInfo and NodeDescription, its SwitchInfo if it is a switch, the directed route
 * that first reached it, and the ports the sweep saw (every port of a switch, port 0 included; the cabled ports of a
 * CA that a route reached).
 */
public final class SmNode {
    private final NodeInfo info;
    private final DrPath path;
    private final SmPort[] ports;
    private String description = "";
    private SwitchInfo switchInfo;
    private int recalledSweeps;

    SmNode(NodeInfo info, DrPath path) {
        this.info = info;
        this.path = path;
        this.ports = new SmPort[info.numPorts() + 1];
    }

    public NodeInfo info() {
        return info;
    }

    public long guid() {
        return info.nodeGuid();
    }

    public boolean isSwitch() {
        return info.nodeType() == NodeInfo.NODE_TYPE_SWITCH;
    }

    /** The route that first reached the node; a switch's ports are all addressed along it. */
    public DrPath path() {
        return path;
    }

    public String description() {
        return description;
    }

    void description(String text) {
        this.description = text;
    }

    /** The switch's SwitchInfo as discovered; empty for a CA or router. */
    public Optional<SwitchInfo> switchInfo() {
        return Optional.ofNullable(switchInfo);
    }

    void switchInfo(SwitchInfo s) {
        this.switchInfo = s;
    }

    /**
     * In how many sweeps in a row, this one included, some of the node's answers were recalled from the last sweep
     * rather than read (0: all read now).
     */
    public int recalledSweeps() {
        return recalledSweeps;
    }

    void recalledSweeps(int sweeps) {
        this.recalledSweeps = sweeps;
    }

    /** Port {@code number}, or null if the sweep did not see it. */
    public SmPort port(int number) {
        return number >= 0 && number < ports.length ? ports[number] : null;
    }

    /** The ports the sweep saw, in port order. */
    public List<SmPort> ports() {
        List<SmPort> seen = new ArrayList<>();
        for (SmPort p : ports) {
            if (p != null) {
                seen.add(p);
            }
        }
        return seen;
    }

    /** The port {@code number}, created on first sight with its GUID and the route that reaches it. */
    SmPort port(int number, long portGuid, DrPath reachedBy) {
        if (number < 0 || number >= ports.length) {
            throw new IllegalArgumentException(this + " has no port " + number + " (NumPorts " + info.numPorts() + ")");
        }
        if (ports[number] == null) {
            ports[number] = new SmPort(this, number, portGuid, isSwitch() ? path : reachedBy);
        }
        return ports[number];
    }

    @Override
    public String toString() {
        return String.format("%s 0x%016x \"%s\"", isSwitch() ? "switch" : "CA", guid(), description);
    }
}
