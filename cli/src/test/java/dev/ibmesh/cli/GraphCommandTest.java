package dev.ibmesh.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.runtime.topology.DeviceSpec;
import dev.ibmesh.runtime.topology.LinkSpec;
import dev.ibmesh.runtime.topology.Topology;
import dev.ibmesh.runtime.umad.IbsimProcess;
import dev.ibmesh.runtime.umad.OfedTools;
import io.vertx.core.json.JsonObject;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code ibmesh graph}: Graphviz renders the DOT with every device and link; the Mermaid text and the HTML page have
 * them all too.
 */
class GraphCommandTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"tester-switch-hca.yaml", "fat-tree-2-level.yaml", "two-switches-four-hcas.yaml"})
    void graphvizDrawsEveryDeviceAndEveryLink(String example) throws Exception {
        Path topology = Path.of("../examples/topologies", example);
        Topology t = load(topology);
        Path dot = dir.resolve("fabric.dot");
        CliRun run = CliRun.of("graph", topology.toString(), "-o", dot.toString());
        assertEquals(0, run.exit(), run.err());
        String svg = render(dot);
        for (DeviceSpec d : t.devices()) {
            assertTrue(svg.contains("<title>" + d.name() + "</title>"), d.name() + " is a node");
        }
        Map<String, Integer> edges = new HashMap<>();
        Matcher m = Pattern.compile("<title>([^<]+)&#45;&#45;([^<]+)</title>").matcher(svg);
        while (m.find()) {
            edges.merge(m.group(1) + "--" + m.group(2), 1, Integer::sum);
        }
        Map<String, Integer> links = new HashMap<>();
        for (LinkSpec l : t.links()) {
            links.merge(l.a().port().device() + "--" + l.b().port().device(), 1, Integer::sum);
        }
        assertEquals(links, edges, "one edge per link, parallel cables too");
        assertTrue(svg.contains(">4x QDR</text>"), "links carry what they train to");
    }

    @Test
    void mermaidHasEveryDeviceAndLinkUnderIdsItCanRead() throws Exception {
        Path net = Files.writeString(dir.resolve("fabric.net"), IbsimProcess.SWITCH_AND_TWO_HCAS);
        Topology t = load(net);
        CliRun run = CliRun.of("graph", net.toString(), "--format", "mermaid");
        assertEquals(0, run.exit(), run.err());
        List<String> lines = run.lines();
        assertEquals("flowchart LR", lines.get(0));
        Map<String, String> ids = new HashMap<>();
        Pattern node = Pattern.compile("  (n\\d+)(?:\\[|\\(\\[|\\{)\"([^\"<]+)<br/>(\\w+)\"(?:\\]|\\]\\)|\\})");
        Pattern edge = Pattern.compile("  (n\\d+) ---\\|\"(\\d+) - (\\d+), ([^\"]+)\"\\| (n\\d+)");
        int edges = 0;
        for (String line : lines.subList(1, lines.size())) {
            Matcher n = node.matcher(line);
            Matcher e = edge.matcher(line);
            if (n.matches()) {
                assertEquals(null, ids.put(n.group(1), n.group(2)), "ids are unique");
                assertEquals(t.device(n.group(2)).orElseThrow().kind().label(), n.group(3));
            } else {
                assertTrue(e.matches(), "a node or an edge: " + line);
                assertNotNull(ids.get(e.group(1)), "the edge starts at a node: " + line);
                assertNotNull(ids.get(e.group(5)), "and ends at one: " + line);
                edges++;
            }
        }
        assertEquals(t.devices().size(), ids.size());
        assertEquals(t.links().size(), edges);
    }

    @ParameterizedTest
    @ValueSource(strings = {"tester-switch-hca.yaml", "fat-tree-2-level.yaml", "two-switches-four-hcas.yaml"})
    void theHtmlPageHoldsEveryDeviceAndLinkAndItsLibrary(String example) throws Exception {
        Path topology = Path.of("../examples/topologies", example);
        Topology t = load(topology);
        Path html = dir.resolve("fabric.html");
        CliRun run = CliRun.of("graph", topology.toString(), "--format", "html", "-o", html.toString());
        assertEquals(0, run.exit(), run.err());
        String page = Files.readString(html);
        assertFalse(page.contains(" src="), "nothing loaded from elsewhere: the page works offline");
        assertTrue(page.contains("cytoscape"), "cytoscape.js inlined");
        assertTrue(page.contains("function ibmeshDraw"), "the live view's drawing inlined");
        Matcher data = Pattern.compile("<script type=\"application/json\" id=\"ibmesh-fabric\">([^<]*)</script>")
                .matcher(page);
        assertTrue(data.find(), "the fabric's data block");
        JsonObject doc = new JsonObject(data.group(1));
        assertEquals(
                t.devices().stream().map(d -> d.name() + " " + d.kind().label()).toList(),
                doc.getJsonArray("devices").stream()
                        .map(d -> ((JsonObject) d).getString("name") + " " + ((JsonObject) d).getString("kind"))
                        .toList());
        assertEquals(
                t.links().stream().map(l -> l.a().port() + "-" + l.b().port()).toList(),
                doc.getJsonArray("links").stream()
                        .map(l -> (JsonObject) l)
                        .map(l -> end(l.getJsonObject("a")) + "-" + end(l.getJsonObject("b")))
                        .toList());
        assertTrue(
                doc.getJsonArray("links").stream()
                        .allMatch(l -> ((JsonObject) l).getString("rate").matches("\\d+x [A-Z]+")),
                "every link carries what it trains to: " + doc.getJsonArray("links"));
    }

    private static String end(JsonObject end) {
        return end.getString("device") + "/" + end.getInteger("port");
    }

    @Test
    void wrongUseIsNamed() {
        CliRun missing = CliRun.of("graph", "no-such.yaml");
        assertEquals(Ibmesh.EXIT_BAD_INPUT, missing.exit());
        assertTrue(missing.err().contains("no such file"), missing.err());
        CliRun format = CliRun.of("graph", "../examples/topologies/fat-tree-2-level.yaml", "--format", "png");
        assertEquals(2, format.exit());
        assertTrue(format.err().contains("png"), format.err());
    }

    private static Topology load(Path file) {
        Topology t = TopologyOption.load(file, new PrintWriter(new StringWriter()), "test");
        assertNotNull(t, file + " loads");
        return t;
    }

    private static String render(Path dot) throws Exception {
        String graphviz = OfedTools.which("dot");
        assertNotNull(graphviz, "Graphviz's dot is needed: scripts/install-test-deps installs it");
        Process p = new ProcessBuilder(graphviz, "-Tsvg", dot.toString())
                .redirectErrorStream(true)
                .start();
        String svg = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), "dot -Tsvg:\n" + svg);
        return svg;
    }
}
