package dev.ibmesh.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.ibmesh.cli.Ibnetdiscover.Cable;
import dev.ibmesh.cli.Ibnetdiscover.End;
import dev.ibmesh.cli.Ibnetdiscover.Node;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.runtime.device.Device;
import dev.ibmesh.runtime.port.LinkImpairment;
import dev.ibmesh.runtime.port.Port;
import dev.ibmesh.runtime.topology.DeviceKind;
import dev.ibmesh.runtime.topology.DeviceSpec;
import dev.ibmesh.runtime.topology.LinkEnd;
import dev.ibmesh.runtime.topology.LinkSpec;
import dev.ibmesh.runtime.topology.Topology;
import dev.ibmesh.runtime.umad.OfedTools;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * OpenSM, unmodified, is the subnet manager of ibmesh fabrics: run once ({@code -o}) through the umad endpoint from
 * the first HCA, or from a switch's port 0 as on a managed switch, it must reach SUBNET UP with every linked port
 * Active; then {@code ibnetdiscover}, from the same place, must print exactly the topology that was started, and the
 * LFTs OpenSM programmed, read back with {@code ibroute}, must lead from every switch to every LID.
 */
class OpenSmInteropTest {
    private static final Pattern LFT_ENTRY = Pattern.compile("^0x([0-9a-f]{4}) (\\d{3}) :.*$");

    /**
     * @param simHost where OpenSM and the diags attach: empty for the first HCA, or a switch's name for its port 0
     *                (OpenSM on a managed switch)
     */
    @ParameterizedTest(name = "{0} from {1}")
    @CsvSource({
        "two-switches-four-hcas.yaml, ''",
        "fat-tree-2-level.yaml, ''",
        "two-switches-four-hcas.yaml, sw1",
        "fat-tree-2-level.yaml, leaf2"
    })
    void openSmBringsTheFabricUpAndTheDiagsSeeExactlyTheTopology(String file, String simHost) throws Exception {
        try (OfedFabric f = OfedFabric.start(Path.of("..", "examples", "topologies", file))) {
            String host = simHost.isEmpty() ? firstHca(f.topology) : simHost;
            Path log = f.dir.resolve("opensm.log");
            OfedTools.Run osm = f.run(host, "opensm", "-o", "-f", log.toString());
            String text = Files.readString(log);
            assertEquals(0, osm.exitCode(), () -> osm + "\n" + text);
            assertTrue(text.contains("SUBNET UP"), text);
            assertEveryLinkedPortActive(f);

            OfedTools.Run disc = f.run(host, "ibnetdiscover");
            assertEquals(0, disc.exitCode(), disc::toString);
            DeviceSpec from = f.topology.device(host).orElseThrow();
            assertTrue(
                    disc.out()
                            .contains(String.format(
                                    "# Initiated from node %016x port %016x", from.nodeGuid(), from.portGuid(1))),
                    disc::out);
            Ibnetdiscover seen = Ibnetdiscover.parse(disc.out());
            assertEquals(expectedNodes(f.topology), new HashSet<>(seen.nodes.values()), disc.out());
            assertEquals(expectedCables(f.topology), seen.cables, disc.out());
            for (DeviceSpec d : f.topology.devices()) {
                if (d.kind() != DeviceKind.SWITCH) {
                    for (int p = 1; p <= d.numPorts(); p++) {
                        End end = new End(d.nodeGuid(), p);
                        if (seen.portGuids.containsKey(end)) {
                            assertEquals(d.portGuid(p), seen.portGuids.get(end), d.name() + "/" + p + " port GUID");
                        }
                    }
                }
            }
            assertLftsLeadEverywhere(f, host, seen);
        }
    }

