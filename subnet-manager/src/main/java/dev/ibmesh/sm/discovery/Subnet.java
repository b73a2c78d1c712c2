package dev.ibmesh.sm.discovery;

import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.sm.smp.DrPath;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The fabric as one sweep saw it: nodes by GUID in the order found, the cables between their ports, and problems. */
public final class Subnet {
    private final Map<Long, SmNode> nodes = new LinkedHashMap<>();
    private final List<String> problems = new ArrayList<>();
    private final List<String> recalled = new ArrayList<>();
    private SmPort smPort;

    /** The node with this GUID, or null. */
    public SmNode node(long guid) {
        return nodes.get(guid);
    }

    public Collection<SmNode> nodes() {
        return Collections.unmodifiableCollection(nodes.values());
    }

    public List<SmNode> switches() {
        return nodes.values().stream().filter(SmNode::isSwitch).toList();
    }

    /** Every end port (CA ports, switch ports 0), in discovery order. */
    public List<SmPort> endPorts() {
        List<SmPort> ends = new ArrayList<>();
        for (SmNode n : nodes.values()) {
            for (SmPort p : n.ports()) {
                if (p.isEndPort()) {
                    ends.add(p);
                }
            }
        }
        return ends;
    }

    /** Every port the sweep saw. */
    public int portCount() {
        return nodes.values().stream().mapToInt(n -> n.ports().size()).sum();
    }

    /** The port the SM sends from. */
    public SmPort smPort() {
        return smPort;
    }

    void smPort(SmPort p) {
        this.smPort = p;
    }

    /** What the sweep could not read or could not make sense of; empty when it saw everything. */
    public List<String> problems() {
        return Collections.unmodifiableList(problems);
    }

    void problem(String what) {
        problems.add(what);
    }

    /** The answers lost in this sweep that the last sweep's stood in for ({@link Recall}). */
    public List<String> recalled() {
        return Collections.unmodifiableList(recalled);
    }

    void recalled(String what) {
        recalled.add(what);
    }

    SmNode add(NodeInfo info, DrPath path) {
        SmNode n = new SmNode(info, path);
        nodes.put(info.nodeGuid(), n);
        return n;
    }

    /** Records the cable between {@code a} and {@code b}; a port already cabled elsewhere is a problem. */
    void link(SmPort a, SmPort b) {
        if (a.peer() == b && b.peer() == a) {
            return;
        }
        if (a.peer() != null || b.peer() != null) {
            problem("conflicting cables: " + a + " to " + b + ", but " + a + " was seen to " + a.peer() + " and " + b
                    + " to " + b.peer());
            return;
        }
        a.peer(b);
        b.peer(a);
    }
}
