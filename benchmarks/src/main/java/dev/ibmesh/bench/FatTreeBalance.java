package dev.ibmesh.bench;

import dev.ibmesh.runtime.madport.MadPort;
import dev.ibmesh.sm.SmOptions;
import dev.ibmesh.sm.SubnetManager;
import dev.ibmesh.sm.SweepResult;
import dev.ibmesh.sm.discovery.SmNode;
import dev.ibmesh.sm.discovery.SmPort;
import dev.ibmesh.sm.lid.LidAssignment;
import dev.ibmesh.sm.routing.ForwardingTableReader;
import dev.ibmesh.sm.smp.SmpDispatcher;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The route balance ({@link RouteBalance}) of ibmesh's fat-tree engine ({@code ftree}) on a fabric that is up: one
 * more heavy sweep with that engine (untimed; it rewrites every switch's LFT), then the LFTs read back from the
 * switches with SubnGet(LinearForwardingTable), so the figures are those of the tables the packets meet.
 */
final class FatTreeBalance {
    private FatTreeBalance() {}

    /** Routes the fabric behind {@code port} with {@code ftree} and measures what the switches then hold. */
    static RouteBalance measure(MadPort port, SmOptions options) {
        SweepResult sweep = new SubnetManager(port, options.withRouting("ftree"), line -> {}).sweep();
        if (!sweep.up()) {
            throw new IllegalStateException("the ftree sweep did not bring the subnet up: " + sweep.summary());
        }
        List<String> problems = new ArrayList<>();
        SmpDispatcher smps = new SmpDispatcher(port, options.window(), options.timeout(), options.retries());
        Map<SmNode, int[]> tables =
                new ForwardingTableReader(smps).read(sweep.subnet().switches(), problems::add);
        if (!problems.isEmpty()) {
            throw new IllegalStateException("could not read the LFTs back: " + problems.get(0));
        }
        LidAssignment lids = sweep.lids();
        Set<Integer> caLids = new HashSet<>();
        lids.bases().keySet().stream().filter(p -> !p.node().isSwitch()).forEach(p -> caLids.addAll(lidsOf(lids, p)));
        List<RouteBalance.Leaf> leaves = new ArrayList<>();
        for (SmNode sw : sweep.subnet().switches()) {
            Set<Integer> upPorts = new HashSet<>();
            Set<Integer> own = new HashSet<>();
            boolean leaf = false;
            for (SmPort p : sw.ports()) {
                SmPort peer = p.peer();
                if (peer != null && peer.node().isSwitch()) {
                    upPorts.add(p.number());
                } else if (peer != null) {
                    leaf = true;
                    own.addAll(lidsOf(lids, peer));
                }
            }
            if (leaf) {
                leaves.add(new RouteBalance.Leaf(sw.description(), upPorts, own, tables.get(sw)));
            }
        }
        return RouteBalance.of(leaves, caLids);
    }

    /** The LIDs of an end port: its base LID and the rest of its LMC range. */
    private static Set<Integer> lidsOf(LidAssignment lids, SmPort port) {
        Set<Integer> range = new HashSet<>();
        int base = lids.lid(port);
        for (int i = 0; base > 0 && i < lids.span(port); i++) {
            range.add(base + i);
        }
        return range;
    }
}
