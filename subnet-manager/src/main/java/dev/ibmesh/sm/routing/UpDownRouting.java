package dev.ibmesh.sm.routing;

import dev.ibmesh.sm.discovery.SmNode;
import dev.ibmesh.sm.discovery.SmPort;
import dev.ibmesh.sm.discovery.Subnet;
import dev.ibmesh.sm.lid.LidAssignment;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * Up/down routing (OpenSM's {@code updn} engine; Schroeder et al., Autonet): the switches are ranked by hop count
 * from a set of roots, and every cable gets a direction, up towards the lower rank (the lower GUID between equal
 * ranks, so the order is total). A route may climb any number of hops and then descend, never descend and climb
 * again, so no cycle of channel dependencies can form among the routes to CA ports (IBA 7.9: a credit loop needs one).
 *
 * <p>A forwarding table sees only the destination, not how a packet arrived, so the tables are computed per LID top
 * down: a switch that some higher switch sends the LID down to must itself go on down; the others take the shorter of
 * going down (if the destination lies below them) or going up. Among equally short legal ports the least loaded is
 * taken, as min-hop does. Routes are the shortest legal up/down routes, which on a ring or a mesh are not always the
 * shortest paths.
 *
 * <p>A switch's port 0 LID gets a route from every switch even where that needs a descent and then a climb (from one
 * spine to another): such switches fall back to a min-hop port. Those routes carry only management traffic and
 * {@link RouteVerifier} leaves them out of the credit-loop check.
 */
public final class UpDownRouting implements RoutingEngine {
    private static final int NONE = Integer.MAX_VALUE;

    private final Set<Long> rootGuids;

    /** Roots chosen as {@link UpDownRoots} describes. */
    public UpDownRouting() {
        this(Set.of());
    }

    /** @param rootGuids node GUIDs of the root switches (OpenSM's root GUID file); empty to choose them */
    public UpDownRouting(Set<Long> rootGuids) {
        this.rootGuids = Set.copyOf(rootGuids);
    }

    @Override
    public String name() {
        return "updown";
    }

    /** @throws IllegalArgumentException if a named root is not a switch, or a CA cannot be reached up then down */
    @Override
    public Routes route(Subnet subnet, LidAssignment lids) {
        SwitchGraph graph = new SwitchGraph(subnet);
        List<Integer> roots = rootGuids.isEmpty() ? UpDownRoots.choose(graph, lids) : named(graph);
        Pass pass = pass(graph, lids, roots);
        if (pass.unreachable() != null && rootGuids.isEmpty() && roots.size() > 1) {
            // Several roots may share no higher switch (no route climbs from one to another); a single root is
            // above every switch.
            pass = pass(graph, lids, List.of(roots.get(0)));
        }
        if (pass.unreachable() != null) {
            throw new IllegalArgumentException("up/down from roots " + names(graph, roots) + " cannot route "
                    + pass.unreachable() + ": it would have to descend and climb again");
        }
        return pass.routes();
    }

    /** The routes from one set of roots, or the first LID of a CA port some switch cannot reach. */
    private record Pass(Routes routes, String unreachable) {}

    private static Pass pass(SwitchGraph graph, LidAssignment lids, List<Integer> roots) {
        int[] order = order(graph, roots);
        Integer[] byOrder = new Integer[order.length];
        for (int s = 0; s < order.length; s++) {
            byOrder[order[s]] = s;
        }
        Routes routes = new Routes(lids.maxLid());
        // CA LIDs and switch LIDs are counted apart, so the switch LIDs cannot tip the balance of the CA LIDs.
        PortLoad caLoad = new PortLoad();
        PortLoad switchLoad = new PortLoad();
        for (var e : lids.bases().entrySet()) {
            SmPort end = e.getKey();
            SmPort exit = graph.attachment(end);
            if (exit == null) {
                continue;
            }
            int[] down = descents(graph, order, graph.index(exit.node()));
            for (int lid = e.getValue(); lid < e.getValue() + lids.span(end); lid++) {
                LidRoute r =
                        new LidRoute(graph, order, down, lid, routes, end.node().isSwitch() ? switchLoad : caLoad);
                for (int s : byOrder) {
                    if (!r.route(s, exit) && !end.node().isSwitch()) {
                        return new Pass(
                                null,
                                "LID " + lid + " of " + end + " from "
                                        + graph.switches().get(s));
                    }
                }
            }
        }
        return new Pass(routes, null);
    }

