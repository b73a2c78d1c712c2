package dev.ibmesh.sm.routing;

import dev.ibmesh.mad.smp.LinearForwardingTable;
import dev.ibmesh.sm.discovery.SmNode;
import dev.ibmesh.sm.discovery.SmPort;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks unicast routes the way a packet would see them, independently of the engine that computed them: from every
 * switch, for every LID in use, follow the forwarding tables hop by hop until the packet leaves the fabric. A route
 * must end at the port that owns the LID (no black hole: a missing entry or a port without a cable; no loop: more
 * hops than there are switches), and, when {@code shortest} is asked for, in as many hops as the shortest cable path.
 *
 * <p>It also builds the channel dependency graph of the routes to CA ports (Dally and Seitz: an edge from each switch
 * egress port to the next one a route uses) and looks for a cycle: a cycle is a possible credit loop, a deadlock of
 * link-level flow control when every VL on the cycle is full (IBA 7.9; a single VL is assumed). Routes to a switch's
 * port 0 are left out of that graph: they carry only management traffic, and on a fat tree a route from one spine
 * to another must go down and up again, which no deadlock-free engine can avoid (OpenSM's ftree documents the same
 * exception).
 */
public final class RouteVerifier {
    private static final int MAX_PROBLEMS = 20;

    private RouteVerifier() {}

    /**
     * @param graph  the switches and cables (from a sweep)
     * @param owners each LID in use and the end port that owns it
     * @param tables each switch's forwarding table as read from the switch (entry i = port for LID i)
     */
    public static RouteCheck verify(
            SwitchGraph graph, Map<Integer, SmPort> owners, Map<SmNode, int[]> tables, boolean shortest) {
        Walk walk = new Walk(graph, tables, shortest);
        for (int s = 0; s < graph.switches().size(); s++) {
            for (Map.Entry<Integer, SmPort> e : owners.entrySet()) {
                walk.follow(s, e.getKey(), e.getValue());
            }
        }
        return new RouteCheck(walk.routes, walk.maxHops, walk.problemCount, walk.problems, walk.findCycle());
    }

    /** The verdict: routes walked, the longest, the problems (the first few, and how many), a credit loop if any. */
    public record RouteCheck(
            int routes, int maxHops, int problemCount, List<String> problems, List<SmPort> creditLoop) {
        public boolean ok() {
            return problemCount == 0;
        }

        public boolean hasCreditLoop() {
            return !creditLoop.isEmpty();
        }
    }

    private static final class Walk {
        private final SwitchGraph graph;
        private final Map<SmNode, int[]> tables;
        private final boolean shortest;
        private final Map<SmPort, Integer> channels = new HashMap<>();
        private final List<SmPort> channelPorts = new ArrayList<>();
        private final List<Set<Integer>> dependencies = new ArrayList<>();
        private final List<String> problems = new ArrayList<>();
        private int problemCount;
        private int routes;
        private int maxHops;

        Walk(SwitchGraph graph, Map<SmNode, int[]> tables, boolean shortest) {
            this.graph = graph;
            this.tables = tables;
            this.shortest = shortest;
        }

        void follow(int from, int lid, SmPort owner) {
            routes++;
            SmNode sw = graph.switches().get(from);
            int previous = -1;
            for (int hops = 0; hops <= graph.switches().size(); hops++) {
                int[] table = tables.get(sw);
                int port = table == null || lid >= table.length ? LinearForwardingTable.NO_PATH : table[lid];
                String route =
                        String.format("LID %d from %s", lid, graph.switches().get(from));
                if (port == LinearForwardingTable.NO_PATH) {
                    problem(route + ": black hole at " + sw + " (no entry)");
                    return;
                }
                SmPort out = sw.port(port);
                if (port == 0
                        || (out != null
                                && out.peer() != null
                                && !out.peer().node().isSwitch())) {
                    SmPort reached = port == 0 ? out : out.peer();
                    if (reached != owner) {
                        problem(route + ": delivered to " + reached + ", but " + owner + " owns it");
                    } else {
                        arrived(from, owner, hops, route);
                    }
                    return;
                }
                if (out == null || out.peer() == null) {
                    problem(route + ": black hole at " + sw + " port " + port + " (no cable)");
                    return;
                }
                if (!owner.node().isSwitch()) {
                    int channel = channel(out);
                    if (previous >= 0) {
                        dependencies.get(previous).add(channel);
                    }
                    previous = channel;
                }
                sw = out.peer().node();
            }
            problem(String.format(
                    "LID %d from %s: loops (more hops than switches)",
                    lid, graph.switches().get(from)));
        }

        private void arrived(int from, SmPort owner, int hops, String route) {
            maxHops = Math.max(maxHops, hops);
            SmPort exit = graph.attachment(owner);
            int best = graph.hops(from, graph.index(exit.node()));
            if (shortest && hops != best) {
                problem(route + ": " + hops + " hops, the shortest path has " + best);
            }
        }

        private int channel(SmPort port) {
            return channels.computeIfAbsent(port, p -> {
                channelPorts.add(p);
                dependencies.add(new HashSet<>());
                return channelPorts.size() - 1;
            });
        }

        private void problem(String what) {
            problemCount++;
            if (problems.size() < MAX_PROBLEMS) {
                problems.add(what);
            }
        }

        /** A cycle of the channel dependency graph, as the egress ports on it; empty if there is none. */
        List<SmPort> findCycle() {
            int n = channelPorts.size();
            int[] state = new int[n]; // 0 new, 1 on the current path, 2 done
            int[] parent = new int[n];
            int[][] adjacent = new int[n][];
            for (int c = 0; c < n; c++) {
                adjacent[c] =
                        dependencies.get(c).stream().mapToInt(Integer::intValue).toArray();
            }
            for (int start = 0; start < n; start++) {
                if (state[start] != 0) {
                    continue;
                }
                ArrayDeque<int[]> stack = new ArrayDeque<>();
                stack.push(new int[] {start, 0});
                state[start] = 1;
                parent[start] = -1;
                while (!stack.isEmpty()) {
                    int[] top = stack.peek();
                    int[] next = adjacent[top[0]];
                    if (top[1] >= next.length) {
                        state[top[0]] = 2;
                        stack.pop();
                        continue;
                    }
                    int c = next[top[1]++];
                    if (state[c] == 1) {
                        return cycle(parent, top[0], c);
                    }
                    if (state[c] == 0) {
                        state[c] = 1;
                        parent[c] = top[0];
                        stack.push(new int[] {c, 0});
                    }
                }
            }
            return List.of();
        }

        private List<SmPort> cycle(int[] parent, int last, int first) {
            List<SmPort> loop = new ArrayList<>();
            for (int c = last; c != first; c = parent[c]) {
                loop.add(0, channelPorts.get(c));
            }
            loop.add(0, channelPorts.get(first));
            return loop;
        }
    }
}
