package dev.ibmesh.sm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.runtime.madport.MadPort;
import dev.ibmesh.runtime.topology.FatTree;
import dev.ibmesh.sm.discovery.Discovery;
import dev.ibmesh.sm.discovery.SmNode;
import dev.ibmesh.sm.discovery.SmPort;
import dev.ibmesh.sm.discovery.Subnet;
import dev.ibmesh.sm.lid.LidAssignment;
import dev.ibmesh.sm.lid.LidManager;
import dev.ibmesh.sm.routing.FatTreeRouting;
import dev.ibmesh.sm.routing.ForwardingTableReader;
import dev.ibmesh.sm.routing.RouteVerifier;
import dev.ibmesh.sm.routing.RouteVerifier.RouteCheck;
import dev.ibmesh.sm.routing.Routes;
import dev.ibmesh.sm.routing.SwitchGraph;
import dev.ibmesh.sm.routing.UpDownRouting;
import dev.ibmesh.sm.smp.SmpDispatcher;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The up/down and fat-tree engines bring real emulated fabrics up with routes that cannot form a credit loop, and
 * both spread the destinations evenly over the uplinks of every leaf of a fat tree (the [sm] issue: within one).
 */
class RoutingEnginesTest {
    @ParameterizedTest
    @ValueSource(strings = {"updown", "ftree"})
    void aFatTreeIsRoutedOnShortestPathsWithoutCreditLoops(String engine) throws Exception {
        RouteCheck check = BringUpTest.bringUp(
                Topologies.fatTree(16, 8), "h1", 24, SmOptions.defaults().withRouting(engine), true);
        assertFalse(check.hasCreditLoop(), () -> engine + " on a fat tree: " + check.creditLoop());
        assertEquals(2, check.maxHops(), "leaf - spine - leaf");
    }

    @ParameterizedTest
    @ValueSource(strings = {"updown", "ftree"})
    void everyLidOfAPortWithLmcIsRoutedWithoutCreditLoops(String engine) throws Exception {
        RouteCheck check = BringUpTest.bringUp(
                Topologies.fatTree(16, 8),
                "h1",
                24,
                SmOptions.defaults().withRouting(engine).withLmc(2),
                true);
        assertFalse(check.hasCreditLoop(), () -> engine + " with LMC 2: " + check.creditLoop());
    }

    @Test
    void upDownBreaksTheCreditLoopOfARing() throws Exception {
        // Min-hop on the same ring has one (BringUpTest); up/down pays with a longer way round for some pairs.
        RouteCheck check = BringUpTest.bringUp(
                Topologies.ring(5), "h00", 10, SmOptions.defaults().withRouting("updown"), false);
        assertFalse(check.hasCreditLoop(), () -> "up/down on a ring: " + check.creditLoop());
        assertTrue(check.maxHops() > 2, "a ring of 5 has a diameter of 2; up/down must go round the long way");
    }

    @Test
    void upDownRoutesAMeshFromItsCentreWithoutCreditLoops() throws Exception {
        RouteCheck check = BringUpTest.bringUp(
                Topologies.grid(3, 3, false), "h11", 18, SmOptions.defaults().withRouting("updown"), true);
        assertFalse(check.hasCreditLoop(), () -> "up/down on a mesh: " + check.creditLoop());
    }

    @ParameterizedTest
    @CsvSource({"16, 8, ftree", "72, 12, ftree", "16, 8, updown", "72, 12, updown"})
    void theCaLidsAreSpreadOverEveryLeafUplinkWithinOne(int hcas, int radix, String engine) throws Exception {
        FatTree tree = new FatTree(hcas, radix);
        try (SmFabric f = SmFabric.start(tree.yaml())) {
            MadPort port = f.madPort("h1");
            SweepResult result = new SubnetManager(port, SmOptions.defaults().withRouting(engine), line -> {}).sweep();
            assertTrue(result.up(), result::summary);
            Set<Integer> caLids = new HashSet<>();
            result.lids().bases().forEach((p, lid) -> {
                if (!p.node().isSwitch()) {
                    caLids.add(lid);
                }
            });
            Map<String, Integer> planned =
                    lidsPerUplink(result.subnet(), result.routes().tables(), caLids);

            SmpDispatcher reader = new SmpDispatcher(port, 8, Duration.ofSeconds(2), 1);
            Subnet seen = new Discovery(reader).sweep();
            List<String> problems = new ArrayList<>();
            Map<SmNode, int[]> tables = new ForwardingTableReader(reader).read(seen.switches(), problems::add);
            assertEquals(List.of(), problems);
            Map<String, Integer> programmed = lidsPerUplink(seen, tables, caLids);

            assertEquals(planned, programmed, "the switches hold the tables the engine computed");
            assertEquals(tree.leaves() * tree.spines(), programmed.size(), "one uplink per leaf and spine");
            int perLeaf = hcas - radix / 2; // a leaf sends up every CA LID but its own
            int sum = programmed.values().stream().mapToInt(Integer::intValue).sum();
            assertEquals(tree.leaves() * perLeaf, sum, "every CA LID of another leaf goes up");
            int max = programmed.values().stream()
                    .mapToInt(Integer::intValue)
                    .max()
                    .orElseThrow();
            int min = programmed.values().stream()
                    .mapToInt(Integer::intValue)
                    .min()
                    .orElseThrow();
            assertTrue(max - min <= 1, () -> "CA LIDs per leaf uplink from " + min + " to " + max + ": " + programmed);
            // (Min-hop, which counts switch LIDs in with CA LIDs, leaves these uplinks 2 to 4 and 10 to 12 LIDs apart.)
            for (int lid : caLids) {
                assertEquals(
                        1, spinesUsedFor(seen, tables, lid).size(), "every leaf sends LID " + lid + " to one spine");
            }
        }
    }

