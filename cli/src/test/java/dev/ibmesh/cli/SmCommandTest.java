package dev.ibmesh.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.proto.sm.v1.ForwardingTable;
import dev.ibmesh.proto.sm.v1.GetForwardingTableRequest;
import dev.ibmesh.proto.sm.v1.GetStatusRequest;
import dev.ibmesh.proto.sm.v1.ListLidsRequest;
import dev.ibmesh.proto.sm.v1.PortLid;
import dev.ibmesh.proto.sm.v1.SmStatus;
import dev.ibmesh.proto.sm.v1.SubnetManagerGrpc;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `ibmesh sm` as a service of its own, as an SM container runs it: a switch and an HCA run as `ibmesh device`
 * processes, the SM's HCA as `ibmesh sm`; the SM brings the three-process fabric up over the network, is ready at
 * SUBNET UP, serves its status over gRPC, and the other HCA's port is Active.
 */
class SmCommandTest {
    private final List<CliProcess> started = new ArrayList<>();
    private final HttpClient http = HttpClient.newHttpClient();

    @AfterEach
    void stop() throws InterruptedException {
        for (CliProcess p : started) {
            p.stop();
        }
    }

    @Test
    void theSmBringsUpAFabricOfProcesses(@TempDir Path dir) throws Exception {
        Path topology = dir.resolve("line.yaml");
        int[] ports = FreePorts.tcp(4);
        Files.writeString(
                topology,
                String.join(
                        "\n",
                        "devices:",
                        "  - {name: sw, kind: switch, ports: 2, listen: 127.0.0.1:" + ports[0] + "}",
                        "  - {name: h1, kind: hca, ports: 1, listen: 127.0.0.1:" + ports[1] + "}",
                        "  - {name: h2, kind: hca, ports: 1, listen: 127.0.0.1:" + ports[2] + "}",
                        "links:",
                        "  - ends: [h1/1, sw/1]",
                        "  - ends: [sw/2, h2/1]",
                        ""));
        String file = topology.toString();
        start("sw", "device", "--topology", file, "--name", "sw");
        CliProcess h2 = start("h2", "device", "--topology", file, "--name", "h2");
        // h2's link to the switch trained before the SM starts, so its first sweep finds all three nodes.
        h2.awaitLine("h2's ready line", l -> l.startsWith("fabric ready:"), CliProcess.STARTUP);
        int grpc = ports[3];
        CliProcess sm = start(
                "sm", "sm", "--topology", file, "--name", "h1", "--sm-priority", "3", "--grpc", Integer.toString(grpc));

        String ready = sm.awaitLine("the ready line", l -> l.startsWith("fabric ready:"), CliProcess.STARTUP);
        assertTrue(ready.contains("subnet up"), ready);
        assertTrue(
                sm.lines().stream().anyMatch(l -> l.startsWith("ibmesh sm: SUBNET UP: 3 nodes")),
                () -> String.join("\n", sm.lines()));
        int smHttp = sm.httpPort();
        JsonObject health = new JsonObject(get(smHttp, "/health/ready"));
        assertEquals("Master", health.getJsonObject("subnet").getString("smState"));
        assertTrue(
                get(smHttp, "/metrics").lines().anyMatch(l -> l.matches("ibmesh_sm_nodes\\{sm_port=\"h1/1\"\\} 3.0")));

        assertStatusServed(grpc);

        JsonObject other = new JsonObject(get(h2.httpPort(), "/health"));
        assertEquals(
                "Active",
                other.getJsonObject("devices")
                        .getJsonObject("h2")
                        .getJsonObject("ports")
                        .getJsonObject("1")
                        .getString("portState"),
                other::encodePrettily);
    }

    @Test
    void anSmOnASwitchIsRefusedByName(@TempDir Path dir) throws Exception {
        Path topology = dir.resolve("t.yaml");
        Files.writeString(
                topology,
                "devices:\n  - {name: sw, kind: switch, ports: 2, listen: 127.0.0.1:7301}\n"
                        + "  - {name: h1, kind: hca, ports: 1, listen: 127.0.0.1:7302}\n"
                        + "links:\n  - ends: [h1/1, sw/1]\n");
        CliRun run = CliRun.of("sm", "--topology", topology.toString(), "--name", "sw");
        assertEquals(1, run.exit());
        assertTrue(
                run.err().contains("ibmesh sm: --name/--port sw/1: sw is a switch; the SM runs on an HCA port"),
                run::err);
        CliRun lmc = CliRun.of("sm", "--topology", topology.toString(), "--name", "h1", "--lmc", "8");
        assertEquals(1, lmc.exit());
        assertTrue(lmc.err().contains("--lmc 8: the LMC is 0-7"), lmc::err);
    }

    /** ibmesh.sm.v1.SubnetManager, through stubs generated from proto/sm.proto alone. */
    private static void assertStatusServed(int grpcPort) throws Exception {
        ManagedChannel channel = ManagedChannelBuilder.forAddress("127.0.0.1", grpcPort)
                .usePlaintext()
                .build();
        try {
            SubnetManagerGrpc.SubnetManagerBlockingStub stub = SubnetManagerGrpc.newBlockingStub(channel);
            SmStatus status = stub.getStatus(GetStatusRequest.getDefaultInstance());
            assertEquals("Master", status.getState());
            assertEquals(3, status.getPriority());
            assertEquals("h1/1", status.getSmPort());
            assertTrue(status.getSubnetUp());
            assertEquals(3, status.getLastSweep().getNodes());
            assertTrue(status.getLastSweep().getSummary().startsWith("SUBNET UP: 3 nodes"));

            List<PortLid> lids =
                    stub.listLids(ListLidsRequest.getDefaultInstance()).getPortsList();
            assertEquals(3, lids.size(), lids::toString);
            PortLid sw = lids.stream().filter(PortLid::getSwitch).findFirst().orElseThrow();
            PortLid h2 = lids.stream()
                    .filter(p -> p.getNode().equals("ibmesh hca h2"))
                    .findFirst()
                    .orElseThrow();
            ForwardingTable lft = stub.getForwardingTable(GetForwardingTableRequest.newBuilder()
                    .setSwitchGuid(sw.getNodeGuid())
                    .build());
            assertEquals(sw.getLid(), lft.getLid());
            assertEquals(2, lft.getEgressPort(h2.getLid()), "the switch reaches h2 through port 2");
            assertEquals(0, lft.getEgressPort(sw.getLid()), "its own LID to port 0");

            StatusRuntimeException unknown = assertThrows(
                    StatusRuntimeException.class,
                    () -> stub.getForwardingTable(GetForwardingTableRequest.newBuilder()
                            .setSwitchGuid(42)
                            .build()));
            assertEquals(Status.Code.NOT_FOUND, unknown.getStatus().getCode());
        } finally {
            channel.shutdownNow().awaitTermination(5, java.util.concurrent.TimeUnit.SECONDS);
        }
    }

    private CliProcess start(String label, String... args) throws Exception {
        CliProcess p = CliProcess.start(label, Map.of(), args);
        started.add(p);
        return p;
    }

    private String get(int port, String path) throws Exception {
        return http.send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                                .build(),
                        HttpResponse.BodyHandlers.ofString())
                .body();
    }
}
