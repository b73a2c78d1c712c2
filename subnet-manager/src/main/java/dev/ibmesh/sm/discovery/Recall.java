package dev.ibmesh.sm.discovery;

import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.mad.smp.SwitchInfo;

/**
 * What the last sweep knew, standing in for an answer this sweep did not get: an SMP lost on a bad link after all its
 * resends. The SM keeps its model of the subnet between sweeps and diffs each sweep against it (IBA 14.4.1 leaves
 * how the SM learns the topology to it); an item missed now but known before is taken as unchanged. A node may be
 * recalled rather than read for at most {@link #MAX_SWEEPS} sweeps in a row, so that a lossy fabric converges over a
 * few sweeps while a node that went silent for good is dropped soon.
 *
 * <p>Only silence is stood in for. A port that reports itself Down, an error status, a GUID that differs: those are
 * answers, and they win.
 */
final class Recall {
    /** How many sweeps in a row a node's answers may come from memory. */
    static final int MAX_SWEEPS = 3;

    private final Subnet last;
    private final Subnet now;

    /** @param last the last sweep's subnet, or null (the first sweep: nothing to recall) */
    Recall(Subnet last, Subnet now) {
        this.last = last;
        this.now = now;
    }

    /** The NodeInfo of the port at the other end of {@code from}'s cable, as the last sweep saw it; null if unknown. */
    NodeInfo nodeBehind(SmPort from) {
        SmPort before = lastPort(from);
        SmPort peer = before == null ? null : before.peer();
        if (peer == null || peer.node().recalledSweeps() >= MAX_SWEEPS) {
            return null;
        }
        NodeInfo i = peer.node().info();
        return new NodeInfo(
                i.baseVersion(),
                i.classVersion(),
                i.nodeType(),
                i.numPorts(),
                i.systemImageGuid(),
                i.nodeGuid(),
                peer.guid(),
                i.partitionCap(),
                i.deviceId(),
                i.revision(),
                peer.number(),
                i.vendorId());
    }

    /** Marks {@code node}, made from {@link #nodeBehind}, as recalled. */
    void recalledNode(SmNode node, String what) {
        mark(node, last.node(node.guid()), what);
    }

    /** Recalls the node's NodeDescription; false if the last sweep did not have it. */
    boolean description(SmNode node, String what) {
        SmNode before = lastNode(node);
        if (before == null) {
            return false;
        }
        node.description(before.description());
        return mark(node, before, what);
    }

    /** Recalls the switch's SwitchInfo; false if the last sweep did not have it. */
    boolean switchInfo(SmNode node, String what) {
        SmNode before = lastNode(node);
        SwitchInfo info = before == null ? null : before.switchInfo().orElse(null);
        if (info == null) {
            return false;
        }
        node.switchInfo(info);
        return mark(node, before, what);
    }

    /** Recalls the port's PortInfo; false if the last sweep did not have it. */
    boolean portInfo(SmPort port, String what) {
        SmNode beforeNode = lastNode(port.node());
        SmPort before = beforeNode == null ? null : beforeNode.port(port.number());
        PortInfo info = before == null ? null : before.info();
        if (info == null) {
            return false;
        }
        port.info(info);
        return mark(port.node(), beforeNode, what);
    }

    private boolean mark(SmNode node, SmNode before, String what) {
        node.recalledSweeps(before.recalledSweeps() + 1);
        now.recalled(what);
        return true;
    }

    /** The node in the last sweep, if it may still be recalled. */
    private SmNode lastNode(SmNode node) {
        SmNode before = last == null ? null : last.node(node.guid());
        return before == null || before.recalledSweeps() >= MAX_SWEEPS ? null : before;
    }

    private SmPort lastPort(SmPort port) {
        SmNode before = last == null ? null : last.node(port.node().guid());
        return before == null ? null : before.port(port.number());
    }
}
