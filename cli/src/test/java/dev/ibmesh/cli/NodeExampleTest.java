package dev.ibmesh.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.runtime.umad.OfedTools;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Node.js client of examples/node against {@code ibmesh up} in a child JVM, as the README tells a user to run it:
 * the fabric of examples/topologies/two-switches-four-hcas.yaml, configured by one sweep of OpenSM (LIDs, routes,
 * ports Active), then {@code npm ci} and the script, which connects an RC QP of h2 to one of h3 through both
 * switches, RDMA-WRITEs and SENDs, and checks the bytes. Skipped, saying why, when node or npm is not installed.
 */
class NodeExampleTest {
    private static final Path ROOT = ExampleClient.ROOT;

    @Test
    void theExampleConnectsTwoHcasAndTheirDataArrives(@TempDir Path dir) throws Exception {
        String node = OfedTools.which("node");
        String npm = OfedTools.which("npm");
        Assumptions.assumeTrue(
                node != null && npm != null,
                "node or npm is not installed (Node 20: apt-get install nodejs npm): the Node.js example is not run");
        CliProcess up = ExampleClient.startExampleFabric(dir);
        try {
            String target = ExampleClient.controlTarget(up);
            up.awaitLine(
                    "the verbs banner",
                    l -> l.contains(
                            "HCA verbs (gRPC ibmesh.verbs.v1.Verbs) on the same port for h1, h2, h3, h4, the HCA"
                                    + " named by the metadata header ibmesh-device"),
                    CliProcess.STARTUP);
            up.awaitLine(
                    "SUBNET UP", l -> l.startsWith("fabric ready:") && l.contains("subnet up"), CliProcess.STARTUP);

            Path example = ROOT.resolve("examples/node");
            ExampleClient.Finished ci =
                    ExampleClient.run(dir, example, npm, "ci", "--no-audit", "--no-fund", "--prefer-offline");
            assertEquals(0, ci.exit(), "npm ci:\n" + ci.output());
            ExampleClient.Finished script =
                    ExampleClient.run(dir, example, node, "rc-write-send.js", target, "h2", "h3");
            assertEquals(0, script.exit(), "the example:\n" + script.output());
            for (String line : List.of(
                    "RDMA WRITE: \"RDMA WRITE from h2 to h3\" arrived",
                    "SEND: \"SEND from h2 to h3\" arrived",
                    "PSNs now: h2 sq_psn 102, h3 rq_psn 102 (both started at 100)",
                    "OK")) {
                assertTrue(
                        script.output().lines().anyMatch(line::equals),
                        "no line '" + line + "' in:\n" + script.output());
            }
        } finally {
            up.stop();
        }
    }
}
