package dev.ibmesh.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.runtime.umad.OfedTools;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real Prometheus (Debian's) scrapes a fabric of four processes, one per device, as pods would be scraped: per-port
 * counters of every device arrive, and every query of the Grafana dashboard in {@code k8s/grafana} runs and returns
 * data.
 */
class PrometheusScrapeTest {
    private static final Duration SETTLE = Duration.ofMinutes(3);
    /** The cabled ports, which the SM on h1 must bring to Active. */
    private static final List<String> PORTS = List.of("sw1/1", "sw1/2", "h1/1", "h2/1");

    @TempDir
    Path dir;

    @Test
    void prometheusSeesEveryPortOfAMultiProcessFabricAndTheDashboardsQueriesAnswer() throws Exception {
        String prometheus = OfedTools.which("prometheus");
        assertNotNull(prometheus, "Debian's prometheus is needed: scripts/install-test-deps installs it");
        int[] ports = FreePorts.tcp(4);
        Path topology = Files.writeString(
                dir.resolve("fabric.yaml"),
                String.join(
                        "\n",
                        "devices:",
                        "  - {name: sw1, kind: switch, ports: 4, listen: 'localhost:" + ports[0] + "'}",
                        "  - {name: h1, kind: hca, ports: 1, listen: 'localhost:" + ports[1] + "'}",
                        "  - {name: h2, kind: hca, ports: 1, listen: 'localhost:" + ports[2] + "'}",
                        "  - {name: t1, kind: tester, ports: 1, listen: 'localhost:" + ports[3] + "'}",
                        "links:",
                        "  - ends: [sw1/1, h1/1]",
                        "  - ends: [sw1/2, h2/1]",
                        "  - ends: [sw1/3, t1/1]",
                        ""));
        List<CliProcess> processes = new ArrayList<>();
        Process server = null;
        try {
            String t = topology.toString();
            processes.add(CliProcess.start("sw1", Map.of(), "device", "--topology", t, "--name", "sw1"));
            processes.add(CliProcess.start("h1 (SM)", Map.of(), "sm", "--topology", t, "--name", "h1"));
            processes.add(CliProcess.start("h2", Map.of(), "device", "--topology", t, "--name", "h2"));
            processes.add(CliProcess.start("t1", Map.of(), "tester", "--topology", t, "--name", "t1"));
            StringBuilder targets = new StringBuilder();
            for (CliProcess p : processes) {
                targets.append(targets.isEmpty() ? "" : ", ")
                        .append("'127.0.0.1:")
                        .append(p.httpPort())
                        .append("'");
            }
            Path config = Files.writeString(
                    dir.resolve("prometheus.yml"),
                    String.join(
                            "\n",
                            "global: {scrape_interval: 1s}",
                            "scrape_configs:",
                            "  - job_name: ibmesh",
                            "    static_configs:",
                            "      - targets: [" + targets + "]",
                            ""));
            int port = FreePorts.tcp();
            server = new ProcessBuilder(
                            prometheus,
                            "--config.file=" + config,
                            "--storage.tsdb.path=" + dir.resolve("tsdb"),
                            "--web.listen-address=127.0.0.1:" + port,
                            "--log.level=warn")
                    .redirectErrorStream(true)
                    .redirectOutput(dir.resolve("prometheus.log").toFile())
                    .start();
            Prometheus api = new Prometheus(port);
            api.awaitReady();

            api.await("all four processes scraped", "count(up{job=\"ibmesh\"} == 1)", r -> value(r) == 4);
            for (String p : PORTS) {
                String[] dp = p.split("/");
                String labels = "{device=\"" + dp[0] + "\",port=\"" + dp[1] + "\"";
                api.await(p + " Active, as the SM set it", "ibmesh_port_state" + labels + "}", r -> value(r) == 4);
                api.await(
                        p + " counted packets out",
                        "ibmesh_port_pma_total" + labels + ",counter=\"PortXmitPkts\"}",
                        r -> value(r) > 0);
            }
            api.await("the SM's subnet up", "ibmesh_sm_subnet_up", r -> value(r) == 1);

            JsonObject dashboard = new JsonObject(Files.readString(Path.of("../k8s/grafana/ibmesh-fabric.json")));
            for (Object o : dashboard.getJsonArray("panels")) {
                JsonObject panel = (JsonObject) o;
                for (Object t2 : panel.getJsonArray("targets")) {
                    String expr = ((JsonObject) t2).getString("expr");
                    String query = expr.replace("$device", ".*").replace("$__rate_interval", "30s");
                    // A rate needs two scrapes of a series inside its window: asked again until then.
                    api.await("panel '" + panel.getString("title") + "' has data", query, r -> !r.isEmpty());
                }
            }
        } finally {
            if (server != null) {
                server.destroy();
                server.waitFor(10, TimeUnit.SECONDS);
            }
            for (CliProcess p : processes) {
                p.stop();
            }
        }
    }

    /** The first sample's value of an instant-query result, or NaN for none. */
    private static double value(JsonArray result) {
        return result.isEmpty()
                ? Double.NaN
                : Double.parseDouble(
                        result.getJsonObject(0).getJsonArray("value").getString(1));
    }

    /** Prometheus's HTTP API on 127.0.0.1. */
    private record Prometheus(int port) {
        /** The result of an instant query; fails when Prometheus says the query is wrong. */
        JsonArray query(String promql) throws Exception {
            HttpResponse<String> r = HttpClient.newHttpClient()
                    .send(
                            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/v1/query?query="
                                            + URLEncoder.encode(promql, StandardCharsets.UTF_8)))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
            JsonObject body = new JsonObject(r.body());
            assertEquals("success", body.getString("status"), promql + ": " + r.body());
            return body.getJsonObject("data").getJsonArray("result");
        }

        /** Waits until Prometheus says it is ready ({@code /-/ready}): before that its API answers 503 in plain text. */
        void awaitReady() throws Exception {
            HttpClient client = HttpClient.newHttpClient();
            long deadline = System.nanoTime() + SETTLE.toNanos();
            int status = 0;
            while (System.nanoTime() < deadline) {
                try {
                    status = client.send(
                                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/-/ready"))
                                            .build(),
                                    HttpResponse.BodyHandlers.discarding())
                            .statusCode();
                    if (status == 200) {
                        return;
                    }
                } catch (java.net.ConnectException starting) {
                    // Prometheus is not listening yet.
                }
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(100));
            }
            assertEquals(200, status, "Prometheus never became ready");
        }

        /** Asks again (Prometheus scrapes every second) until {@code ok} holds, or fails after a while. */
        void await(String what, String promql, Predicate<JsonArray> ok) throws Exception {
            long deadline = System.nanoTime() + SETTLE.toNanos();
            JsonArray last = new JsonArray();
            while (System.nanoTime() < deadline) {
                last = query(promql);
                if (ok.test(last)) {
                    return;
                }
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(250));
            }
            assertTrue(
                    false,
                    what + ": " + promql + " gave " + last + "; the series: "
                            + query("count by (__name__, counter) ({__name__=~\"ibmesh_port_pma.*\"})"));
        }
    }
}
