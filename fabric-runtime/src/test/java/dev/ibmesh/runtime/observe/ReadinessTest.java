package dev.ibmesh.runtime.observe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.runtime.device.CaptureControl;
import dev.ibmesh.runtime.device.DeviceConfig;
import dev.ibmesh.runtime.device.DeviceFactory;
import dev.ibmesh.runtime.device.Fabric;
import dev.ibmesh.runtime.device.FabricTestKit;
import dev.ibmesh.runtime.device.LinkPlan;
import dev.ibmesh.runtime.port.PortConfig;
import dev.ibmesh.runtime.transport.InProcessLinkTransport;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.core.Vertx;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * /health/ready is what a script waits on before it runs an SM: 503 while a cabled port has not trained (its peer is
 * not there yet), 200 once every cabled port has been LinkUp, and still 200 when the link is cut afterwards;
 * /health and /health/live answer 200 all along, since the device runs.
 */
class ReadinessTest {
    private final Vertx vertx = Vertx.vertx();
    private final HttpClient client = HttpClient.newHttpClient();

    @AfterEach
    void tearDown() throws Exception {
        vertx.close().await(10, TimeUnit.SECONDS);
    }

    @Test
    void readyOnceEveryCabledPortIsLinkUp(@TempDir Path dir) throws Exception {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        InProcessLinkTransport transport = new InProcessLinkTransport("ready-" + System.nanoTime());
        Fabric a = Fabric.start(
                        vertx,
                        List.of(device("a", 0xA1, new LinkPlan(1, "b", 1, "b", true))),
                        DeviceFactory.BASIC,
                        transport,
                        registry)
                .await(10, TimeUnit.SECONDS);
        ObservabilityServer http =
                new ObservabilityServer(vertx, registry, a::health, new CaptureControl(a, dir.resolve("captures")));
        int port = http.start("127.0.0.1", 0).await(10, TimeUnit.SECONDS);

        HttpResponse<String> notYet = get(port, "/health/ready");
        assertEquals(503, notYet.statusCode(), "a/1's peer b is not running: " + notYet.body());
        assertTrue(notYet.body().contains("\"ready\" : false"), notYet.body());
        assertEquals(200, get(port, "/health").statusCode(), "a itself is up");
        assertEquals(200, get(port, "/health/live").statusCode(), "a itself is live");
        assertFalse(a.ready().isComplete(), "not ready before b runs");

        Fabric.start(
                        vertx,
                        List.of(device("b", 0xB1, new LinkPlan(1, "a", 1, null, false))),
                        DeviceFactory.BASIC,
                        transport,
                        registry)
                .await(10, TimeUnit.SECONDS);
        FabricTestKit.await(
                "/health/ready 200 once a/1 trained with b/1",
                20_000,
                () -> get(port, "/health/ready").statusCode() == 200);
        assertTrue(get(port, "/health/ready").body().contains("\"ready\" : true"));
        a.ready().await(10, TimeUnit.SECONDS);

        a.device("a").run(() -> a.device("a").port(1).disable()).await(10, TimeUnit.SECONDS);
        HttpResponse<String> cut = get(port, "/health/ready");
        assertEquals(200, cut.statusCode(), "readiness is kept when a trained link is cut: " + cut.body());
        assertTrue(cut.body().contains("\"linksUp\" : false"), cut.body());
    }

    private static DeviceConfig device(String name, long guid, LinkPlan link) {
        return new DeviceConfig(
                name, "hca", guid, guid, name, List.of(PortConfig.defaults(1)), List.of(link), name, List.of());
    }

    private HttpResponse<String> get(int port, String path) {
        try {
            return client.send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
