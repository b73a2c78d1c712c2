package dev.ibmesh.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.runtime.topology.DeviationCatalog;
import dev.ibmesh.runtime.topology.FatTree;
import dev.ibmesh.runtime.topology.NetTopologyWriter;
import dev.ibmesh.runtime.topology.YamlTopologyParser;
import dev.ibmesh.runtime.umad.IbsimProcess;
import dev.ibmesh.runtime.umad.OfedTools;
import io.vertx.core.json.JsonObject;
import java.net.DatagramSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ibmesh sm --target ibsim:...}: ibmesh's SM on a fabric of Debian's ibsim, checked by tools nobody here wrote:
 * infiniband-diags' ibtracert follows the switches' LFTs from one HCA to another through ibsim.
 */
class SmTargetTest {

    @TempDir
    Path dir;

    @Test
    void bringsAnIbsimFatTreeUpAndIbtracertFollowsItsRoutes() throws Exception {
        OfedTools.require("ibtracert", "infiniband-diags");
        FatTree tree = new FatTree(16, 8);
        Path net = Files.writeString(
                dir.resolve("fabric.net"),
                new NetTopologyWriter()
                        .write(new YamlTopologyParser(DeviationCatalog.PERMISSIVE).parse("ft.yaml", tree.yaml())));
        try (IbsimProcess ibsim = IbsimProcess.start(dir, net, "h1")) {
            CliRun run = CliRun.of("sm", "--target", "ibsim:127.0.0.1:" + ibsim.port() + ",h1", "--once");
            assertEquals(0, run.exit(), run.out() + run.err());
            assertTrue(run.out().contains("SUBNET UP: " + tree.devices() + " nodes"), run.out());

            String disc = OfedTools.run(dir, ibsim.port(), "h1", List.of(), "ibnetdiscover")
                    .out();
            int h1 = lid(disc, "h1");
            int h16 = lid(disc, "h16");
            OfedTools.Run trace = OfedTools.run(
                    dir, ibsim.port(), "h1", List.of(), "ibtracert", Integer.toString(h1), Integer.toString(h16));
            assertEquals(0, trace.exitCode(), trace.toString());
            assertTrue(trace.out().contains("To ca") && trace.out().contains("lid " + h16 + "-" + h16), trace.out());
        }
    }

    /** Through libibumad, as on a host with an HCA: under ibsim-run, libumad2sim takes its calls to the simulator. */
    @Test
    void throughLibibumadUnderIbsimRunToo() throws Exception {
        Path net = Files.writeString(dir.resolve("fabric.net"), IbsimProcess.SWITCH_AND_TWO_HCAS);
        try (IbsimProcess ibsim = IbsimProcess.start(dir, net, "h1")) {
            OfedTools.Run sm = OfedTools.run(
                    dir,
                    ibsim.port(),
                    "h1",
                    List.of(),
                    "java",
                    "-XX:TieredStopAtLevel=1",
                    "-cp",
                    System.getProperty("java.class.path"),
                    Ibmesh.class.getName(),
                    "sm",
                    "--target",
                    "umad:ibsim0:1",
                    "--once");
            assertEquals(0, sm.exitCode(), sm.toString());
            assertTrue(sm.out().contains("SUBNET UP: 3 nodes"), sm.toString());
            OfedTools.Run h2 =
                    OfedTools.run(dir, ibsim.port(), "h1", List.of(), "smpquery", "-D", "portinfo", "0,1,2", "1");
            assertTrue(h2.out().contains("LinkState:.......................Active"), h2.toString());
        }
    }

    /** Without --once it is a service: ready at SUBNET UP, with the SM's metrics, until SIGTERM. */
    @Test
    void asAServiceItIsReadyAtSubnetUpAndServesItsMetrics() throws Exception {
        Path net = Files.writeString(dir.resolve("fabric.net"), IbsimProcess.SWITCH_AND_TWO_HCAS);
        try (IbsimProcess ibsim = IbsimProcess.start(dir, net, "h1")) {
            CliProcess sm = CliProcess.start(
                    "sm", Map.of(), "sm", "--target", "ibsim:127.0.0.1:" + ibsim.port() + ",h1", "--http", "0");
            try {
                int port = sm.httpPort();
                HttpClient client = HttpClient.newHttpClient();
                long deadline = System.nanoTime() + CliProcess.STARTUP.toNanos();
                HttpResponse<String> ready;
                do { // ready once the subnet is up: asked again until then
                    ready = client.send(
                            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/health/ready"))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
                } while (ready.statusCode() != 200 && System.nanoTime() < deadline && pause());
                assertEquals(200, ready.statusCode(), ready.body());
                assertEquals(
                        "Master",
                        new JsonObject(ready.body()).getJsonObject("subnet").getString("smState"));
                String metrics = client.send(
                                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
                                        .build(),
                                HttpResponse.BodyHandlers.ofString())
                        .body();
                assertTrue(
                        metrics.lines().anyMatch(l -> l.matches("ibmesh_sm_nodes\\{sm_port=\".*\"\\} 3.0")), metrics);
            } finally {
                sm.stop();
            }
        }
    }

    private static boolean pause() {
        LockSupport.parkNanos(50_000_000L);
        return true;
    }

    @Test
    void anAbsentSimulatorOrAWrongTargetIsNamed() throws Exception {
        int nobody;
        try (DatagramSocket s = new DatagramSocket(0)) {
            nobody = s.getLocalPort();
        }
        CliRun absent = CliRun.of("sm", "--target", "ibsim:127.0.0.1:" + nobody + ",h1", "--once");
        assertEquals(Ibmesh.EXIT_BAD_INPUT, absent.exit(), absent.out() + absent.err());
        assertTrue(absent.out().contains("nothing listens at 127.0.0.1:" + nobody), absent.out());

        CliRun both = CliRun.of("sm", "--target", "ibsim:127.0.0.1:7070,h1", "--name", "h1");
        assertEquals(2, both.exit());
        assertTrue(both.err().contains("takes no --topology or --name"), both.err());

        CliRun once = CliRun.of("sm", "--topology", "x.yaml", "--name", "h1", "--once");
        assertEquals(2, once.exit());
        assertTrue(once.err().contains("--once goes with --target"), once.err());

        CliRun noHca = CliRun.of("sm", "--target", "umad:mlx5_9:1", "--once");
        assertEquals(Ibmesh.EXIT_BAD_INPUT, noHca.exit(), noHca.out() + noHca.err());
        assertTrue(noHca.out().contains("umad_open_port(mlx5_9, 1) failed"), noHca.out());

        CliRun bad = CliRun.of("sm", "--target", "lab:localhost:1", "--once");
        assertEquals(2, bad.exit());
        assertTrue(bad.err().contains("--target must be"), bad.err());
    }

    /** The LID ibnetdiscover shows for CA {@code name}. */
    private static int lid(String ibnetdiscover, String name) {
        Matcher m = Pattern.compile("\"ibmesh hca " + name + "\" lid (\\d+)").matcher(ibnetdiscover);
        assertTrue(m.find(), name + " in\n" + ibnetdiscover);
        return Integer.parseInt(m.group(1));
    }
}
