package dev.ibmesh.runtime.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.runtime.device.CaptureControl;
import dev.ibmesh.runtime.observe.ObservabilityServer;
import io.micrometer.core.instrument.Counter;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The live view's JSON API and files over plain HTTP, on a switch sw1 with h1 on port 1, h2 on port 2 and nothing on
 * port 3 (base devices: links train to LinkUp and Init). Every bad request answers 400, 404 or 405 with a JSON error.
 */
class LiveViewApiTest {
    @TempDir
    static Path dir;

    private static ControlApiFixture fixture;
    private static ObservabilityServer http;
    private static int port;
    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    @BeforeAll
    static void start() throws Exception {
        fixture = new ControlApiFixture(dir, ControlApiFixture.SWITCH_AND_TWO_HCAS, "live-view-api-test");
        CaptureControl captures = new CaptureControl(fixture.fabric, dir.resolve("captures"));
        // A process that runs the tester service counts its verdicts in these meters (tester-service's TesterMetrics).
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        Counter.builder(ObservabilityServer.TESTER_VERDICTS)
                .tag("verdict", "PASS")
                .register(registry)
                .increment(3);
        Counter.builder(ObservabilityServer.TESTER_VERDICTS)
                .tag("verdict", "FAIL")
                .register(registry)
                .increment();
        http = new ObservabilityServer(
                fixture.vertx,
                registry,
                () -> Future.succeededFuture(new JsonObject()
                        .put("status", "UP")
                        .put("subnet", new JsonObject().put("up", true).put("smState", "MASTER"))),
                captures,
                new InProcessControl(fixture.fabric, captures));
        port = http.start("127.0.0.1", 0).await(10, TimeUnit.SECONDS);
    }

    @AfterAll
    static void stop() throws Exception {
        http.stop().await(5, TimeUnit.SECONDS);
        fixture.close();
    }

    @Test
    void theFabricHasEveryDeviceAndLinkTheSubnetAndTheVerdicts() throws Exception {
        JsonObject doc = new JsonObject(send("GET", "/api/fabric", 200));
        assertEquals(
                List.of("sw1", "h1", "h2"),
                doc.getJsonArray("devices").stream()
                        .map(d -> ((JsonObject) d).getString("name"))
                        .toList());
        JsonArray links = doc.getJsonArray("links");
        assertEquals(2, links.size(), doc.encodePrettily());
        JsonObject first = links.getJsonObject(0);
        assertEquals("sw1", first.getJsonObject("a").getString("device"));
        assertEquals("h1", first.getJsonObject("b").getString("device"));
        assertEquals("LINK_STATE_UP", first.getString("state"), first.encode());
        assertEquals("MASTER", doc.getJsonObject("subnet").getString("smState"), "the health document's subnet");
        assertEquals(
                new JsonObject().put("PASS", 3).put("FAIL", 1),
                doc.getJsonObject("verdicts"),
                "the tester's verdicts so far");
    }

    @Test
    void aDeviceHasItsPortsWithLidsAndEveryPmaCounter() throws Exception {
        JsonObject h1 = new JsonObject(send("GET", "/api/devices/h1", 200));
        assertEquals("hca", h1.getString("kind"));
        JsonObject p1 = h1.getJsonArray("ports").getJsonObject(0);
        assertEquals(1, p1.getInteger("number"));
        assertEquals("sw1/1", p1.getString("cabledTo"));
        assertTrue(p1.containsKey("lid"), p1.encode());
        assertEquals(0L, p1.getJsonObject("pma").getLong("SymbolErrorCounter"), p1.encode());
        assertTrue(p1.getJsonObject("pma").containsKey("PortXmitWait"), p1.encode());
        assertEquals(
                3,
                new JsonObject(send("GET", "/api/devices/sw1", 200))
                        .getJsonArray("ports")
                        .size());
    }

    @Test
    void aCutLinkShowsItsDisabledEndUntilRestored() throws Exception {
        JsonObject cut = new JsonObject(send("POST", "/api/links/h2/1/state?up=false", 200));
        // The link's ends as the control API orders them: sw1 first, as earlier in the topology.
        assertEquals("h2", cut.getJsonObject("b").getString("device"), cut.encode());
        assertEquals("PHYSICAL_STATE_DISABLED", cut.getJsonObject("b").getString("physicalState"), cut.encode());
        assertEquals("LINK_STATE_DOWN", cut.getString("state"));
        JsonObject restored = new JsonObject(send("POST", "/api/links/h2/1/state?up=true", 200));
        assertTrue(
                !"PHYSICAL_STATE_DISABLED".equals(restored.getJsonObject("b").getString("physicalState")),
                restored.encode());
    }

    @Test
    void badRequestsAnswerAJsonError() throws Exception {
        error("GET", "/api/devices/nope", 404, "no device 'nope'");
        error("POST", "/api/links/nope/1/state?up=false", 404, "nope");
        error("POST", "/api/links/sw1/3/state?up=false", 404, "not cabled");
        error("POST", "/api/links/sw1/9/state?up=false", 404, "has no port 9");
        error("POST", "/api/links/sw1/0/state?up=false", 400, "out of range");
        error("POST", "/api/links/sw1/x/state?up=false", 400, "not a port number");
        error("POST", "/api/links/sw1/1/state?up=maybe", 400, "up=true or up=false");
        error("POST", "/api/links/sw1/1/state", 400, "up=true or up=false");
        error("GET", "/api/links/sw1/1/state?up=false", 405, "POST");
        error("POST", "/api/fabric", 405, "GET");
        String raw = raw("GET /api/devices/%zz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        assertTrue(raw.startsWith("HTTP/1.1 400"), raw);
        assertTrue(raw.contains("malformed"), raw);
        error("GET", "/api/nothing", 404, "/api/fabric");
    }

    @Test
    void thePageAndItsScriptsComeFromTheClassPath() throws Exception {
        HttpResponse<String> root =
                CLIENT.send(HttpRequest.newBuilder(uri("/")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(302, root.statusCode());
        assertEquals("/view/", root.headers().firstValue("Location").orElse(""));
        String page = send("GET", "/view/", 200);
        assertTrue(page.contains("<script src=\"cytoscape.min.js\">"), page);
        assertTrue(send("GET", "/view/cytoscape.min.js", 200).length() > 100_000, "cytoscape.js, minified");
        assertTrue(send("GET", "/view/fabric-graph.js", 200).contains("function ibmeshDraw"));
        send("GET", "/view/nope.js", 404);
        send("GET", "/view/../../etc/passwd", 404);
    }

    private static void error(String method, String path, int status, String says) throws Exception {
        String body = send(method, path, status);
        String error = new JsonObject(body).getString("error");
        assertTrue(error.contains(says), method + " " + path + ": " + body);
    }

    private static String send(String method, String path, int status) throws Exception {
        HttpResponse<String> r = CLIENT.send(
                HttpRequest.newBuilder(uri(path))
                        .method(method, HttpRequest.BodyPublishers.noBody())
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(status, r.statusCode(), method + " " + path + ": " + r.body());
        return r.body();
    }

    /** What the server answers to {@code request} sent as is (a path java.net.URI would refuse). */
    private static String raw(String request) throws Exception {
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
            return new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }
}
