package dev.ibmesh.sm.routing;

import dev.ibmesh.sm.discovery.SmNode;
import dev.ibmesh.sm.discovery.SmPort;
import dev.ibmesh.sm.discovery.Subnet;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * One spanning tree per multicast LID over the switches, as OpenSM builds them ({@code osm_mcast_mgr}): the root is
 * the switch with the fewest hops to the farthest member's switch, the tree is shortest-path (breadth first from the
 * root), and each switch of the tree forwards the MLID out of its tree cables and to the members it attaches (a CA
 * port's cable, or port 0 when the switch itself is a member). A tree has no cycle, so a multicast packet reaches
 * every member once and never comes back (IBA 18.2.4.3: a switch never sends a multicast packet back out of the port
 * it came in on). An MLID with fewer than two members gets no entries, as in OpenSM.
 */
public final class MulticastTrees {
    private MulticastTrees() {}

    /** For each switch of {@code subnet}, the ports each MLID is forwarded to (switches with none are left out). */
    public static Map<SmNode, Map<Integer, BitSet>> compute(Subnet subnet, Map<Integer, Set<Long>> membersByMlid) {
        SwitchGraph graph = new SwitchGraph(subnet);
        Map<Long, SmPort> endPorts = new HashMap<>();
        subnet.endPorts().forEach(p -> endPorts.put(p.guid(), p));
        Map<SmNode, Map<Integer, BitSet>> masks = new LinkedHashMap<>();
        membersByMlid.forEach((mlid, guids) -> {
            List<SmPort> attachments = new ArrayList<>();
            for (long guid : guids) {
                SmPort member = endPorts.get(guid);
                SmPort at = member == null ? null : graph.attachment(member);
                if (at != null) {
                    attachments.add(at);
                }
            }
            if (attachments.size() >= 2) {
                tree(graph, mlid, attachments, masks);
            }
        });
        return masks;
    }

    private static void tree(
            SwitchGraph graph, int mlid, List<SmPort> attachments, Map<SmNode, Map<Integer, BitSet>> masks) {
        Set<Integer> memberSwitches = new TreeSet<>();
        attachments.forEach(a -> memberSwitches.add(graph.index(a.node())));
        int root = root(graph, memberSwitches);
        SmPort[] up = towardsRoot(graph, root);
        for (SmPort a : attachments) {
            mark(masks, a.node(), mlid, a.number());
        }
        Set<Integer> joined = new TreeSet<>(List.of(root));
        for (int s : memberSwitches) {
            // Walk up to the root (or to a switch already in the tree), marking both ends of each cable.
            while (joined.add(s)) {
                SmPort parentward = up[s];
                if (parentward == null) {
                    break; // unreachable from the root: no path to join
                }
                mark(masks, parentward.node(), mlid, parentward.number());
                mark(masks, parentward.peer().node(), mlid, parentward.peer().number());
                s = graph.index(parentward.peer().node());
            }
        }
    }

    /** The member switch set's centre: fewest hops to its farthest member (lowest index on a tie). */
    private static int root(SwitchGraph graph, Set<Integer> memberSwitches) {
        int best = -1;
        long bestReach = Long.MAX_VALUE;
        for (int r = 0; r < graph.switches().size(); r++) {
            long reach = 0;
            for (int m : memberSwitches) {
                reach = Math.max(reach, graph.hops(r, m));
            }
            if (reach < bestReach) {
                best = r;
                bestReach = reach;
            }
        }
        return best;
    }

    /** For each switch, its port on the cable one hop closer to {@code root} (breadth first); null for the root. */
    private static SmPort[] towardsRoot(SwitchGraph graph, int root) {
        SmPort[] up = new SmPort[graph.switches().size()];
        boolean[] seen = new boolean[up.length];
        seen[root] = true;
        ArrayDeque<Integer> queue = new ArrayDeque<>(List.of(root));
        while (!queue.isEmpty()) {
            int s = queue.poll();
            for (SmPort trunk : graph.trunks(s)) {
                int n = graph.index(trunk.peer().node());
                if (!seen[n]) {
                    seen[n] = true;
                    up[n] = trunk.peer();
                    queue.add(n);
                }
            }
        }
        return up;
    }

    private static void mark(Map<SmNode, Map<Integer, BitSet>> masks, SmNode sw, int mlid, int port) {
        masks.computeIfAbsent(sw, k -> new LinkedHashMap<>())
                .computeIfAbsent(mlid, k -> new BitSet())
                .set(port);
    }
}
