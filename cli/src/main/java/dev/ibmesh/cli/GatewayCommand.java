package dev.ibmesh.cli;

import dev.ibmesh.gateway.GatewayServer;
import dev.ibmesh.gateway.GatewayToken;
import dev.ibmesh.runtime.madport.MadPort;
import dev.ibmesh.runtime.observe.ObservabilityServer;
import dev.ibmesh.runtime.observe.PortCaptures;
import dev.ibmesh.tester.run.TargetSpec;
import dev.ibmesh.tester.run.UsageException;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code ibmesh gateway}: serves one local MAD port (a lab host's HCA through libibumad, a node of ibsim) over gRPC,
 * so that {@code ibmesh test|sm --target gateway:HOST:PORT} elsewhere (a pod) uses it. Clients present the gateway's
 * token; {@code --read-only} lets only Get-like requests through. {@code /health/ready} answers 200 while the port
 * answers its own PortInfo.
 */
@Command(
        name = "gateway",
        mixinStandardHelpOptions = true,
        description = "Serve a local MAD port (--umad DEVICE:PORT or --ibsim HOST:PORT,NODE) over gRPC"
                + " (ibmesh.gateway.v1.MadGateway) to testers and SMs elsewhere: ibmesh test|sm --target"
                + " gateway:HOST:PORT. Clients must present the token (" + GatewayToken.VARIABLE + " or "
                + GatewayToken.FILE_VARIABLE + " on both sides, or --token-file here).")
final class GatewayCommand implements Callable<Integer> {
    /** How long the local port may take to answer its own NodeInfo. */
    private static final Duration ATTACH = Duration.ofSeconds(5);
    /** How long a readiness probe waits for the port's PortInfo. */
    private static final Duration PROBE = Duration.ofSeconds(2);

    /** Exactly one local port. */
    static final class Backend {
        @Option(
                names = "--umad",
                paramLabel = "DEVICE:PORT",
                description = "A port of a local HCA through libibumad, as ibstat names it (mlx5_0:1).")
        String umad;

        @Option(
                names = "--ibsim",
                paramLabel = "HOST:PORT,NODE",
                description = "Node NODE of a running OpenFabrics simulator (ibsim -s) on HOST:PORT.")
        String ibsim;

        TargetSpec.Foreign spec() {
            TargetSpec t = TargetSpec.parse(umad != null ? "umad:" + umad : "ibsim:" + ibsim);
            return (TargetSpec.Foreign) t;
        }
    }

    @ArgGroup(multiplicity = "1")
    Backend backend;

    @Option(
            names = "--host",
            paramLabel = "HOST",
            defaultValue = ServiceOptions.DEFAULT_HTTP_HOST,
            description = "Address for gRPC, /metrics and /health. Default: ${DEFAULT-VALUE}; 0.0.0.0 in a container.")
    String host;

    @Option(
            names = "--grpc",
            paramLabel = "PORT",
            defaultValue = "7400",
            converter = ServiceOptions.NonNegative.class,
            description = "gRPC port of the gateway (0: a free one). Default: ${DEFAULT-VALUE}.")
    int grpcPort;

    @Option(
            names = "--http",
            paramLabel = "PORT",
            defaultValue = "0",
            converter = ServiceOptions.NonNegative.class,
            description = "Port of /metrics and /health (0: a free one, printed). Default: ${DEFAULT-VALUE}.")
    int httpPort;

    @Option(
            names = "--token-file",
            paramLabel = "FILE",
            description = "The token clients must present, in a file (else from " + GatewayToken.VARIABLE + " or "
                    + GatewayToken.FILE_VARIABLE + ").")
    Path tokenFile;

    @Option(
            names = "--no-token",
            description = "Let anyone who reaches the gRPC port use the MAD port (a closed lab network only).")
    boolean noToken;

    @Option(
            names = "--read-only",
            description = "Refuse every MAD but Get, GetTable, GetTraceTable and GetMulti requests (and the RMPP"
                    + " acknowledgements of their answers): for production fabrics, where one Set can take the subnet"
                    + " down.")
    boolean readOnly;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        Optional<String> token = token();
        TargetSpec.Foreign where;
        try {
            where = backend.spec();
        } catch (UsageException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage().replace("--target ", "the port "));
        }
        MadPort port;
        try {
            port = where.open(ATTACH);
        } catch (RuntimeException e) {
            say(out, e.getMessage());
            return Ibmesh.EXIT_BAD_INPUT;
        }
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        GatewayServer server;
        try {
            server = GatewayServer.start(port, where.toString(), token, readOnly, host, grpcPort, registry);
        } catch (IOException e) {
            say(
                    out,
                    "cannot serve gRPC on " + host + ":" + grpcPort + " (use --grpc PORT, 0 for a free one): "
                            + e.getMessage());
            port.close();
            return Ibmesh.EXIT_BAD_INPUT;
        }
        Vertx vertx = Vertx.vertx();
        ObservabilityServer http = new ObservabilityServer(
                vertx,
                registry,
                () -> health(port, where),
                PortCaptures.none("the gateway has no emulated ports to capture; its clients record the MADs"));
        int bound;
        try {
            bound = http.start(host, httpPort).await(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            say(out, "cannot serve HTTP on " + host + ":" + httpPort + ": " + e.getMessage());
            server.close();
            port.close();
            vertx.close();
            return Ibmesh.EXIT_BAD_INPUT;
        }
        say(
                out,
                "serving " + port.identity() + " (" + where + ") on grpc " + host + ":" + server.port() + ", "
                        + (token.isPresent() ? "token required" : "no token") + ", "
                        + (readOnly ? "read-only" : "read-write"));
        say(out, "metrics at http://" + host + ":" + bound + "/metrics, health at /health");
        say(out, "use it with: ibmesh test --target gateway:" + host + ":" + server.port() + "; press Ctrl-C to stop");
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            server.close();
                            port.close();
                            vertx.close();
                            stopped.countDown();
                        },
                        "ibmesh-gateway-shutdown"));
        stopped.await();
        return 0;
    }

    /** The token: --token-file, else the environment; none only with --no-token. */
    private Optional<String> token() {
        try {
            Optional<String> token = tokenFile != null
                    ? Optional.of(GatewayToken.fromFile(tokenFile))
                    : GatewayToken.fromEnvironment(System.getenv());
            if (token.isPresent() && noToken) {
                throw new ParameterException(spec.commandLine(), "--no-token, yet a token is given");
            }
            if (token.isEmpty() && !noToken) {
                throw new ParameterException(
                        spec.commandLine(),
                        "the gateway needs a token clients must present: --token-file FILE, " + GatewayToken.VARIABLE
                                + " or " + GatewayToken.FILE_VARIABLE + " (or --no-token on a closed lab network)");
            }
            return token;
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    /** Live while the process runs; ready while the port answers its own PortInfo (a lost simulator, a dead HCA: 503). */
    private static Future<JsonObject> health(MadPort port, TargetSpec.Foreign where) {
        JsonObject doc = new JsonObject()
                .put("status", "UP")
                .put("backend", where.toString())
                .put("port", port.identity().toString());
        return Future.fromCompletionStage(port.lid().orTimeout(PROBE.toMillis(), TimeUnit.MILLISECONDS))
                .map(lid -> doc.put("ready", true).put("lid", lid))
                .otherwise(e -> doc.put("ready", false).put("reason", "the port does not answer: " + e.getMessage()));
    }

    private static void say(PrintWriter out, String line) {
        out.println("ibmesh gateway: " + line);
        out.flush();
    }
}
