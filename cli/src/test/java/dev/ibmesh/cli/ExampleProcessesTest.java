package dev.ibmesh.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.runtime.topology.DeviationCatalog;
import dev.ibmesh.runtime.topology.LinkEnd;
import dev.ibmesh.runtime.topology.LinkSpec;
import dev.ibmesh.runtime.topology.PortRef;
import dev.ibmesh.runtime.topology.Topology;
import dev.ibmesh.runtime.topology.TopologyLoader;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The shipped example runs one device per process as written: every device of two-switches-four-hcas.yaml started as
 * its own {@code ibmesh device} (no option but the topology and the name) serves HTTP on a port of its own that its
 * banner prints, logs each of its links coming up with the width and speed the topology gives the cable, and is
 * ready on /health/ready with every cabled port LinkUp.
 */
class ExampleProcessesTest {
    private static final Path EXAMPLE = Path.of("..", "examples", "topologies", "two-switches-four-hcas.yaml");

    private final List<CliProcess> started = new ArrayList<>();

    @AfterEach
    void stop() throws InterruptedException {
        for (CliProcess p : started) {
            p.stop();
        }
    }

    @Test
    void everyDeviceInItsOwnProcessTrainsEveryLink() throws Exception {
        Topology t = TopologyLoader.load(EXAMPLE, DeviationCatalog.PERMISSIVE);
        Map<String, CliProcess> devices = new LinkedHashMap<>();
        for (var d : t.devices()) {
            CliProcess p = CliProcess.start(
                    d.name(), Map.of(), "device", "--topology", EXAMPLE.toString(), "--name", d.name());
            started.add(p);
            devices.put(d.name(), p);
        }
        Map<String, Integer> http = new LinkedHashMap<>();
        for (Map.Entry<String, CliProcess> d : devices.entrySet()) {
            http.put(d.getKey(), d.getValue().httpPort());
        }
        assertEquals(devices.size(), new HashSet<>(http.values()).size(), "one HTTP port per device: " + http);

        List<PortRef> cabled = new ArrayList<>();
        for (LinkSpec link : t.links()) {
            for (LinkEnd end : List.of(link.a(), link.b())) {
                PortRef here = end.port();
                PortRef peer = link.otherEnd(here).port();
                String up = devices.get(here.device())
                        .awaitLine(
                                here + " LinkUp",
                                l -> l.contains(" " + here + " LinkUp with " + peer + " "),
                                CliProcess.STARTUP);
                String trained = link.activeWidth().orElseThrow().label() + " "
                        + link.activeSpeedExt()
                                .map(s -> s.label())
                                .orElseGet(
                                        () -> link.activeSpeed().orElseThrow().label());
                assertTrue(up.endsWith(": " + trained), "expected " + trained + ": " + up);
                cabled.add(here);
            }
        }
        HttpClient client = HttpClient.newHttpClient();
        for (PortRef end : cabled) {
            JsonObject port = ready(client, http.get(end.device()), devices.get(end.device()))
                    .getJsonObject("devices")
                    .getJsonObject(end.device())
                    .getJsonObject("ports")
                    .getJsonObject(Integer.toString(end.port()));
            assertEquals("LinkUp", port.getString("physicalState"), end + ": " + port);
            assertEquals("Init", port.getString("portState"), end + " (no SM runs): " + port);
        }
    }

    /** The device's health document, which /health/ready must answer with 200: every cabled port of it trained. */
    private static JsonObject ready(HttpClient client, int port, CliProcess device) throws InterruptedException {
        HttpResponse<String> r;
        try {
            r = client.send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/health/ready"))
                            .timeout(Duration.ofSeconds(60))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new AssertionError("/health/ready on " + port + ": " + e + "; the device printed:\n"
                    + String.join("\n", device.lines()));
        }
        assertEquals(200, r.statusCode(), r.body());
        return new JsonObject(r.body());
    }
}
