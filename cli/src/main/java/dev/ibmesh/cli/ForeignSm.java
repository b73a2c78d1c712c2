package dev.ibmesh.cli;

import dev.ibmesh.runtime.madport.MadPort;
import dev.ibmesh.runtime.madport.MadSendException;
import dev.ibmesh.runtime.observe.ObservabilityServer;
import dev.ibmesh.runtime.observe.PortCaptures;
import dev.ibmesh.runtime.umad.SimClientException;
import dev.ibmesh.sm.SmMetrics;
import dev.ibmesh.sm.SmOptions;
import dev.ibmesh.sm.SmService;
import dev.ibmesh.tester.run.TargetSpec;
import dev.ibmesh.tester.run.UsageException;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * {@code ibmesh sm --target ibsim:HOST:PORT,NODE|umad:DEVICE:PORT|gateway:HOST:PORT}: ibmesh's SM on a fabric ibmesh
 * did not build, through a MAD-only backend, as OpenSM runs on ibsim under {@code ibsim-run} or on a host's HCA (or
 * from elsewhere, through a gateway on that host). It learns the fabric through SMPs only, so nothing changes
 * but the port it sends them from.
 */
final class ForeignSm {
    /** How long the SM's port may take to attach. */
    private static final Duration ATTACH = Duration.ofSeconds(5);
    /** How long {@code --once} waits for the first SUBNET UP (OpenSM -o gives up on its own terms too). */
    private static final Duration FIRST_SWEEP = Duration.ofMinutes(5);

    private final PrintWriter out;
    private final SmOptions options;
    private final int priority;
    private final String httpHost;
    private final int httpPort;

    /**
     * @param httpHost where the service's {@code /health} and {@code /metrics} listen (not with {@code --once})
     * @param httpPort their port, 0 for a free one
     */
    ForeignSm(PrintWriter out, SmOptions options, int priority, String httpHost, int httpPort) {
        this.out = out;
        this.options = options;
        this.priority = priority;
        this.httpHost = httpHost;
        this.httpPort = httpPort;
    }

    /**
     * Attaches, sweeps, and either exits after the first sweep ({@code once}) or keeps managing the subnet until the
     * process is stopped.
     *
     * @throws IllegalArgumentException for a target that cannot be read
     */
    int run(String target, boolean once) {
        TargetSpec.Foreign where;
        try {
            if (!(TargetSpec.parse(target) instanceof TargetSpec.Foreign f)) {
                throw new IllegalArgumentException("--target " + target
                        + ": the SM runs on ibsim:HOST:PORT,NODE, umad:DEVICE:PORT or gateway:HOST:PORT");
            }
            where = f;
        } catch (UsageException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        MadPort port;
        try {
            port = where.open(ATTACH);
        } catch (SimClientException | MadSendException e) {
            out.println("ibmesh sm: " + e.getMessage());
            out.flush();
            return Ibmesh.EXIT_BAD_INPUT;
        }
        say("on " + port.identity() + " (" + where + "), priority " + priority + ", routing " + options.routing());
        try (SmService sm = new SmService(port, options, priority, EmbeddedSm.SWEEP_INTERVAL, this::say)) {
            if (once) {
                return sm.start()
                                .get(FIRST_SWEEP.toMillis(), TimeUnit.MILLISECONDS)
                                .up()
                        ? 0
                        : 1;
            }
            return serve(sm, port, where);
        } catch (TimeoutException e) {
            say("no SUBNET UP within " + FIRST_SWEEP.toSeconds() + " s");
            return 1;
        } catch (ExecutionException e) {
            say("the first sweep failed: " + e.getCause());
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 0;
        } finally {
            port.close();
        }
    }

    /**
     * The SM as a service: {@code /health} (live while the process runs), {@code /health/ready} (once the subnet was
     * up, as for {@code ibmesh sm --topology}) and {@code /metrics}, until the process is stopped; SIGTERM lets go of
     * the port as OpenSM does.
     */
    private int serve(SmService sm, MadPort port, TargetSpec.Foreign where) throws InterruptedException {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        SmMetrics.bind(sm, registry, where.toString());
        Vertx vertx = Vertx.vertx();
        ObservabilityServer http = new ObservabilityServer(
                vertx,
                registry,
                () -> Future.succeededFuture(EmbeddedSm.withSubnet(
                        new JsonObject().put("status", "UP").put("ready", true), sm)),
                PortCaptures.none("the SM runs on a foreign fabric: there are no ports here to capture"));
        int bound;
        try {
            bound = http.start(httpHost, httpPort).await(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            say("cannot serve HTTP on " + httpHost + ":" + httpPort + ": " + e.getMessage());
            vertx.close();
            return Ibmesh.EXIT_BAD_INPUT;
        }
        say("metrics at http://" + httpHost + ":" + bound + "/metrics, health at /health");
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            sm.close();
            port.close();
            vertx.close();
            stopped.countDown();
        }));
        sm.start();
        stopped.await(); // managing the subnet until the process is stopped
        return 0;
    }

    private void say(String line) {
        out.println("ibmesh sm: " + line);
        out.flush();
    }
}
