package dev.ibmesh.runtime.observe;

import dev.ibmesh.runtime.fault.FaultLog;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.json.JsonObject;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The HTTP side of a device or fabric: {@code /metrics} (Prometheus text format 0.0.4, scraped off the event loop),
 * {@code /health} and {@code /health/live} (JSON; 200 while every device is deployed and its event loop answers, 503
 * otherwise: the liveness probe) and {@code /health/ready} (the same document; 200 once every cabled link has trained,
 * 503 before: the readiness probe and what a script waits on before it starts an SM), and trace capture per
 * port at run time: {@code POST /capture/start?device=D&port=N&file=NAME} and {@code POST /capture/stop?device=D&port=N}.
 * Given the fabric itself ({@link LiveFabric}), also the live view: the page at {@code /} and its JSON API under
 * {@code /api/} ({@link LiveView}).
 * A request whose handling throws answers 500 at once (the exception goes to the {@link FaultLog}) rather than leave
 * its caller waiting.
 */
public final class ObservabilityServer {
    /**
     * The counters, one per verdict kind (tag {@code verdict}), in which a tester service counts its procedure runs;
     * the live view shows them when the process has them.
     */
    public static final String TESTER_VERDICTS = "ibmesh.tester.verdicts";

    private final Vertx vertx;
    private final PrometheusMeterRegistry registry;
    private final Supplier<Future<JsonObject>> health;
    private final PortCaptures captures;
    private final LiveView view; // null: no live view
    private HttpServer server;

    /**
     * @param health gives the health document, without blocking; its {@code status} field is "UP" when healthy
     */
    public ObservabilityServer(
            Vertx vertx, PrometheusMeterRegistry registry, Supplier<Future<JsonObject>> health, PortCaptures captures) {
        this(vertx, registry, health, captures, null);
    }

    /** As above, with the live view of {@code fabric} (null: none). */
    public ObservabilityServer(
            Vertx vertx,
            PrometheusMeterRegistry registry,
            Supplier<Future<JsonObject>> health,
            PortCaptures captures,
            LiveFabric fabric) {
        this.vertx = vertx;
        this.registry = registry;
        this.health = health;
        this.captures = captures;
        this.view = fabric == null ? null : new LiveView(vertx, registry, fabric, health, LiveView.ANSWER_WITHIN);
    }

    /** Listens on {@code port} (0 picks a free one) on {@code host}; the future gives the bound port. */
    public Future<Integer> start(String host, int port) {
        return vertx.createHttpServer()
                .requestHandler(this::handle)
                .listen(port, host)
                .map(s -> {
                    server = s;
                    return s.actualPort();
                });
    }

    public Future<Void> stop() {
        return server == null ? Future.succeededFuture() : server.close();
    }

    private void handle(HttpServerRequest request) {
        try {
            route(request);
        } catch (RuntimeException e) {
            FaultLog.shared().caught("ObservabilityServer", e);
            if (!request.response().ended()) {
                request.response().setStatusCode(500).end("internal error: " + e + "\n");
            }
        }
    }

    private void route(HttpServerRequest request) {
        switch (request.path()) {
            case "/metrics" ->
                vertx.executeBlocking(registry::scrape).onComplete(r -> {
                    if (r.succeeded()) {
                        request.response()
                                .putHeader("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
                                .end(r.result());
                    } else {
                        request.response()
                                .setStatusCode(500)
                                .end("scrape failed: " + r.cause().getMessage());
                    }
                });
            case "/health", "/health/live" -> answerHealth(request, doc -> "UP".equals(doc.getString("status")));
            case "/health/ready" -> answerHealth(request, doc -> doc.getBoolean("ready", false));
            case "/capture/start" -> capture(request, true);
            case "/capture/stop" -> capture(request, false);
            default -> {
                if (view != null && LiveView.serves(request.path())) {
                    view.handle(request);
                } else {
                    notFound(request);
                }
            }
        }
    }

    private void notFound(HttpServerRequest request) {
        String more = view == null ? "" : ", / (the live view) or /api/fabric";
        request.response()
                .setStatusCode(404)
                .end("not found: try /metrics, /health, /health/live, /health/ready, /capture/start" + more + "\n");
    }

    /** Answers the health document: 200 when {@code good} holds for it, 503 otherwise. */
    private void answerHealth(HttpServerRequest request, Predicate<JsonObject> good) {
        health.get().onComplete(r -> {
            JsonObject doc = r.succeeded()
                    ? r.result()
                    : new JsonObject().put("status", "DOWN").put("error", String.valueOf(r.cause()));
            request.response()
                    .setStatusCode(good.test(doc) ? 200 : 503)
                    .putHeader("Content-Type", "application/json")
                    .end(doc.encodePrettily());
        });
    }

    private void capture(HttpServerRequest request, boolean start) {
        if (request.method() != HttpMethod.POST) {
            request.response().setStatusCode(405).end("use POST\n");
            return;
        }
        String device = request.getParam("device");
        int port;
        try {
            port = Integer.parseInt(request.getParam("port"));
        } catch (NumberFormatException e) {
            request.response()
                    .setStatusCode(400)
                    .end("port must be a number, was '" + request.getParam("port") + "'\n");
            return;
        }
        Future<String> done = start
                ? captures.start(device, port, request.getParam("file"))
                        .map(f -> "capturing " + device + "/" + port + " to " + f + "\n")
                : captures.stop(device, port).map(n -> "stopped " + device + "/" + port + ": " + n + " frames\n");
        done.onComplete(r -> {
            if (r.succeeded()) {
                request.response().end(r.result());
            } else {
                request.response().setStatusCode(400).end(r.cause().getMessage() + "\n");
            }
        });
    }
}
