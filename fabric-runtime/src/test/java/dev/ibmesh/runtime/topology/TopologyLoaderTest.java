package dev.ibmesh.runtime.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TopologyLoaderTest {
    private static final String YAML = "devices:\n  - {name: sw1, kind: switch, ports: 8}\n";
    private static final String NET = "Switch\t8 \"sw1\"\n";

    private static Topology load(Path dir, String name, String text) throws IOException, TopologyException {
        Path file = dir.resolve(name);
        Files.writeString(file, text);
        return TopologyLoader.load(file, DeviationCatalog.PERMISSIVE);
    }

    @Test
    void picksTheParserByExtensionThenContent(@TempDir Path dir) throws IOException, TopologyException {
        Topology fromYaml = load(dir, "fabric.yaml", YAML);

        assertEquals(fromYaml, load(dir, "fabric.YML", YAML));
        assertEquals(fromYaml, load(dir, "fabric", "# no extension\n" + YAML));
        assertEquals("ibmesh switch sw1", fromYaml.device("sw1").orElseThrow().nodeDescription());
        // net: ibsim's description is the node id and its first switch GUID 0x200000
        Topology fromNet = load(dir, "fabric.net", NET);
        assertEquals("sw1", fromNet.device("sw1").orElseThrow().nodeDescription());
        assertEquals(0x200000L, fromNet.device("sw1").orElseThrow().nodeGuid());
        assertEquals(fromNet, load(dir, "topology.txt", NET));
    }

    @Test
    void theExamplesLoad() throws TopologyException {
        assertEquals(
                14,
                TopologyLoader.load(TopologyFiles.example("fat-tree-2-level.yaml"), DeviationCatalog.PERMISSIVE)
                        .devices()
                        .size());
        assertEquals(
                6,
                TopologyLoader.load(TopologyFiles.resource("ibnetdiscover-2sw4hca.net"), DeviationCatalog.PERMISSIVE)
                        .links()
                        .size());
    }

    @Test
    void aMissingFileIsAProblemToo(@TempDir Path dir) {
        List<String> problems = TopologyFiles.problems(
                () -> TopologyLoader.load(dir.resolve("absent.yaml"), DeviationCatalog.PERMISSIVE));
        assertEquals(1, problems.size());
        assertEquals(true, problems.get(0).startsWith("absent.yaml: cannot read the file: "), problems.get(0));
    }
}
