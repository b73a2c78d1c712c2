package dev.ibmesh.sm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.runtime.madport.MadPort;
import dev.ibmesh.sm.discovery.Discovery;
import dev.ibmesh.sm.discovery.SmNode;
import dev.ibmesh.sm.discovery.SmPort;
import dev.ibmesh.sm.discovery.Subnet;
import dev.ibmesh.sm.routing.ForwardingTableReader;
import dev.ibmesh.sm.routing.RouteVerifier;
import dev.ibmesh.sm.routing.SwitchGraph;
import dev.ibmesh.sm.smp.SmpDispatcher;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The SM brings real emulated fabrics to SUBNET UP: every cabled port Active, and the routes, read back from the
 * switches and checked by {@link RouteVerifier} against a second, independent sweep, reach every LID on a shortest
 * path.
 */
class BringUpTest {
    @Test
    void aLineComesUp() throws Exception {
        RouteVerifier.RouteCheck check = bringUp(Topologies.line(), "h1", 5);
        assertFalse(check.hasCreditLoop(), "a line has no cycle");
    }

    @Test
    void aFatTreeComesUpWithoutCreditLoops() throws Exception {
        RouteVerifier.RouteCheck check = bringUp(Topologies.fatTree(16, 8), "h1", 16 + 4 + 4);
        assertFalse(check.hasCreditLoop(), () -> "min-hop on a fat tree has no cycle: " + check.creditLoop());
        assertEquals(2, check.maxHops(), "leaf - spine - leaf");
    }

    @Test
    void aRingComesUpAndItsCreditLoopIsReported() throws Exception {
        RouteVerifier.RouteCheck check = bringUp(Topologies.ring(5), "h00", 10);
        assertTrue(check.hasCreditLoop(), "min-hop routes around a ring of 5 form a cycle of channel dependencies");
    }

    @Test
    void ftreeOnARingFallsBackToMinHopAndSaysWhy() throws Exception {
        try (SmFabric f = SmFabric.start(Topologies.ring(4))) {
            List<String> log = new ArrayList<>();
            SweepResult r =
                    new SubnetManager(f.madPort("h00"), SmOptions.defaults().withRouting("ftree"), log::add).sweep();
            assertTrue(r.up(), r::summary);
            assertTrue(log.get(0).startsWith("ftree cannot route this subnet (not a fat tree:"), log::toString);
            assertTrue(log.get(0).endsWith("): using minhop"), log::toString);
        }
    }

    @Test
    void aMeshComesUp() throws Exception {
        bringUp(Topologies.grid(3, 3, false), "h11", 18);
    }

    @Test
    void aSecondSweepOfAnUpSubnetChangesNothing() throws Exception {
        try (SmFabric f = SmFabric.start(Topologies.fatTree(16, 8))) {
            MadPort port = f.madPort("h3");
            SubnetManager sm = new SubnetManager(port, SmOptions.defaults(), line -> {});
            SweepResult first = sm.sweep();
            SweepResult second = sm.sweep();
            assertTrue(second.up(), second::summary);
            assertEquals(lidsByGuid(first), lidsByGuid(second), "LIDs are stable across sweeps");
            SmpDispatcher reader = new SmpDispatcher(port, 8, Duration.ofSeconds(2), 1);
            new Discovery(reader).sweep();
            assertEquals(reader.sent(), second.smps(), "an up subnet needs only the reads of a discovery");
        }
    }

    private static Map<Long, Integer> lidsByGuid(SweepResult r) {
        Map<Long, Integer> m = new TreeMap<>();
        r.lids().bases().forEach((p, lid) -> m.put(p.guid(), lid));
        return m;
    }

    /** Runs the SM from {@code smHost}, then checks the fabric as it is, not as the SM says it is. */
    static RouteVerifier.RouteCheck bringUp(String yaml, String smHost, int nodes) throws Exception {
        return bringUp(yaml, smHost, nodes, SmOptions.defaults(), true);
    }

    /** As above with {@code options}; {@code shortest}: whether every route must be a shortest path. */
    static RouteVerifier.RouteCheck bringUp(String yaml, String smHost, int nodes, SmOptions options, boolean shortest)
            throws Exception {
        try (SmFabric f = SmFabric.start(yaml)) {
            MadPort port = f.madPort(smHost);
            List<String> log = new ArrayList<>();
            SweepResult result = new SubnetManager(port, options, log::add).sweep();
            assertTrue(result.up(), () -> result.summary() + " " + result.problems());
            assertEquals(nodes, result.subnet().nodes().size(), "nodes found");
            assertTrue(log.get(0).startsWith("SUBNET UP: " + nodes + " nodes"), log::toString);
            Map<String, PhaseClock.Phase> phases = result.phases().phases();
            assertEquals(
                    result.smps(),
                    phases.values().stream().mapToLong(PhaseClock.Phase::smps).sum(),
                    () -> "every SMP of the sweep is counted in one phase: " + result.phases());
            assertTrue(
                    phases.get("discovery").smps() >= result.subnet().portCount(),
                    () -> "discovery reads the PortInfo of every port: " + result.phases());
            assertEquals(List.of(), f.portsNotIn(PortInfo.PORT_STATE_ACTIVE), "every cabled port is Active");
            return verifyAsTheFabricIs(port, shortest);
        }
    }

    /** An independent sweep reads the LIDs the ports have and the tables the switches hold, and walks every route. */
    static RouteVerifier.RouteCheck verifyAsTheFabricIs(MadPort port) {
        return verifyAsTheFabricIs(port, true);
    }

    static RouteVerifier.RouteCheck verifyAsTheFabricIs(MadPort port, boolean shortest) {
        SmpDispatcher reader = new SmpDispatcher(port, 8, Duration.ofSeconds(2), 1);
        Subnet seen = new Discovery(reader).sweep();
        assertEquals(List.of(), seen.problems());
        Map<Integer, SmPort> owners = new TreeMap<>();
        for (SmPort p : seen.endPorts()) {
            int lid = p.info().lid();
            assertTrue(lid > 0, p + " has a LID");
            for (int l = lid; l < lid + (1 << p.info().lmc()); l++) {
                SmPort before = owners.put(l, p);
                assertEquals(null, before, "LID " + l + " is owned once");
            }
        }
        List<String> problems = new ArrayList<>();
        Map<SmNode, int[]> tables = new ForwardingTableReader(reader).read(seen.switches(), problems::add);
        assertEquals(List.of(), problems);
        RouteVerifier.RouteCheck check = RouteVerifier.verify(new SwitchGraph(seen), owners, tables, shortest);
        assertTrue(check.ok(), () -> check.problemCount() + " route problems: " + check.problems());
        assertEquals(seen.switches().size() * owners.size(), check.routes());
        return check;
    }
}
