package dev.ibmesh.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.runtime.topology.NetTopologyWriter;
import dev.ibmesh.runtime.umad.IbsimProcess;
import dev.ibmesh.runtime.umad.OfedTools;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The same topology run in ibmesh and in ibsim (the OpenFabrics simulator, fed the net file ibmesh writes): after
 * OpenSM configured each, ibnetdiscover must see the same nodes, GUIDs, descriptions, cables and rates. A difference
 * here is ours or ibsim's to explain, not a quirk of the tools (they are the same on both sides).
 */
class IbsimComparisonTest {
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"two-switches-four-hcas.yaml", "fat-tree-2-level.yaml"})
    void ibnetdiscoverSeesTheSameFabricInIbmeshAndInIbsim(String file) throws Exception {
        OfedTools.require("ibsim", "ibsim-utils");
        try (OfedFabric f = OfedFabric.start(Path.of("..", "examples", "topologies", file))) {
            String host = OpenSmInteropTest.firstHca(f.topology);
            Ibnetdiscover ours = discover(f.dir, f.umadPort, host);

            Path net = Files.writeString(f.dir.resolve("fabric.net"), new NetTopologyWriter().write(f.topology));
            try (IbsimProcess ibsim = IbsimProcess.start(f.dir, net, host)) {
                Ibnetdiscover theirs = discover(f.dir, ibsim.port(), host);
                assertEquals(new HashSet<>(theirs.nodes.values()), new HashSet<>(ours.nodes.values()));
                assertEquals(theirs.cables, ours.cables);
                assertEquals(theirs.portGuids, ours.portGuids);
            }
        }
    }

    /** OpenSM once, then ibnetdiscover, against the simulator on {@code port}. */
    private static Ibnetdiscover discover(Path dir, int port, String host) throws Exception {
        Path log = Files.createTempFile(dir, "opensm", ".log");
        List<String> env = List.of("OSM_CACHE_DIR=" + dir, "OSM_TMP_DIR=" + dir);
        OfedTools.Run osm = OfedTools.run(dir, port, host, env, "opensm", "-o", "-f", log.toString());
        assertEquals(0, osm.exitCode(), osm::toString);
        assertTrue(read(log).contains("SUBNET UP"), () -> read(log));
        OfedTools.Run disc = OfedTools.run(dir, port, host, env, "ibnetdiscover");
        assertEquals(0, disc.exitCode(), disc::toString);
        return Ibnetdiscover.parse(disc.out());
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (java.io.IOException e) {
            return "(unreadable: " + e.getMessage() + ")";
        }
    }
}
