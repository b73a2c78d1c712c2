package dev.ibmesh.sm;

import dev.ibmesh.sm.discovery.Subnet;
import dev.ibmesh.sm.lid.LidAssignment;
import dev.ibmesh.sm.partition.PKeyAssignment;
import dev.ibmesh.sm.routing.Routes;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * What one heavy sweep did: the subnet it saw, the LIDs and routes it gave, how long it took and how many SMPs it
 * sent (resends included) and saw time out, the problems that kept it from configuring everything, and how long
 * each phase took.
 */
public record SweepResult(
        Subnet subnet,
        LidAssignment lids,
        Routes routes,
        PKeyAssignment pKeys,
        Duration took,
        long smps,
        long timeouts,
        List<String> problems,
        PhaseClock phases) {
    /** The subnet is up: every node seen was read and every port configured. */
    public boolean up() {
        return problems.isEmpty();
    }

    /** The line an OpenSM user looks for. */
    public String summary() {
        int recalled = subnet.recalled().size();
        return (up()
                        ? String.format(
                                Locale.ROOT,
                                "SUBNET UP: %d nodes, %d ports, %.3f s, %d SMPs",
                                subnet.nodes().size(),
                                subnet.portCount(),
                                took.toNanos() / 1e9,
                                smps)
                        : String.format(
                                Locale.ROOT,
                                "sweep incomplete: %d nodes, %d problems (first: %s), %.3f s, %d SMPs, %d timeouts",
                                subnet.nodes().size(),
                                problems.size(),
                                problems.get(0),
                                took.toNanos() / 1e9,
                                smps,
                                timeouts))
                + (recalled == 0 ? "" : " (" + recalled + " lost answers recalled from the last sweep)");
    }
}
