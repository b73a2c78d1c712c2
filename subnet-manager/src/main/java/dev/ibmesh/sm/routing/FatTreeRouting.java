package dev.ibmesh.sm.routing;

import dev.ibmesh.sm.discovery.SmNode;
import dev.ibmesh.sm.discovery.SmPort;
import dev.ibmesh.sm.discovery.Subnet;
import dev.ibmesh.sm.lid.LidAssignment;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Fat-tree routing (after OpenSM's {@code ftree} engine). The LIDs of CA ports are routed first and alone, leaf by
 * leaf (by GUID) and port by port: a switch above the LID's leaf sends it down, any other switch up, each out of the
 * least loaded of its legal ports, counting CA LIDs only. Every uplink of a switch thus carries the same number of CA
 * LIDs within one. On a full-bisection two-level tree (as many CA ports per leaf as uplinks) every leaf also sends a
 * given LID to the same spine, since all leaves see the LIDs of the other leaves in the same order and their loads
 * are level again after each leaf's LIDs: the spines split the destinations evenly. Min-hop, which takes the LIDs in
 * discovery order with the switches' own LIDs counted in, leaves the same uplinks 2 to 4 LIDs apart.
 *
 * <p>Routes climb and then descend, so no credit loop can form (IBA 7.9), and on a two-level tree they are shortest.
 * Routes to a switch's port 0 are min-hop routes with their own load count (a spine reaches another spine only by
 * descending and climbing; {@link RouteVerifier} leaves those routes out of the credit-loop check).
 *
 * <p>A subnet that is not a fat tree is refused with an {@link IllegalArgumentException} saying why
 * ({@link FatTreeLevels}).
 */
public final class FatTreeRouting implements RoutingEngine {
    @Override
    public String name() {
        return "ftree";
    }

    @Override
    public Routes route(Subnet subnet, LidAssignment lids) {
        SwitchGraph graph = new SwitchGraph(subnet);
        FatTreeLevels levels = FatTreeLevels.of(graph, lids);
        Routes routes = new Routes(lids.maxLid());
        List<SmNode> switches = graph.switches();
        PortLoad caLoad = new PortLoad();
        for (Destination d : caDestinations(graph, lids)) {
            int leaf = graph.index(d.exit().node());
            for (int s = 0; s < switches.size(); s++) {
                SmPort out = s == leaf
                        ? d.exit()
                        : levels.above(s, leaf)
                                ? caLoad.take(levels.downTowards(s, leaf))
                                : caLoad.take(levels.uplinks(s));
                routes.table(switches.get(s))[d.lid()] = out.number();
            }
        }
        PortLoad switchLoad = new PortLoad();
        for (SmNode target : switches) {
            int t = graph.index(target);
            int lid = lids.lid(target.port(0));
            for (int s = 0; s < switches.size() && lid > 0; s++) {
                int port = s == t ? 0 : MinHopRouting.shortestPort(graph, s, t, switchLoad);
                routes.table(switches.get(s))[lid] = port;
            }
        }
        return routes;
    }

    /** One LID of a CA port and the switch port it leaves the fabric from. */
    private record Destination(int lid, SmPort exit) {}

    /** The LIDs of the CA ports, leaf by leaf (by GUID), then by the leaf's port number. */
    private static List<Destination> caDestinations(SwitchGraph graph, LidAssignment lids) {
        List<Destination> all = new ArrayList<>();
        lids.bases().forEach((end, base) -> {
            SmPort exit = end.node().isSwitch() ? null : graph.attachment(end);
            for (int lid = base; exit != null && lid < base + lids.span(end); lid++) {
                all.add(new Destination(lid, exit));
            }
        });
        all.sort(Comparator.comparing((Destination d) -> d.exit().node().guid(), Long::compareUnsigned)
                .thenComparingInt(d -> d.exit().number())
                .thenComparingInt(Destination::lid));
        return all;
    }
}
