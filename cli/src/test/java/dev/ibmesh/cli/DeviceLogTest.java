package dev.ibmesh.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.runtime.topology.Guids;
import dev.ibmesh.runtime.umad.OfedTools;
import java.io.IOException;
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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a device process logs on its console (slf4j-simple: time, level, the logger's short name): its links coming up
 * with the peer, width and speed; a umad client refused for an unknown SIM_HOST, with the names it could have used
 * (the client itself only sees "connect failed"); a client attached and detached; at debug every MAD it relays. The
 * level comes from {@code --log-level} or IBMESH_LOG_LEVEL.
 */
class DeviceLogTest {
    private static final String TIME = "\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\.\\d{3}";
    private static final Duration WAIT = CliProcess.STARTUP;

    private final List<CliProcess> started = new ArrayList<>();

    @AfterEach
    void stop() throws InterruptedException {
        for (CliProcess p : started) {
            p.stop();
        }
    }

    @Test
    void linksUmadClientsAndTheLevelAreLogged(@TempDir Path dir) throws Exception {
        OfedTools.require("smpquery", "infiniband-diags");
        int[] ports = FreePorts.tcp(2);
        Path topology = Files.writeString(
                dir.resolve("pair.yaml"),
                String.join(
                        "\n",
                        "devices:",
                        "  - {name: a, kind: hca, ports: 1, listen: 127.0.0.1:" + ports[0] + "}",
                        "  - {name: b, kind: hca, ports: 1, listen: 127.0.0.1:" + ports[1] + "}",
                        "links:",
                        "  - ends: [a/1, b/1]",
                        ""));
        int umad = FreePorts.udpRange(11);
        CliProcess a = start(
                "a",
                Map.of("IBMESH_LOG_LEVEL", "debug"),
                "device",
                "--topology",
                topology.toString(),
                "--name",
                "a",
                "--umad-port",
                Integer.toString(umad));
        CliProcess b =
                start("b", Map.of(), "device", "--topology", topology.toString(), "--name", "b", "--log-level", "warn");

        a.awaitLine(
                "the topology",
                l -> l.matches(TIME + " INFO TopologyOption - topology .*pair.yaml: 2 devices, 1 links"),
                WAIT);
        String up = a.awaitLine("a/1 LinkUp", l -> l.contains("LinkUp"), WAIT);
        assertTrue(
                up.matches(TIME + " INFO PortLog - a/1 LinkUp with b/1 \\["
                        + String.format("0x%016x", Guids.derive("b")) + "/1\\]: 4x QDR"),
                up);
        // The endpoint opens once the device is ready (its link trained), not before.
        a.awaitLine("the ready line", l -> l.startsWith("fabric ready: 1 devices, 1 links up in "), WAIT);
        a.awaitLine("the umad endpoint", l -> l.contains("umad endpoint on udp"), WAIT);

        OfedTools.Run refused = OfedTools.run(dir, umad, "nosuch", List.of(), "smpquery", "-D", "nodeinfo", "0");
        assertNotEquals(0, refused.exitCode(), refused::toString);
        String reject = a.awaitLine("the refused client", l -> l.contains("refused"), WAIT);
        assertTrue(
                reject.matches(TIME + " INFO ControlHandler - umad client at 127\\.0\\.0\\.1:\\d+ refused: "
                        + "SIM_HOST 'nosuch' names no port here; known: a, ibmesh hca a"),
                reject);

        OfedTools.Run attached = OfedTools.run(dir, umad, "a", List.of(), "smpquery", "-D", "nodeinfo", "0");
        assertEquals(0, attached.exitCode(), attached::toString);
        a.awaitLine(
                "the attached client",
                l -> l.matches(
                        TIME + " INFO ControlHandler - umad client 0 at a port 1 \\(.*\\) attached \\(SIM_HOST 'a'\\)"),
                WAIT);
        a.awaitLine(
                "the NodeInfo Get at debug",
                l -> l.matches(
                        TIME + " DEBUG MadRelay - umad client 0 -> a port 1: SubnMgtDR Get NodeInfo\\(0x0\\) .*"),
                WAIT);
        a.awaitLine(
                "the detached client",
                l -> l.matches(TIME + " INFO UmadSessions - umad client 0 at a port 1 .* detached: it disconnected"),
                WAIT);

        // b logs warnings only: its link is up (its /health says so) and its console has no INFO line about it
        int bHttp = b.httpPort();
        HttpResponse<String> health = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + bHttp + "/health"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertTrue(health.body().contains("\"LinkUp\""), health.body());
        assertTrue(b.lines().stream().noneMatch(l -> l.contains(" INFO ")), () -> String.join("\n", b.lines()));
    }

    private CliProcess start(String label, Map<String, String> env, String... args) throws IOException {
        CliProcess p = CliProcess.start(label, env, args);
        started.add(p);
        return p;
    }
}
