package dev.ibmesh.runtime.observe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.runtime.device.CaptureControl;
import dev.ibmesh.runtime.device.Device;
import dev.ibmesh.runtime.device.DeviceConfig;
import dev.ibmesh.runtime.device.DeviceFactory;
import dev.ibmesh.runtime.device.Fabric;
import dev.ibmesh.runtime.device.FabricTestKit;
import dev.ibmesh.runtime.device.LinkPlan;
import dev.ibmesh.runtime.port.Port;
import dev.ibmesh.runtime.port.PortConfig;
import dev.ibmesh.runtime.time.ManualScheduler;
import dev.ibmesh.runtime.time.Scheduler;
import dev.ibmesh.runtime.transport.InProcessLinkTransport;
import dev.ibmesh.runtime.transport.LinkTransport;
import dev.ibmesh.trace.ErfTraceReader;
import dev.ibmesh.trace.ErfType;
import dev.ibmesh.trace.TraceRecord;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.core.Vertx;
import java.io.File;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** /metrics is valid Prometheus text as the real promtool judges it; /health answers for probes. */
class MetricsEndpointTest {
    private final Vertx vertx = Vertx.vertx();
    /** Device a's clock: its flow-control refresh runs when the test moves it. */
    private final ManualScheduler clockA = new ManualScheduler();
    /** Completes when a's port reaches Init. */
    private final CompletableFuture<Void> aInit = new CompletableFuture<>();

    /** Device a on the hand-driven clock, telling the test when its port trains; b as usual. */
    private Device device(DeviceConfig config, LinkTransport transport, MeterRegistry registry) {
        if (!config.name().equals("a")) {
            return DeviceFactory.BASIC.create(config, transport, registry);
        }
        return new Device(config, transport, registry) {
            @Override
            protected Scheduler newScheduler() {
                return clockA;
            }

            @Override
            public void onStateChange(Port port) {
                if (port.portState() == PortInfo.PORT_STATE_INIT) {
                    aInit.complete(null);
                }
            }
        };
    }

    @AfterEach
    void tearDown() throws Exception {
        vertx.close().await(10, TimeUnit.SECONDS);
    }

    @Test
    void scrapePassesPromtoolAndHealthAnswers(@TempDir Path dir) throws Exception {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        List<DeviceConfig> devices = List.of(
                new DeviceConfig(
                        "a",
                        "hca",
                        0xA1,
                        0xA1,
                        "a",
                        List.of(PortConfig.defaults(1)),
                        List.of(new LinkPlan(1, "b", 1, null, false)),
                        "a",
                        List.of()),
                new DeviceConfig(
                        "b",
                        "hca",
                        0xB1,
                        0xB1,
                        "b",
                        List.of(PortConfig.defaults(1)),
                        List.of(new LinkPlan(1, "a", 1, "a", true)),
                        "b",
                        List.of()));
        Fabric fabric = Fabric.start(
                        vertx, devices, this::device, new InProcessLinkTransport("m-" + System.nanoTime()), registry)
                .await(10, TimeUnit.SECONDS);
        ObservabilityServer http = new ObservabilityServer(
                vertx, registry, fabric::health, new CaptureControl(fabric, dir.resolve("captures")));
        int port = http.start("127.0.0.1", 0).await(10, TimeUnit.SECONDS);
        HttpClient client = HttpClient.newHttpClient();

        String metrics = get(client, port, "/metrics", 200);
        assertTrue(
                metrics.contains("ibmesh_port_pma_total{counter=\"PortRcvErrors\",device=\"a\",port=\"1\"}"), metrics);
        assertTrue(metrics.contains("ibmesh_port_tx_credit_blocks{device=\"b\",port=\"1\",vl=\"0\"}"), metrics);
        assertTrue(
                metrics.contains(
                        "ibmesh_port_impaired_total{device=\"a\",effect=\"dropped\",packet=\"data\",port=\"1\"} 0.0"),
                metrics);
        Path file = dir.resolve("metrics.txt");
        Files.writeString(file, metrics);
        Process promtool = new ProcessBuilder(promtool(), "check", "metrics")
                .redirectInput(file.toFile())
                .redirectErrorStream(true)
                .start();
        String verdict = new String(promtool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(promtool.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, promtool.exitValue(), "promtool check metrics: " + verdict);

        assertEquals(
                "capturing a/1 to " + dir.resolve("captures").resolve("a1.pcap") + "\n",
                post(client, port, "/capture/start?device=a&port=1&file=a1.pcap", 200));
        post(client, port, "/capture/start?device=a&port=1&file=again.pcap", 400);
        post(client, port, "/capture/start?device=a&port=1&file=../escape.pcap", 400);
        post(client, port, "/capture/start?device=zz&port=1&file=x.pcap", 400);
        post(client, port, "/capture/start?device=a&port=one&file=x.pcap", 400);
        aInit.get(10, TimeUnit.SECONDS);
        // One keep-alive period on a's clock: its flow-control packets go out again, through the capture.
        FabricTestKit.advance(fabric.device("a"), clockA, TimeUnit.MILLISECONDS.toNanos(100));
        String stopped = post(client, port, "/capture/stop?device=a&port=1", 200);
        assertTrue(stopped.startsWith("stopped a/1: ") && !stopped.startsWith("stopped a/1: 0 "), stopped);
        try (ErfTraceReader trace = ErfTraceReader.open(dir.resolve("captures").resolve("a1.pcap"))) {
            TraceRecord first = trace.next();
            assertEquals(ErfType.INFINIBAND_LINK, first.type(), "flow-control packets on an idle link");
            assertEquals("a/1", first.port().name());
        }
        post(client, port, "/capture/stop?device=a&port=1", 400);

        String health = get(client, port, "/health", 200);
        assertTrue(health.contains("\"status\" : \"UP\""), health);
        get(client, port, "/nope", 404);
        http.stop().await(5, TimeUnit.SECONDS);
        fabric.stop().await(10, TimeUnit.SECONDS);
    }

    private static String post(HttpClient client, int port, String path, int status) throws Exception {
        HttpResponse<String> r = client.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                        .POST(HttpRequest.BodyPublishers.noBody())
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(status, r.statusCode(), path + ": " + r.body());
        return r.body();
    }

    private static String get(HttpClient client, int port, String path, int status) throws Exception {
        HttpResponse<String> r = client.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(status, r.statusCode(), path + ": " + r.body());
        return r.body();
    }

    /** promtool from Debian's prometheus package; the test fails, not skips, without it. */
    private static String promtool() {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin").split(File.pathSeparator)) {
            File f = new File(dir, "promtool");
            if (f.canExecute()) {
                return f.getPath();
            }
        }
        fail("promtool not found: install it with apt-get install -y prometheus");
        return null;
    }
}