    /**
     * OpenSM with an M_Key (IBA 14.2.4: its {@code m_key}, protection level 1, lease): it keys every end port and goes on
     * configuring them with the key it learns from each PortInfo Set's answer. Before the SMA answered such a Set
     * hiding the key it had just taken, OpenSM's next Set to the switch carried M_Key 0, was discarded, and OpenSM
     * waited forever (the endpoint did not yet give back requests lost in the fabric).
     */
    @Test
    void openSmWithAnMKeyBringsTheFabricUpAndKeysEveryEndPort() throws Exception {
        try (OfedFabric f = OfedFabric.start(Path.of("..", "examples", "topologies", "fat-tree-2-level.yaml"))) {
            Path conf = f.dir.resolve("opensm-mkey.conf");
            Files.writeString(conf, "m_key 0x00000000000000aa\nm_key_protection_level 1\nm_key_lease_period 60\n");
            Path log = f.dir.resolve("opensm.log");
            OfedTools.Run osm =
                    f.run(firstHca(f.topology), "opensm", "-o", "-F", conf.toString(), "-f", log.toString());
            String text = Files.readString(log);
            assertEquals(0, osm.exitCode(), () -> osm + "\n" + text);
            assertTrue(text.contains("SUBNET UP"), text);
            assertFalse(text.contains("IB_TIMEOUT"), text);
            assertEveryLinkedPortActive(f);
            for (DeviceSpec d : f.topology.devices()) {
                Device device = f.device(d.name());
                int management = d.kind() == DeviceKind.SWITCH ? 0 : 1;
                int lid = f.onLoop(device, () -> device.lid(management));
                OfedTools.Run read = f.run(
                        firstHca(f.topology),
                        "smpquery",
                        "-K",
                        "-y",
                        "0xaa",
                        "portinfo",
                        String.valueOf(lid),
                        String.valueOf(management));
                assertEquals(0, read.exitCode(), read::toString);
                assertTrue(read.out().matches("(?s).*Mkey:\\.+0x0*aa\\s.*"), d.name() + ": " + read.out());
                assertTrue(read.out().matches("(?s).*ProtectBits:\\.+1\\s.*"), d.name() + ": " + read.out());
            }
        }
    }

    /**
     * OpenSM on lossy links: an SMP lost in the fabric comes back to it as a timed-out send (the umad endpoint gives a
     * request back with status 110 after its response timeout, as the kernel does), so OpenSM carries on and ends. Before,
     * a lost SMP left OpenSM waiting for its completion until it was killed.
     */
    @Test
    void openSmOnLossyLinksIsToldOfLostSmpsAndEnds() throws Exception {
        try (OfedFabric f = OfedFabric.start(Path.of("..", "examples", "topologies", "fat-tree-2-level.yaml"))) {
            List<LinkSpec> hcaLinks = f.topology.links().stream()
                    .filter(l -> isHca(f.topology, l.a()) || isHca(f.topology, l.b()))
                    .limit(3)
                    .toList();
            assertEquals(3, hcaLinks.size(), "three cables to HCAs");
            long seed = 1;
            for (LinkSpec link : hcaLinks) {
                for (LinkEnd end : new LinkEnd[] {link.a(), link.b()}) {
                    Device d = f.device(end.port().device());
                    LinkImpairment.Settings half = new LinkImpairment.Settings(0.5, 0, 0, 0, 0, seed++);
                    f.onLoop(d, () -> {
                        d.port(end.port().port()).impair(half);
                        return null;
                    });
                }
            }
            Path log = f.dir.resolve("opensm.log");
            OfedTools.Run osm = f.run(firstHca(f.topology), "opensm", "-o", "-f", log.toString());
            String text = Files.readString(log);
            assertEquals(0, osm.exitCode(), () -> osm + "\n" + text);
            assertTrue(text.contains("IB_TIMEOUT"), "OpenSM was told of SMPs lost on the lossy links:\n" + text);
        }
    }

    private static boolean isHca(Topology t, LinkEnd end) {
        return t.device(end.port().device()).orElseThrow().kind() == DeviceKind.HCA;
    }

