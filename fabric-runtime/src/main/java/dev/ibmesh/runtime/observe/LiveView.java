package dev.ibmesh.runtime.observe;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.json.JsonObject;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * The live view of a running fabric on the HTTP server: the page ({@code /view/}, where {@code /} leads) draws the
 * fabric with cytoscape.js and keeps it current by polling the JSON API beside it:
 *
 * <ul>
 *   <li>{@code GET /api/fabric}: every device with its ports, every link with its state, the subnet as the health
 *       document tells it (the embedded SM's state, sweeps, whether the subnet is up) when there is one, and the
 *       tester's running verdicts when this process runs the tester service
 *       ({@link ObservabilityServer#TESTER_VERDICTS});
 *   <li>{@code GET /api/devices/NAME}: one device's ports with their LIDs, states and PMA counters;
 *   <li>{@code POST /api/links/DEVICE/PORT/state?up=false} (or {@code true}): pulls the cable at that port or puts
 *       it back, through the control API's SetLinkState.
 * </ul>
 *
 * A malformed request answers 400, an unknown device or port 404, a wrong method 405, each with a JSON {@code error};
 * a device that fails to answer, or does not answer in time, makes it 503.
 */
final class LiveView {
    private static final String JS = "text/javascript; charset=utf-8";
    private static final Map<String, String> FILES = Map.of(
            "index.html",
            "text/html; charset=utf-8",
            "live.js",
            JS,
            "fabric-graph.js",
            JS,
            "view.css",
            "text/css; charset=utf-8");
    private static final String CYTOSCAPE = "cytoscape.min.js";

    /** How long a request waits for the devices before it answers 503. */
    static final Duration ANSWER_WITHIN = Duration.ofSeconds(5);

    private final Vertx vertx;
    private final MeterRegistry registry;
    private final LiveFabric fabric;
    private final Supplier<Future<JsonObject>> health;
    private final Duration answerWithin;

    /** @param answerWithin how long a request waits for the devices before it answers 503 */
    LiveView(
            Vertx vertx,
            MeterRegistry registry,
            LiveFabric fabric,
            Supplier<Future<JsonObject>> health,
            Duration answerWithin) {
        this.vertx = vertx;
        this.registry = registry;
        this.fabric = fabric;
        this.health = health;
        this.answerWithin = answerWithin;
    }

    /** Whether {@code path} is the view's; then {@link #handle} answers it. */
    static boolean serves(String path) {
        return path.equals("/") || path.equals("/view") || path.startsWith("/view/") || path.startsWith("/api/");
    }

    void handle(HttpServerRequest request) {
        String path = request.path();
        if (path.equals("/") || path.equals("/view")) {
            request.response()
                    .setStatusCode(302)
                    .putHeader("Location", "/view/")
                    .end();
        } else if (path.startsWith("/view/")) {
            file(request, path.substring("/view/".length()));
        } else {
            List<String> segments;
            try {
                segments = segments(path.substring("/api/".length()));
            } catch (IllegalArgumentException e) {
                error(request, 400, "malformed path " + path + ": " + e.getMessage());
                return;
            }
            api(request, segments);
        }
    }

    private static void file(HttpServerRequest request, String name) {
        if (request.method() != HttpMethod.GET && request.method() != HttpMethod.HEAD) {
            request.response().setStatusCode(405).end("use GET\n");
            return;
        }
        String file = name.isEmpty() ? "index.html" : name;
        byte[] body = null;
        String type = FILES.get(file);
        if (type != null) {
            body = ViewAssets.own(file);
        } else if (file.equals(CYTOSCAPE)) {
            type = JS;
            body = ViewAssets.cytoscapeBytes();
        }
        if (body == null) {
            request.response().setStatusCode(404).end("not found: " + request.path() + "\n");
            return;
        }
        request.response()
                .putHeader("Content-Type", type)
                .putHeader("Cache-Control", "no-cache")
                .end(Buffer.buffer(body));
    }

    private void api(HttpServerRequest request, List<String> path) {
        if (path.size() == 1 && path.get(0).equals("fabric")) {
            if (get(request)) {
                answer(request, fabric.fabric().compose(this::withSubnet).map(this::withVerdicts));
            }
        } else if (path.size() == 2 && path.get(0).equals("devices")) {
            if (get(request)) {
                answer(request, fabric.device(path.get(1)));
            }
        } else if (path.size() == 4
                && path.get(0).equals("links")
                && path.get(3).equals("state")) {
            if (request.method() != HttpMethod.POST) {
                error(request, 405, "use POST");
                return;
            }
            answer(request, linkState(path.get(1), path.get(2), request.getParam("up")));
        } else {
            error(
                    request,
                    404,
                    "no such API: " + request.path() + "; try GET /api/fabric, GET /api/devices/NAME or POST"
                            + " /api/links/DEVICE/PORT/state?up=false");
        }
    }

    private Future<JsonObject> linkState(String device, String port, String up) {
        int number;
        try {
            number = Integer.parseInt(port);
        } catch (NumberFormatException e) {
            return Future.failedFuture(new LiveFabric.Refused(400, "port: '" + port + "' is not a port number"));
        }
        if (!"true".equals(up) && !"false".equals(up)) {
            return Future.failedFuture(new LiveFabric.Refused(400, "up: give up=true or up=false, was '" + up + "'"));
        }
        return fabric.setLinkState(device, number, Boolean.parseBoolean(up));
    }

    /** The fabric document with the health document's {@code subnet} (there when an SM runs in this process). */
    private Future<JsonObject> withSubnet(JsonObject doc) {
        return health.get()
                .map(h -> h.getJsonObject("subnet") == null ? doc : doc.put("subnet", h.getJsonObject("subnet")))
                .otherwise(doc);
    }

    /** The document with the tester's verdicts so far by kind, when this process counts them. */
    private JsonObject withVerdicts(JsonObject doc) {
        Collection<Counter> counters =
                registry.find(ObservabilityServer.TESTER_VERDICTS).counters();
        if (counters.isEmpty()) {
            return doc;
        }
        JsonObject verdicts = new JsonObject();
        for (Counter c : counters) {
            verdicts.put(c.getId().getTag("verdict"), (long) c.count());
        }
        return doc.put("verdicts", verdicts);
    }

    private static boolean get(HttpServerRequest request) {
        if (request.method() != HttpMethod.GET) {
            error(request, 405, "use GET");
            return false;
        }
        return true;
    }

    /** Answers what {@code result} gives, or 503 when it gives nothing in time (a device's loop stuck). */
    private void answer(HttpServerRequest request, Future<JsonObject> result) {
        Promise<JsonObject> inTime = Promise.promise();
        long timer = vertx.setTimer(
                answerWithin.toMillis(),
                t -> inTime.tryFail(new TimeoutException("no answer in " + answerWithin.toMillis() + " ms")));
        result.onComplete(r -> {
            vertx.cancelTimer(timer);
            if (r.succeeded()) {
                inTime.tryComplete(r.result());
            } else {
                inTime.tryFail(r.cause());
            }
        });
        inTime.future()
                .onComplete(
                        doc -> request.response()
                                .putHeader("Content-Type", "application/json")
                                .end(doc.encode()),
                        failure -> {
                            if (failure instanceof LiveFabric.Refused r) {
                                error(request, r.status(), r.getMessage());
                            } else {
                                error(request, 503, "a device did not answer: " + failure.getMessage());
                            }
                        });
    }

    private static void error(HttpServerRequest request, int status, String message) {
        request.response()
                .setStatusCode(status)
                .putHeader("Content-Type", "application/json")
                .end(new JsonObject().put("error", message).encode());
    }

    /** The path's segments, each URL-decoded ("a/b%2Fc" is two: "a" and "b/c"); an empty one stays. */
    private static List<String> segments(String path) {
        return Arrays.stream(path.split("/", -1))
                .map(s -> URLDecoder.decode(s, StandardCharsets.UTF_8))
                .toList();
    }
}