    @Test
    void fatTreeRefusesARingAndSaysWhy() throws Exception {
        try (SmFabric f = SmFabric.start(Topologies.ring(5))) {
            Subnet subnet = new Discovery(new SmpDispatcher(f.madPort("h00"), 8, Duration.ofSeconds(2), 1)).sweep();
            LidAssignment lids = new LidManager(0, Map.of()).assign(subnet);
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> new FatTreeRouting().route(subnet, lids));
            assertTrue(
                    e.getMessage().startsWith("not a fat tree: ")
                            && e.getMessage().contains("both at level 0"),
                    e::getMessage);
        }
    }

    @Test
    void upDownTakesNamedRootsAndRefusesOneThatIsNoSwitch() throws Exception {
        try (SmFabric f = SmFabric.start(Topologies.ring(5))) {
            Subnet subnet = new Discovery(new SmpDispatcher(f.madPort("h00"), 8, Duration.ofSeconds(2), 1)).sweep();
            LidAssignment lids = new LidManager(0, Map.of()).assign(subnet);
            Map<Integer, SmPort> owners = new TreeMap<>();
            lids.bases().forEach((p, lid) -> owners.put(lid, p));
            for (SmNode root : subnet.switches()) {
                Routes routes = new UpDownRouting(Set.of(root.guid())).route(subnet, lids);
                RouteCheck check = RouteVerifier.verify(new SwitchGraph(subnet), owners, routes.tables(), false);
                assertTrue(check.ok(), () -> "rooted at " + root + ": " + check.problems());
                assertFalse(check.hasCreditLoop(), () -> "rooted at " + root + ": " + check.creditLoop());
            }
            long ca = subnet.smPort().node().guid();
            IllegalArgumentException e = assertThrows(
                    IllegalArgumentException.class, () -> new UpDownRouting(Set.of(ca)).route(subnet, lids));
            assertTrue(e.getMessage().contains("is not a switch"), e::getMessage);
        }
    }

    /** The switches the leaves send {@code lid} up to. */
    private static Set<SmNode> spinesUsedFor(Subnet subnet, Map<SmNode, int[]> tables, int lid) {
        Set<SmNode> spines = new HashSet<>();
        for (SmNode sw : subnet.switches()) {
            SmPort out = sw.port(tables.get(sw)[lid]);
            if (isLeaf(sw)
                    && out != null
                    && out.peer() != null
                    && out.peer().node().isSwitch()) {
                spines.add(out.peer().node());
            }
        }
        return spines;
    }

    private static boolean isLeaf(SmNode sw) {
        return sw.ports().stream()
                .anyMatch(p -> p.peer() != null && !p.peer().node().isSwitch());
    }

    /** For every leaf uplink (a leaf's port cabled to a switch), how many of {@code caLids} the leaf sends out of it. */
    private static Map<String, Integer> lidsPerUplink(Subnet subnet, Map<SmNode, int[]> tables, Set<Integer> caLids) {
        Map<String, Integer> count = new TreeMap<>();
        for (SmNode sw : subnet.switches()) {
            for (SmPort p : sw.ports()) {
                if (isLeaf(sw) && p.peer() != null && p.peer().node().isSwitch()) {
                    int[] table = tables.get(sw);
                    long n = caLids.stream()
                            .filter(lid -> lid < table.length && table[lid] == p.number())
                            .count();
                    count.put(p.toString(), (int) n);
                }
            }
        }
        return count;
    }
}