    static String firstHca(Topology t) {
        return t.devices().stream()
                .filter(d -> d.kind() == DeviceKind.HCA)
                .findFirst()
                .orElseThrow()
                .name();
    }

    static void assertEveryLinkedPortActive(OfedFabric f) {
        for (LinkSpec link : f.topology.links()) {
            for (LinkEnd end : new LinkEnd[] {link.a(), link.b()}) {
                Device d = f.device(end.port().device());
                Port p = d.port(end.port().port());
                assertEquals(PortInfo.PORT_STATE_ACTIVE, (int) f.onLoop(d, p::portState), end.port() + " is Active");
            }
        }
    }

    private static Set<Node> expectedNodes(Topology t) {
        Set<Node> nodes = new HashSet<>();
        for (DeviceSpec d : t.devices()) {
            nodes.add(new Node(
                    d.kind() == DeviceKind.SWITCH ? "Switch" : "Ca", d.nodeGuid(), d.numPorts(), d.nodeDescription()));
        }
        return nodes;
    }

    private static Set<Cable> expectedCables(Topology t) {
        Set<Cable> cables = new HashSet<>();
        for (LinkSpec link : t.links()) {
            String rate = link.activeWidth().orElseThrow().label()
                    + link.activeSpeedExt()
                            .map(Enum::name)
                            .orElseGet(() -> link.activeSpeed().orElseThrow().name());
            cables.add(Cable.of(end(t, link.a()), end(t, link.b()), rate));
        }
        return cables;
    }

    private static End end(Topology t, LinkEnd e) {
        return new End(
                t.device(e.port().device()).orElseThrow().nodeGuid(), e.port().port());
    }

    /**
     * Reads every switch's LFT with ibroute and follows it hop by hop from every switch to every LID OpenSM gave:
     * each walk must end at the port that owns the LID (a CA port, or port 0 of the switch whose LID it is).
     */
    private static void assertLftsLeadEverywhere(OfedFabric f, String host, Ibnetdiscover seen) throws Exception {
        Map<Long, Map<Integer, Integer>> lfts = new HashMap<>();
        Map<End, End> peers = new HashMap<>();
        for (Cable c : seen.cables) {
            peers.put(c.a(), c.b());
            peers.put(c.b(), c.a());
        }
        for (Node n : seen.nodes.values()) {
            if (n.kind().equals("Switch")) {
                int lid = seen.lids.get(new End(n.guid(), 0));
                OfedTools.Run r = f.run(host, "ibroute", Integer.toString(lid));
                assertEquals(0, r.exitCode(), r::toString);
                Map<Integer, Integer> lft = new HashMap<>();
                for (String line : r.out().lines().map(String::strip).toList()) {
                    Matcher m = LFT_ENTRY.matcher(line);
                    if (m.matches()) {
                        lft.put(Integer.parseInt(m.group(1), 16), Integer.parseInt(m.group(2)));
                    }
                }
                lfts.put(n.guid(), lft);
            }
        }
        for (Map.Entry<End, Integer> target : seen.lids.entrySet()) {
            for (long start : lfts.keySet()) {
                long at = start;
                for (int hop = 0; ; hop++) {
                    if (hop > seen.nodes.size()) {
                        fail("LID " + target.getValue() + " loops from switch " + Long.toHexString(start));
                    }
                    Integer out = lfts.get(at).get(target.getValue());
                    if (out == null) {
                        fail("switch " + Long.toHexString(at) + " has no LFT entry for LID " + target.getValue());
                    }
                    if (out == 0) {
                        assertEquals(target.getKey(), new End(at, 0), "LID " + target.getValue() + " ends at port 0");
                        break;
                    }
                    End next = peers.get(new End(at, out));
                    if (!lfts.containsKey(next.guid())) {
                        assertEquals(
                                target.getKey(), next, "LID " + target.getValue() + " from " + Long.toHexString(start));
                        break;
                    }
                    at = next.guid();
                }
            }
        }
    }
}
