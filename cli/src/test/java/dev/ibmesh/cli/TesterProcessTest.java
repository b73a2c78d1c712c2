package dev.ibmesh.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.proto.tester.v1.EventType;
import dev.ibmesh.proto.tester.v1.ProcedureFinished;
import dev.ibmesh.proto.tester.v1.RunEvent;
import dev.ibmesh.proto.tester.v1.RunRequest;
import dev.ibmesh.proto.tester.v1.TesterGrpc;
import dev.ibmesh.proto.tester.v1.VerdictKind;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tester in a process of its own, as its container runs it: {@code ibmesh device} runs the DUT, a switch, and
 * {@code ibmesh tester} the tester cabled to it. A client built from tester.proto alone runs C14_024_06_SW_06 over
 * the network and then finds the verdict on the tester's /metrics and the reports in its run directory.
 */
class TesterProcessTest {
    private static final String C14 = "C14_024_06_SW_06";

    private final List<CliProcess> started = new ArrayList<>();
    private ManagedChannel channel;

    @AfterEach
    void stop() throws InterruptedException {
        if (channel != null) {
            channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
        for (CliProcess p : started) {
            p.stop();
        }
    }

    @Test
    void aTesterProcessRunsAProcedureAgainstADeviceProcess(@TempDir Path dir) throws Exception {
        int[] ports = FreePorts.tcp(2);
        int testerPort = ports[0];
        Path topology = dir.resolve("bench.yaml");
        Files.writeString(
                topology,
                String.join(
                        "\n",
                        "devices:",
                        "  - {name: t1, kind: tester, ports: 1, listen: '127.0.0.1:" + testerPort + "'}",
                        "  - {name: sw1, kind: switch, ports: 4, listen: '127.0.0.1:" + ports[1] + "'}",
                        "links:",
                        "  - ends: [t1/1, sw1/1]",
                        ""));
        Path runs = dir.resolve("runs");
        start("sw1", "device", "--topology", topology.toString(), "--name", "sw1");
        CliProcess tester =
                start("t1", "tester", "--topology", topology.toString(), "--name", "t1", "--runs-dir", runs.toString());
        int http = tester.httpPort();
        tester.awaitLine("t1/1 LinkUp", l -> l.contains(" t1/1 LinkUp with sw1/1 "), CliProcess.STARTUP);

        channel = ManagedChannelBuilder.forAddress("127.0.0.1", testerPort)
                .usePlaintext()
                .build();
        List<RunEvent> events = new ArrayList<>();
        TesterGrpc.newBlockingStub(channel)
                .withDeadlineAfter(2, TimeUnit.MINUTES)
                .run(RunRequest.newBuilder().addProcedures(C14).setDut("sw1").build())
                .forEachRemaining(events::add);

        assertTrue(
                events.stream()
                        .filter(RunEvent::hasStepEvent)
                        .anyMatch(e -> e.getStepEvent().getType() == EventType.EVENT_RECEIVED),
                "the DUT's answers as step events");
        ProcedureFinished verdict = events.stream()
                .filter(RunEvent::hasProcedureFinished)
                .map(RunEvent::getProcedureFinished)
                .findFirst()
                .orElseThrow();
        assertEquals(VerdictKind.VERDICT_PASS, verdict.getVerdict(), verdict.toString());
        RunEvent last = events.get(events.size() - 1);
        assertTrue(last.hasRunFinished(), last.toString());
        String runId = last.getRunFinished().getRunId();

        String metrics = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + http + "/metrics"))
                                .timeout(Duration.ofSeconds(30))
                                .build(),
                        HttpResponse.BodyHandlers.ofString())
                .body();
        for (String line : List.of(
                "ibmesh_tester_verdicts_total{verdict=\"PASS\"} 1.0",
                "ibmesh_tester_verdicts_total{verdict=\"FAIL\"} 0.0",
                "ibmesh_tester_procedure_seconds_count{procedure=\"" + C14 + "\"} 1",
                "ibmesh_tester_runs_active 0.0")) {
            assertTrue(metrics.lines().anyMatch(line::equals), line + " in /metrics");
        }
        for (String file :
                List.of("junit.xml", "results.json", "index.html", "traces/" + verdict.getProcedureRun() + ".pcap")) {
            assertTrue(Files.isRegularFile(runs.resolve(runId).resolve(file)), runId + "/" + file);
        }
    }

    private CliProcess start(String label, String... args) throws Exception {
        CliProcess p = CliProcess.start(label, Map.of(), args);
        started.add(p);
        return p;
    }
}