    /** The routes of one LID, decided switch by switch from the roots down. */
    private static final class LidRoute {
        private final SwitchGraph graph;
        private final int[] order;
        private final int[] down;
        private final int lid;
        private final Routes routes;
        private final PortLoad load;
        private final int[] cost;
        private final boolean[] mustDescend;

        LidRoute(SwitchGraph graph, int[] order, int[] down, int lid, Routes routes, PortLoad load) {
            this.graph = graph;
            this.order = order;
            this.down = down;
            this.lid = lid;
            this.routes = routes;
            this.load = load;
            this.cost = new int[order.length];
            Arrays.fill(cost, NONE);
            this.mustDescend = new boolean[order.length];
        }

        /** Sets switch {@code s}'s port for the LID; false if no up/down route exists (a min-hop port is set). */
        boolean route(int s, SmPort exit) {
            int t = graph.index(exit.node());
            if (s == t) {
                cost[s] = 0;
                set(s, exit.number());
                return true;
            }
            List<SmPort> trunks = graph.trunks(s);
            int[] peers = graph.trunkPeers(s);
            int climb = NONE;
            for (int u : peers) {
                if (order[u] < order[s] && cost[u] != NONE) {
                    climb = Math.min(climb, cost[u] + 1);
                }
            }
            boolean descend = down[s] != NONE && (mustDescend[s] || down[s] <= climb);
            List<SmPort> legal = new ArrayList<>();
            for (int k = 0; k < peers.length; k++) {
                int u = peers[k];
                boolean next = descend
                        ? order[u] > order[s] && down[u] == down[s] - 1
                        : order[u] < order[s] && climb != NONE && cost[u] == climb - 1;
                if (next) {
                    legal.add(trunks.get(k));
                }
            }
            if (legal.isEmpty()) {
                set(s, MinHopRouting.shortestPort(graph, s, t, load));
                return false;
            }
            SmPort out = load.take(legal);
            cost[s] = descend ? down[s] : climb;
            mustDescend[peer(out)] |= descend;
            set(s, out.number());
            return true;
        }

        private int peer(SmPort p) {
            return graph.index(p.peer().node());
        }

        private void set(int s, int port) {
            if (port >= 0) {
                routes.table(graph.switches().get(s))[lid] = port;
            }
        }
    }

    /** Hops from every switch down to switch {@code t} going only down ({@link #NONE} where it lies not below). */
    private static int[] descents(SwitchGraph graph, int[] order, int t) {
        int[] down = new int[order.length];
        Arrays.fill(down, NONE);
        down[t] = 0;
        ArrayDeque<Integer> queue = new ArrayDeque<>(List.of(t));
        while (!queue.isEmpty()) {
            int v = queue.poll();
            for (int u : graph.trunkPeers(v)) {
                if (order[u] < order[v] && down[u] == NONE) {
                    down[u] = down[v] + 1;
                    queue.add(u);
                }
            }
        }
        return down;
    }

    /**
     * Each switch's place in the up/down order: by rank (hops from the nearest root), then by GUID. A cable leads up
     * from the switch later in the order to the earlier one.
     */
    private static int[] order(SwitchGraph graph, List<Integer> roots) {
        int n = graph.switches().size();
        int[] rank = graph.hopsFrom(roots);
        List<Integer> sorted = new ArrayList<>();
        for (int s = 0; s < n; s++) {
            sorted.add(s);
        }
        sorted.sort((a, b) -> rank[a] != rank[b]
                ? Integer.compare(rank[a], rank[b])
                : Long.compareUnsigned(
                        graph.switches().get(a).guid(), graph.switches().get(b).guid()));
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[sorted.get(i)] = i;
        }
        return order;
    }

    private List<Integer> named(SwitchGraph graph) {
        List<Integer> roots = new ArrayList<>();
        for (long guid : rootGuids) {
            SmNode sw = graph.switches().stream()
                    .filter(n -> n.guid() == guid)
                    .findFirst()
                    .orElseThrow(() -> new IllegalArgumentException(
                            String.format("up/down root 0x%016x is not a switch of the subnet", guid)));
            roots.add(graph.index(sw));
        }
        return roots;
    }

    private static List<String> names(SwitchGraph graph, List<Integer> roots) {
        return roots.stream().map(r -> graph.switches().get(r).toString()).toList();
    }
}
