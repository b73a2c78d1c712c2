package dev.ibmesh.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.ibmesh.proto.fabric.v1.FabricGrpc;
import dev.ibmesh.proto.fabric.v1.Link;
import dev.ibmesh.proto.fabric.v1.LinkState;
import dev.ibmesh.proto.fabric.v1.ListLinksRequest;
import dev.ibmesh.proto.verbs.v1.DeviceAttr;
import dev.ibmesh.proto.verbs.v1.PortState;
import dev.ibmesh.proto.verbs.v1.QueryDeviceRequest;
import dev.ibmesh.proto.verbs.v1.QueryPortRequest;
import dev.ibmesh.proto.verbs.v1.VerbsGrpc;
import dev.ibmesh.runtime.topology.Guids;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.StatusRuntimeException;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Devices as separate processes: two real child JVMs run {@code ibmesh device}, link over loopback, and the link
 * comes back when one of them is stopped and started again. Plus the CLI's answers to bad input.
 */
class DeviceServiceTest {
    private final List<Process> children = new ArrayList<>();
    private final HttpClient http = HttpClient.newHttpClient();

    @AfterEach
    void tearDown() throws InterruptedException {
        for (Process p : children) {
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void twoProcessesLinkAndRecover(@TempDir Path dir) throws Exception {
        int linkA = freePort();
        int linkB = freePort();
        int httpA = freePort();
        int httpB = freePort();
        Path topology = dir.resolve("pair.yaml");
        Files.writeString(
                topology,
                String.join(
                        "\n",
                        "devices:",
                        "  - {name: a, kind: hca, ports: 1, listen: 127.0.0.1:" + linkA + ", http: " + httpA + "}",
                        "  - {name: b, kind: hca, ports: 1, listen: 127.0.0.1:" + linkB + ", http: " + httpB + "}",
                        "links:",
                        "  - ends: [a/1, b/1]",
                        ""));
        int grpcA = freePort();
        start(topology, "a", dir, "--grpc", Integer.toString(grpcA));
        Process b = start(topology, "b", dir);
        awaitPort(httpA, "Init");
        awaitPort(httpB, "Init");
        assertVerbsServed(linkA, Guids.derive("a"));
        assertControlApiServed(grpcA);

        b.destroy(); // SIGTERM: b shuts down gracefully, closing its link
        assertTrue(b.waitFor(20, TimeUnit.SECONDS), "b stops on SIGTERM");
        assertTrue(b.exitValue() == 0 || b.exitValue() == 143, "exit after the shutdown hook, was " + b.exitValue());
        awaitPort(httpA, "Down");

        start(topology, "b", dir);
        awaitPort(httpA, "Init");
        awaitPort(httpB, "Init");
    }

    @Test
    void upRunsTheWholeFatTreeInOneProcess(@TempDir Path dir) throws Exception {
        int httpPort = freePort();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        children.add(new ProcessBuilder(
                        java,
                        "-cp",
                        System.getProperty("java.class.path"),
                        Ibmesh.class.getName(),
                        "up",
                        Path.of("..", "examples", "topologies", "fat-tree-2-level.yaml")
                                .toString(),
                        "--http",
                        Integer.toString(httpPort),
                        "--grpc",
                        "0",
                        "--capture-dir",
                        dir.toString(),
                        "--no-umad")
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("up.log").toFile())
                .start());
        // Ready means trained and, with ibmesh's SM (the default), the subnet up: every cabled port Active.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true) {
            try {
                HttpResponse<String> ready = http.send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + httpPort + "/health/ready"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                if (ready.statusCode() == 200) {
                    JsonObject health = new JsonObject(ready.body());
                    JsonObject devices = health.getJsonObject("devices");
                    long active = devices.fieldNames().stream()
                            .flatMap(d -> devices.getJsonObject(d).getJsonObject("ports").stream())
                            .filter(p -> "Active".equals(((JsonObject) p.getValue()).getString("portState")))
                            .count();
                    assertEquals(32, active, "16 links, two ends each, Active once ready: " + health);
                    assertEquals("Master", health.getJsonObject("subnet").getString("smState"));
                    assertEquals(true, health.getJsonObject("subnet").getBoolean("up"));
                    assertTrue(Files.readString(dir.resolve("up.log")).contains("ibmesh sm: SUBNET UP: 14 nodes"));
                    String metrics = http.send(
                                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + httpPort + "/metrics"))
                                            .build(),
                                    HttpResponse.BodyHandlers.ofString())
                            .body();
                    for (String line : List.of(
                            "ibmesh_sm_subnet_up\\{sm_port=\"[^\"]+\"\\} 1.0",
                            "ibmesh_sm_nodes\\{sm_port=\"[^\"]+\"\\} 14.0",
                            "ibmesh_sm_state\\{sm_port=\"[^\"]+\"\\} 3.0",
                            "ibmesh_sm_sweeps_total\\{sm_port=\"[^\"]+\"\\} [1-9].*",
                            "ibmesh_sa_requests_total\\{outcome=\"ignored\",sm_port=\"[^\"]+\"\\} 0.0",
                            "ibmesh_sa_multicast_groups\\{sm_port=\"[^\"]+\"\\} 1.0")) {
                        assertTrue(metrics.lines().anyMatch(l -> l.matches(line)), line + " in /metrics");
                    }
                    break;
                }
                assertEquals(503, ready.statusCode());
            } catch (IOException notYet) {
                // not listening yet
            }
            if (System.nanoTime() > deadline) {
                fail("the fat tree did not become ready: " + Files.readString(dir.resolve("up.log")));
            }
            Thread.sleep(100);
        }
    }

    @Test
    void badTopologyIsReportedWithItsLine(@TempDir Path dir) throws IOException {
        Path bad = dir.resolve("bad.yaml");
        Files.writeString(bad, "devices:\n  - {name: a, kind: hca, ports: 9}\nlinks: []\n");
        CliRun run = CliRun.of("up", bad.toString());
        assertEquals(1, run.exit());
        assertTrue(run.err().contains("bad.yaml:2:"), run.err());
    }

    @Test
    void deviationsAreCheckedAgainstWhatTheSwitchKnows(@TempDir Path dir) throws IOException {
        Path bad = dir.resolve("dev.yaml");
        Files.writeString(bad, "devices:\n  - {name: s, kind: switch, ports: 2, deviations: [be-nice]}\nlinks: []\n");
        CliRun run = CliRun.of("up", bad.toString());
        assertEquals(1, run.exit());
        assertTrue(
                run.err().contains("dev.yaml:2:")
                        && run.err().contains("be-nice")
                        && run.err().contains("accept-reserved-link-width-enabled"),
                run.err());
    }

    @Test
    void unknownDeviceAndMissingOptionsAreClearErrors(@TempDir Path dir) throws IOException {
        Path ok = dir.resolve("ok.yaml");
        Files.writeString(ok, "devices:\n  - {name: a, kind: hca, ports: 1}\nlinks: []\n");
        CliRun run = CliRun.of("device", "--topology", ok.toString(), "--name", "zz");
        assertEquals(1, run.exit());
        assertTrue(run.err().contains("the topology has no device 'zz'"), run.err());
        run = CliRun.of("device", "--topology", ok.toString(), "--name", "a");
        assertEquals(1, run.exit());
        assertTrue(run.err().contains("has no listen address"), run.err());
        run = CliRun.of("device", "--name", "a");
        assertEquals(2, run.exit());
        assertTrue(run.err().contains("Missing required option: '--topology=FILE'"), run.err());
        run = CliRun.of("up", dir.resolve("missing.yaml").toString());
        assertEquals(1, run.exit());
        assertTrue(run.err().contains("missing.yaml: no such file"), run.err());
    }

    /** The control API of device a, run alone: its link to b listed from a's end, b's end not run there. */
    private static void assertControlApiServed(int grpcPort) throws InterruptedException {
        ManagedChannel channel = ManagedChannelBuilder.forAddress("127.0.0.1", grpcPort)
                .usePlaintext()
                .build();
        try {
            Link link = FabricGrpc.newBlockingStub(channel)
                    .withDeadlineAfter(30, TimeUnit.SECONDS)
                    .listLinks(ListLinksRequest.getDefaultInstance())
                    .getLinks(0);
            assertEquals("a", link.getA().getDevice());
            assertEquals("b", link.getB().getDevice());
            assertTrue(link.getA().getLocal() && !link.getB().getLocal(), link.toString());
            assertEquals(LinkState.LINK_STATE_UP, link.getState(), link.toString());
        } finally {
            channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
    }

    private Process start(Path topology, String name, Path dir, String... more) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(
                java,
                "-cp",
                System.getProperty("java.class.path"),
                Ibmesh.class.getName(),
                "device",
                "--topology",
                topology.toString(),
                "--name",
                name,
                "--http-host",
                "127.0.0.1"));
        command.addAll(List.of(more));
        Process p = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(
                        dir.resolve(name + "-" + children.size() + ".log").toFile())
                .start();
        children.add(p);
        return p;
    }

    /** Waits until the device behind {@code httpPort} reports its port 1 in {@code portState}. */
    private void awaitPort(int httpPort, String portState) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        String last = "no answer";
        while (System.nanoTime() < deadline) {
            try {
                HttpResponse<String> r = http.send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + httpPort + "/health"))
                                .timeout(java.time.Duration.ofSeconds(2))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                last = r.body();
                JsonObject devices = new JsonObject(r.body()).getJsonObject("devices");
                String name = devices.fieldNames().iterator().next();
                if (portState.equals(devices.getJsonObject(name)
                        .getJsonObject("ports")
                        .getJsonObject("1")
                        .getString("portState"))) {
                    return;
                }
            } catch (IOException notYet) {
                last = notYet.toString();
            }
            Thread.sleep(100);
        }
        fail("port 1 behind http " + httpPort + " never reached " + portState + "; last: " + last);
    }

    /** The HCA serves its verbs over gRPC on its link address, next to the VirtualLink service. */
    private static void assertVerbsServed(int port, long nodeGuid) throws InterruptedException {
        ManagedChannel channel = ManagedChannelBuilder.forAddress("127.0.0.1", port)
                .usePlaintext()
                .build();
        try {
            VerbsGrpc.VerbsBlockingStub verbs =
                    VerbsGrpc.newBlockingStub(channel).withDeadlineAfter(10, TimeUnit.SECONDS);
            DeviceAttr device = verbs.queryDevice(QueryDeviceRequest.getDefaultInstance());
            assertEquals(nodeGuid, device.getNodeGuid());
            assertEquals(1, device.getPhysPortCnt());
            assertEquals(
                    PortState.PORT_INIT,
                    verbs.queryPort(QueryPortRequest.newBuilder().setPortNum(1).build())
                            .getState(),
                    "trained, no SM yet");
            StatusRuntimeException e = assertThrows(
                    StatusRuntimeException.class,
                    () -> verbs.queryPort(
                            QueryPortRequest.newBuilder().setPortNum(9).build()));
            assertTrue(
                    e.getStatus().getDescription().contains("9"), e.getStatus().toString());
        } finally {
            channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
