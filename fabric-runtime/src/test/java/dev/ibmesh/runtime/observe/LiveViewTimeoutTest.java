package dev.ibmesh.runtime.observe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A live view whose fabric does not answer (a device's loop stuck) or fails answers 503 with a JSON error, never
 * leaves its client waiting, and never says 500.
 */
class LiveViewTimeoutTest {
    @Test
    void aFabricThatDoesNotAnswerOrFailsGives503() throws Exception {
        Vertx vertx = Vertx.vertx();
        try {
            LiveFabric silent = new LiveFabric() {
                @Override
                public Future<JsonObject> fabric() {
                    return Promise.<JsonObject>promise().future();
                }

                @Override
                public Future<JsonObject> device(String name) {
                    return Future.failedFuture(new IllegalStateException("the loop is gone"));
                }

                @Override
                public Future<JsonObject> setLinkState(String device, int port, boolean up) {
                    return Promise.<JsonObject>promise().future();
                }
            };
            LiveView view = new LiveView(
                    vertx,
                    new SimpleMeterRegistry(),
                    silent,
                    () -> Future.succeededFuture(new JsonObject()),
                    Duration.ofMillis(200));
            HttpServer server = vertx.createHttpServer()
                    .requestHandler(view::handle)
                    .listen(0, "127.0.0.1")
                    .await(10, TimeUnit.SECONDS);
            HttpClient client = HttpClient.newBuilder().build();
            for (String[] call : new String[][] {
                {"GET", "/api/fabric", "no answer in 200 ms"},
                {"POST", "/api/links/sw1/1/state?up=false", "no answer in 200 ms"},
                {"GET", "/api/devices/sw1", "the loop is gone"}
            }) {
                HttpResponse<String> r = client.send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.actualPort() + call[1]))
                                .method(call[0], HttpRequest.BodyPublishers.noBody())
                                .timeout(Duration.ofSeconds(10))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                assertEquals(503, r.statusCode(), call[1] + ": " + r.body());
                assertTrue(new JsonObject(r.body()).getString("error").contains(call[2]), r.body());
            }
        } finally {
            vertx.close().await(10, TimeUnit.SECONDS);
        }
    }
}
