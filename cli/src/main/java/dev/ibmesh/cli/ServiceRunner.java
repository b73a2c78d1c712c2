package dev.ibmesh.cli;

import dev.ibmesh.device.hca.HcaDevice;
import dev.ibmesh.device.hca.grpc.VerbsRouter;
import dev.ibmesh.runtime.control.ControlServer;
import dev.ibmesh.runtime.control.InProcessControl;
import dev.ibmesh.runtime.device.CaptureControl;
import dev.ibmesh.runtime.device.Device;
import dev.ibmesh.runtime.device.DeviceConfig;
import dev.ibmesh.runtime.device.DeviceFactory;
import dev.ibmesh.runtime.device.Fabric;
import dev.ibmesh.runtime.observe.ObservabilityServer;
import dev.ibmesh.runtime.transport.LinkTransport;
import dev.ibmesh.runtime.umad.UmadServer;
import dev.ibmesh.runtime.umad.UmadServerOptions;
import dev.ibmesh.sm.SmService;
import dev.ibmesh.sm.grpc.SmStatusService;
import io.grpc.BindableService;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * Runs devices as a long-lived service: starts them and the /metrics + /health endpoint, waits until they are ready
 * (every cabled link trained and, when ibmesh's SM runs, the subnet up: the line "fabric ready: N devices, M links up
 * in T s"), only then opens the umad endpoint
 * (so an SM attached through it sees the whole fabric in its first sweep), then waits until the process is told to
 * stop (SIGINT or SIGTERM), and shuts down gracefully: links closed cleanly, servers stopped.
 */
final class ServiceRunner {
    private ServiceRunner() {}

    /**
     * @param factory builds each device of its kind (switch, hca, tester)
     * @param grpcPort where the control API ({@code ibmesh.fabric.v1.Fabric}, and every HCA's verbs) listens, on the HTTP host (0: a free
     *     port); empty: not served
     */
    static int run(
            List<DeviceConfig> devices,
            DeviceFactory factory,
            LinkTransport transport,
            ServiceOptions options,
            Optional<UmadServerOptions> umad,
            String httpHost,
            int httpPort,
            Optional<Integer> grpcPort,
            Optional<EmbeddedSm.Choice> smChoice,
            PrintWriter out,
            PrintWriter err,
            String command) {
        Path captureDir = options.captureDir;
        long started = System.nanoTime();
        // A whole fabric in one JVM shares one loop unless told otherwise: a packet then crosses devices without a
        // thread hand-off, which is what an SM's sweep waits on (see --event-loops).
        int loops = options.eventLoopsOr(
                devices.size() > 1 ? 1 : Runtime.getRuntime().availableProcessors());
        Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(loops));
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        Fabric fabric;
        try {
            fabric = Fabric.start(vertx, devices, factory, transport, registry).await(60, TimeUnit.SECONDS);
        } catch (Exception e) {
            err.println("ibmesh " + command + ": devices did not start: " + e.getMessage());
            vertx.close();
            return Ibmesh.EXIT_BAD_INPUT;
        }
        if (options.pace) {
            for (Device d : fabric.devices()) {
                d.run(() -> d.ports().forEach(p -> p.pacing(true)));
            }
        }
        CaptureControl captures = new CaptureControl(fabric, captureDir);
        AtomicReference<SmService> sm = new AtomicReference<>();
        Supplier<Future<JsonObject>> health = smChoice.isEmpty()
                ? fabric::health
                : () -> fabric.health().map(doc -> EmbeddedSm.withSubnet(doc, sm.get()));
        ObservabilityServer http =
                new ObservabilityServer(vertx, registry, health, captures, new InProcessControl(fabric, captures));
        int bound;
        try {
            bound = http.start(httpHost, httpPort).await(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            err.println("ibmesh " + command + ": cannot serve HTTP on " + httpHost + ":" + httpPort + ": "
                    + e.getMessage());
            fabric.stop();
            vertx.close();
            return Ibmesh.EXIT_BAD_INPUT;
        }
        out.printf(
                "ibmesh %s: %d device(s) running; metrics at http://%s:%d/metrics, health at /health%n",
                command, devices.size(), httpHost, bound);
        out.printf("ibmesh %s: the live view of the fabric at http://%s:%d/%n", command, httpHost, bound);
        out.printf(
                "ibmesh %s: capture a port with: curl -X POST 'http://%s:%d/capture/start?device=NAME&port=N&file=NAME.pcap'"
                        + " (traces go to %s)%n",
                command, httpHost, bound, captureDir.toAbsolutePath());
        ControlServer control = null;
        if (grpcPort.isPresent()) {
            Map<String, VerbsRouter.Route> hcas = hcaVerbs(fabric);
            try {
                List<BindableService> services = new ArrayList<>(List.of(new VerbsRouter(hcas)));
                smChoice.ifPresent(c -> services.add(new SmStatusService(sm::get, c.device() + "/" + c.port())));
                control = ControlServer.start(fabric, captures, httpHost, grpcPort.get(), services);
            } catch (IOException e) {
                err.println("ibmesh " + command + ": cannot serve gRPC on " + httpHost + ":" + grpcPort.get()
                        + " (use --grpc PORT, 0 for a free one): " + e.getMessage());
                http.stop();
                fabric.stop();
                vertx.close();
                return Ibmesh.EXIT_BAD_INPUT;
            }
            out.printf(
                    "ibmesh %s: control API (gRPC ibmesh.fabric.v1.Fabric, with reflection) at %s:%d; try: ibmesh fabric"
                            + " --target %s:%d ls%n",
                    command, httpHost, control.port(), httpHost, control.port());
            if (smChoice.isPresent()) {
                out.printf("ibmesh %s: the SM's status (gRPC ibmesh.sm.v1.SubnetManager) on the same port%n", command);
            }
            if (!hcas.isEmpty()) {
                out.printf(
                        "ibmesh %s: HCA verbs (gRPC ibmesh.verbs.v1.Verbs) on the same port for %s, the HCA named by"
                                + " the metadata header %s%n",
                        command, fewNames(hcas.keySet()), VerbsRouter.DEVICE.name());
            }
        }
        ControlServer controlServer = control;
        CountDownLatch stopped = new CountDownLatch(1);
        Thread hook = new Thread(
                () -> {
                    try {
                        if (controlServer != null) {
                            controlServer.close();
                        }
                        if (sm.get() != null) {
                            sm.get().close();
                        }
                        http.stop().await(5, TimeUnit.SECONDS);
                        fabric.stop().await(10, TimeUnit.SECONDS);
                        transport.close();
                        vertx.close().await(10, TimeUnit.SECONDS);
                    } catch (Exception ignored) {
                        // Shutting down anyway.
                    } finally {
                        stopped.countDown();
                    }
                },
                "ibmesh-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            // Blocks this (main) thread only; Ctrl-C meanwhile runs the shutdown hook as usual.
            fabric.ready().await();
        } catch (Exception e) {
            err.println("ibmesh " + command + ": the fabric did not become ready: " + e.getMessage());
            return Ibmesh.EXIT_BAD_INPUT;
        }
        String subnet = "";
        if (smChoice.isPresent()) {
            try {
                sm.set(EmbeddedSm.create(fabric, smChoice.get(), out, registry));
                sm.get().start().get();
            } catch (Exception e) {
                err.println("ibmesh " + command + ": the subnet manager did not start: " + e.getMessage());
                return Ibmesh.EXIT_BAD_INPUT;
            }
            subnet = ", subnet up";
        }
        out.printf(
                Locale.ROOT,
                "fabric ready: %d devices, %d links up%s in %.1f s%n",
                devices.size(),
                fabric.links(),
                subnet,
                (System.nanoTime() - started) / 1e9);
        out.flush();
        if (umad.isPresent()) {
            UmadServerOptions u = umad.get();
            UmadServer server;
            try {
                server = UmadEndpoint.start(vertx, fabric, u, registry).await(10, TimeUnit.SECONDS);
            } catch (Exception e) {
                err.println("ibmesh " + command + ": cannot serve the umad endpoint on UDP " + u.host() + ":" + u.port()
                        + "-" + (u.port() + u.maxClients()) + " (use --umad-port or --no-umad): " + e.getMessage());
                return Ibmesh.EXIT_BAD_INPUT;
            }
            if (server != null) {
                out.printf(
                        "ibmesh %s: umad endpoint on udp %s:%d; attach OpenFabrics tools with: IBSIM_SERVER_NAME=%s "
                                + "IBSIM_SERVER_PORT=%d SIM_HOST=<device> ibsim-run opensm%n",
                        command, u.host(), u.port(), u.host(), u.port());
            }
        }
        out.println("ibmesh " + command + ": press Ctrl-C to stop");
        out.flush();
        try {
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 0;
    }

    /** The verbs of every HCA of the fabric, by device name, each call on that HCA's event loop. */
    private static Map<String, VerbsRouter.Route> hcaVerbs(Fabric fabric) {
        Map<String, VerbsRouter.Route> hcas = new TreeMap<>();
        for (Device d : fabric.devices()) {
            if (d instanceof HcaDevice hca) {
                hcas.put(hca.name(), new VerbsRouter.Route(hca.verbsService(), hca.loop()));
            }
        }
        return hcas;
    }

    /** Up to eight names in full; of more, the first four and how many (a 702-node fabric has 648 HCAs). */
    static String fewNames(Collection<String> names) {
        if (names.size() <= 8) {
            return String.join(", ", names);
        }
        return String.join(", ", names.stream().limit(4).toList()) + " and " + (names.size() - 4)
                + " more (ibmesh fabric ls lists them)";
    }
}
