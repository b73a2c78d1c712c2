package dev.ibmesh.runtime.sma.dr;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.fail;

import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.runtime.sma.dr.DrDecision.Deliver;
import dev.ibmesh.runtime.sma.dr.DrDecision.Drop;
import dev.ibmesh.runtime.sma.dr.DrDecision.Forward;
import dev.ibmesh.runtime.sma.dr.DrDecision.LeaveByLid;
import dev.ibmesh.runtime.sma.dr.DrDecision.LidRoute;
import java.util.ArrayList;
import java.util.List;

/**
 * A line of nodes for walking SMPs through {@link DirectedRoute}: node 0 is the SM's one-port HCA, nodes 1..n are
 * 8-port switches, and an optional two-port CA ends the line. Node i reaches node i - 1 through port toward[i] and
 * node i + 1 through port away[i]. LID-routed legs go straight to the node with the destination LID (the switches in
 * between forward them by LID without their SMI) and arrive on the port that faces the sender.
 */
final class LineFabric {
    static final int SM_LID = 1;

    /** How the switches number the ports that face the SM and face away from it. */
    enum Layout {
        /** Port 1 toward the SM, port 2 away from it; the end CA uses its port 1. */
        PORTS_1_AND_2,
        /** Different port numbers at every switch, so that a swapped or misplaced ReturnPath entry shows. */
        SCRAMBLED
    }

    private final List<DrNode> nodes = new ArrayList<>();
    private final int[] toward;
    private final int[] away;

    LineFabric(int switches, boolean endCa, Layout layout) {
        int count = 1 + switches + (endCa ? 1 : 0);
        toward = new int[count];
        away = new int[count];
        nodes.add(DrNode.channelAdapter(1, SM_LID));
        away[0] = 1;
        for (int i = 1; i <= switches; i++) {
            nodes.add(DrNode.switchNode(8, lidOf(i)));
            toward[i] = layout == Layout.PORTS_1_AND_2 ? 1 : 1 + (i * 3) % 8;
            away[i] = layout == Layout.PORTS_1_AND_2 ? 2 : 1 + (i * 3 + 4) % 8;
        }
        if (endCa) {
            nodes.add(DrNode.channelAdapter(2, lidOf(count - 1)));
            toward[count - 1] = layout == Layout.PORTS_1_AND_2 ? 1 : 2;
        }
    }

    static int lidOf(int index) {
        return index == 0 ? SM_LID : 100 + index;
    }

    int last() {
        return nodes.size() - 1;
    }

    DrNode node(int index) {
        return nodes.get(index);
    }

    int toward(int index) {
        return toward[index];
    }

    /** The InitialPath from node {@code from} to node {@code to} (to > from): the away port of every node before it. */
    int[] pathOut(int from, int to) {
        int[] path = new int[to - from];
        for (int i = from; i < to; i++) {
            path[i - from] = away[i];
        }
        return path;
    }

    /** Where a walk ended and how it got there. */
    record Outcome(int node, DrDecision decision, List<Integer> visited, int lastLidSender) {
        DrSmp delivered() {
            if (decision instanceof Deliver d) {
                return d.smp();
            }
            return fail("expected delivery, got " + decision + " at node " + node);
        }

        DrDropReason dropReason() {
            if (decision instanceof Drop d) {
                return d.reason();
            }
            return fail("expected a drop, got " + decision + " at node " + node);
        }
    }

    /**
     * Follows {@code first} (the decision of node {@code at}) until a delivery or a drop. {@code leaveByLidTo} is
     * the node a {@link LeaveByLid} goes to: the caller plays the part of whoever picks the LRH DLID.
     */
    Outcome walk(int at, DrDecision first, int leaveByLidTo) {
        List<Integer> visited = new ArrayList<>(List.of(at));
        int lastLidSender = -1;
        DrDecision d = first;
        for (int steps = 0; steps < 4 * nodes.size(); steps++) {
            int from = at;
            DrSmp smp;
            int ingress;
            if (d instanceof Forward f) {
                smp = f.smp();
                if (f.port() == away[at] && at < last()) {
                    at++;
                    ingress = toward[at];
                } else if (f.port() == toward[at] && at > 0) {
                    at--;
                    ingress = away[at];
                } else {
                    return fail("node " + at + " sent on unconnected port " + f.port());
                }
            } else if (d instanceof LidRoute l) {
                smp = l.smp();
                at = indexOfLid(l.dlid());
                ingress = lidRouted(from, at);
                lastLidSender = from;
            } else if (d instanceof LeaveByLid l) {
                smp = l.smp();
                at = leaveByLidTo;
                ingress = lidRouted(from, at);
                lastLidSender = from;
            } else {
                return new Outcome(at, d, visited, lastLidSender);
            }
            visited.add(at);
            d = DirectedRoute.receive(smp, nodes.get(at), ingress);
        }
        return fail("the SMP is still travelling after " + 4 * nodes.size() + " steps: " + visited);
    }

    private int lidRouted(int from, int to) {
        assertNotEquals(from, to, "LID-routed to itself");
        return to > from ? toward[to] : away[to];
    }

    private int indexOfLid(int lid) {
        for (int i = 0; i < nodes.size(); i++) {
            if (nodes.get(i).lid() == lid) {
                return i;
            }
        }
        return fail("no node has LID " + lid);
    }
}
