package dev.ibmesh.sm.routing;

import dev.ibmesh.sm.discovery.SmNode;
import dev.ibmesh.sm.discovery.SmPort;
import dev.ibmesh.sm.discovery.Subnet;
import dev.ibmesh.sm.lid.LidAssignment;
import java.util.ArrayList;
import java.util.List;

/**
 * Min-hop routing (OpenSM's default {@code minhop} engine): every switch sends a LID out of a port on a shortest
 * path to the switch the LID's port hangs off; among equally short ports it takes the one that carries the fewest
 * LIDs so far (then the lowest port number), which spreads the LIDs of a fat tree evenly over its uplinks. With LMC
 * above 0 the LIDs of one port are spread the same way, so they tend to take different paths.
 *
 * <p>Min-hop does not avoid credit loops: on a ring or a torus its routes can deadlock, which {@link RouteVerifier}
 * reports.
 */
public final class MinHopRouting implements RoutingEngine {
    @Override
    public String name() {
        return "minhop";
    }

    @Override
    public Routes route(Subnet subnet, LidAssignment lids) {
        SwitchGraph graph = new SwitchGraph(subnet);
        Routes routes = new Routes(lids.maxLid());
        PortLoad load = new PortLoad();
        List<SmNode> switches = graph.switches();
        lids.bases().forEach((end, base) -> {
            SmPort exit = graph.attachment(end);
            if (exit == null) {
                return;
            }
            int dest = graph.index(exit.node());
            for (int lid = base; lid < base + lids.span(end); lid++) {
                for (int s = 0; s < switches.size(); s++) {
                    int port = s == dest ? exit.number() : shortestPort(graph, s, dest, load);
                    if (port >= 0) {
                        routes.table(switches.get(s))[lid] = port;
                    }
                }
            }
        });
        return routes;
    }

    /**
     * The least loaded port of switch {@code s} one hop closer to switch {@code dest} (now carrying one LID more);
     * -1 if {@code dest} is unreachable.
     */
    static int shortestPort(SwitchGraph graph, int s, int dest, PortLoad load) {
        int distance = graph.hops(s, dest);
        if (distance == SwitchGraph.UNREACHABLE) {
            return -1;
        }
        List<SmPort> trunks = graph.trunks(s);
        int[] peers = graph.trunkPeers(s);
        List<SmPort> closer = new ArrayList<>(trunks.size());
        for (int t = 0; t < peers.length; t++) {
            if (graph.hops(peers[t], dest) == distance - 1) {
                closer.add(trunks.get(t));
            }
        }
        return load.take(closer).number();
    }
}
