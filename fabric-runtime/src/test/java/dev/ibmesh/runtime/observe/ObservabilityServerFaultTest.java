package dev.ibmesh.runtime.observe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.runtime.fault.FaultLog;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.core.Vertx;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A handler that throws answers 500 at once instead of leaving the caller waiting, and the server goes on. */
class ObservabilityServerFaultTest {
    private final Vertx vertx = Vertx.vertx();

    @AfterEach
    void tearDown() throws Exception {
        vertx.close().await(10, TimeUnit.SECONDS);
    }

    @Test
    void aThrowingHandlerAnswers500() throws Exception {
        ObservabilityServer http = new ObservabilityServer(
                vertx,
                new PrometheusMeterRegistry(PrometheusConfig.DEFAULT),
                () -> {
                    throw new IllegalStateException("health bug");
                },
                null);
        int port = http.start("127.0.0.1", 0).await(10, TimeUnit.SECONDS);
        HttpClient client = HttpClient.newHttpClient();
        long before = FaultLog.shared().count("ObservabilityServer", IllegalStateException.class);
        HttpResponse<String> health = get(client, port, "/health");
        assertEquals(500, health.statusCode());
        assertTrue(health.body().contains("health bug"), health.body());
        assertEquals(1, FaultLog.shared().count("ObservabilityServer", IllegalStateException.class) - before);
        assertEquals(200, get(client, port, "/metrics").statusCode(), "the server goes on");
        http.stop().await(5, TimeUnit.SECONDS);
    }

    /** With a deadline (generous, for a loaded machine): a handler that never answers fails the test, not hangs it. */
    private static HttpResponse<String> get(HttpClient client, int port, String path) throws Exception {
        return client.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                        .timeout(Duration.ofSeconds(30))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
