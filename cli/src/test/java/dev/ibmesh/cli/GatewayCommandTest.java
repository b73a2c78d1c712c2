package dev.ibmesh.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.gateway.GatewayToken;
import dev.ibmesh.runtime.umad.IbsimProcess;
import dev.ibmesh.runtime.umad.OfedTools;
import io.vertx.core.json.JsonObject;
import java.net.DatagramSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ibmesh gateway} on a node of Debian's ibsim, used from elsewhere as a pod would: {@code ibmesh test|sm --target
 * gateway:HOST:PORT} in other JVMs, with the token in their environment.
 */
class GatewayCommandTest {
    private static final String TOKEN = "lab-7f3a9c";
    private static final Pattern GRPC = Pattern.compile("on grpc \\S+:(\\d+)");
    private static final List<String> PROCEDURES =
            List.of("C14_024_06_SW_06", "C14_016_Get", "C14_902_01", "C13_013", "C14_924_02", "C18_901_01_SW");

    @TempDir
    Path dir;

    /** The tester through the gateway judges ibsim's switch as it does attached to ibsim itself. */
    @Test
    void throughTheGatewayTheTesterAndTheSmWorkAsOnTheGatewaysHost() throws Exception {
        Path tokenFile = Files.writeString(dir.resolve("token"), TOKEN + "\n");
        try (IbsimProcess ibsim = IbsimProcess.start(dir, net(), "h1")) {
            CliProcess gateway = startGateway(ibsim, "--http", "0", "--token-file", tokenFile.toString());
            try {
                int http = gateway.httpPort();
                String target = target(gateway);
                assertTrue(gateway.lines().stream().anyMatch(l -> l.contains("token required, read-write")));
                HttpResponse<String> ready = get(http, "/health/ready");
                assertEquals(200, ready.statusCode(), ready.body());
                assertEquals(true, new JsonObject(ready.body()).getBoolean("ready"));

                CliRun direct = CliRun.of(testArgs("ibsim:127.0.0.1:" + ibsim.port() + ",h1"));
                CliRun via = CliRun.forked(Map.of(GatewayToken.VARIABLE, TOKEN), testArgs(target));
                assertTrue(via.out().contains("DUT: sw1, a switch (gateway 127.0.0.1:"), via.out() + via.err());
                for (String id : PROCEDURES) {
                    assertEquals(
                            verdict(direct, id),
                            verdict(via, id),
                            id + ": attached to ibsim\n" + direct.out() + "\nthrough the gateway\n" + via.out());
                }
                assertEquals("FAIL", verdict(via, "C14_016_Get"), "ibsim's SMA ignores M_Key, through the gateway too");
                assertEquals(direct.exit(), via.exit());

                String metrics = get(http, "/metrics").body();
                assertTrue(
                        metrics.lines()
                                .anyMatch(l -> l.startsWith(
                                        "ibmesh_gateway_mads_total{class=\"SubnMgtDR\",direction=\"to_port\"")),
                        metrics);

                CliRun wrongToken = CliRun.forked(Map.of(GatewayToken.VARIABLE, "guess"), testArgs(target));
                assertEquals(TestCommand.EXIT_ERROR, wrongToken.exit(), wrongToken.out() + wrongToken.err());
                assertTrue(wrongToken.err().contains("refused the token"), wrongToken.err());

                CliRun sm = CliRun.forked(Map.of(GatewayToken.VARIABLE, TOKEN), "sm", "--target", target, "--once");
                assertEquals(0, sm.exit(), "SUBNET UP through the gateway\n" + sm.out() + sm.err());
            } finally {
                gateway.stop();
            }
        }
    }

    /** Read-only: the tester may read, but bringing the link up takes Sets, which the gateway refuses by name. */
    @Test
    void aReadOnlyGatewayRefusesTheTestersSetsAndTheRunIsAnError() throws Exception {
        try (IbsimProcess ibsim = IbsimProcess.start(dir, net(), "h1")) {
            CliProcess gateway = startGateway(ibsim, "--no-token", "--read-only");
            try {
                CliRun run = CliRun.of(testArgs(target(gateway)));
                assertEquals(TestCommand.EXIT_ERROR, run.exit(), run.out() + run.err());
                assertTrue(run.err().contains("the gateway is read-only: it refuses SubnMgtDR Set"), run.err());
            } finally {
                gateway.stop();
            }
        }
    }

    /**
     * The lab host's path: the gateway on libibumad, which libumad2sim under {@code ibsim-run} takes to the simulator
     * as a kernel would take it to an HCA. A tester elsewhere judges the switch as when attached to ibsim directly.
     */
    @Test
    void onALabHostsPortThroughLibibumadUnderIbsimRun() throws Exception {
        try (IbsimProcess ibsim = IbsimProcess.start(dir, net(), "h1")) {
            CliRun direct = CliRun.of(testArgs("ibsim:127.0.0.1:" + ibsim.port() + ",h1"));
            OfedTools.Started gateway = OfedTools.start(
                    dir,
                    ibsim.port(),
                    "h1",
                    List.of(GatewayToken.VARIABLE + "=" + TOKEN),
                    CliProcess.command("gateway", "--umad", "ibsim0:1", "--grpc", "0", "--http", "0")
                            .toArray(String[]::new));
            try {
                String target = "gateway:127.0.0.1:" + grpcPort(gateway);
                CliRun via = CliRun.forked(Map.of(GatewayToken.VARIABLE, TOKEN), testArgs(target));
                assertTrue(via.out().contains("DUT: sw1, a switch"), via.out() + via.err());
                for (String id : PROCEDURES) {
                    assertEquals(verdict(direct, id), verdict(via, id), id + "\n" + direct.out() + "\n" + via.out());
                }
            } finally {
                gateway.process().destroy();
                gateway.process().waitFor(20, TimeUnit.SECONDS);
            }
        }
    }

    /** The gRPC port a gateway started under ibsim-run prints, once it has (its output goes to a file). */
    private static int grpcPort(OfedTools.Started gateway) throws Exception {
        long deadline = System.nanoTime() + CliProcess.STARTUP.toNanos();
        while (System.nanoTime() < deadline && gateway.process().isAlive()) {
            Matcher m = GRPC.matcher(Files.readString(gateway.out()));
            if (m.find()) {
                return Integer.parseInt(m.group(1));
            }
            pause();
        }
        throw new AssertionError("the gateway printed no gRPC banner:\n" + Files.readString(gateway.out())
                + Files.readString(gateway.err()));
    }

    @Test
    void wrongUseIsAUsageErrorAndAnAbsentPortIsNamed() throws Exception {
        CliRun noToken = CliRun.of("gateway", "--ibsim", "127.0.0.1:7070,h1");
        assertEquals(2, noToken.exit(), noToken.out() + noToken.err());
        assertTrue(noToken.err().contains("the gateway needs a token"), noToken.err());

        CliRun both = CliRun.of("gateway", "--ibsim", "127.0.0.1:7070,h1", "--umad", "mlx5_0:1", "--no-token");
        assertEquals(2, both.exit());
        assertTrue(both.err().contains("mutually exclusive"), both.err());

        CliRun none = CliRun.of("gateway", "--no-token");
        assertEquals(2, none.exit());
        assertTrue(none.err().contains("Missing required argument"), none.err());

        Path empty = Files.writeString(dir.resolve("empty"), "\n");
        CliRun emptyToken = CliRun.of("gateway", "--ibsim", "127.0.0.1:7070,h1", "--token-file", empty.toString());
        assertEquals(2, emptyToken.exit());
        assertTrue(emptyToken.err().contains("is empty"), emptyToken.err());

        CliRun badPort = CliRun.of("gateway", "--umad", "mlx5_0", "--no-token");
        assertEquals(2, badPort.exit());
        assertTrue(badPort.err().contains("is not umad:DEVICE:PORT"), badPort.err());

        int nobody;
        try (DatagramSocket s = new DatagramSocket(0)) {
            nobody = s.getLocalPort();
        }
        CliRun absent = CliRun.of("gateway", "--ibsim", "127.0.0.1:" + nobody + ",h1", "--no-token");
        assertEquals(Ibmesh.EXIT_BAD_INPUT, absent.exit(), absent.out() + absent.err());
        assertTrue(absent.out().contains("nothing listens at 127.0.0.1:" + nobody), absent.out());

        CliRun noHca = CliRun.of("gateway", "--umad", "mlx5_9:1", "--no-token");
        assertEquals(Ibmesh.EXIT_BAD_INPUT, noHca.exit(), noHca.out() + noHca.err());
        assertTrue(noHca.out().contains("umad_open_port(mlx5_9, 1) failed"), noHca.out());
    }

    /** {@code ibmesh gateway} on ibsim's node h1, with a free gRPC port and {@code more} options. */
    private static CliProcess startGateway(IbsimProcess ibsim, String... more) throws Exception {
        List<String> args =
                new ArrayList<>(List.of("gateway", "--ibsim", "127.0.0.1:" + ibsim.port() + ",h1", "--grpc", "0"));
        args.addAll(List.of(more));
        return CliProcess.start("gateway", Map.of(), args.toArray(String[]::new));
    }

    /** The --target of the gateway's gRPC port, once its banner says which. */
    private static String target(CliProcess gateway) throws Exception {
        Matcher grpc = GRPC.matcher(
                gateway.awaitLine("gRPC banner", l -> GRPC.matcher(l).find(), CliProcess.STARTUP));
        assertTrue(grpc.find());
        return "gateway:127.0.0.1:" + grpc.group(1);
    }

    private Path net() throws Exception {
        return Files.writeString(dir.resolve("fabric.net"), IbsimProcess.SWITCH_AND_TWO_HCAS);
    }

    private static String[] testArgs(String target) {
        List<String> args = new ArrayList<>(List.of("test", "--no-report", "--target", target));
        PROCEDURES.forEach(p -> args.addAll(List.of("--procedure", p)));
        return args.toArray(String[]::new);
    }

    /** The verdict word of procedure {@code id} in a run's output. */
    private static String verdict(CliRun run, String id) {
        return run.lines().stream()
                .filter(l -> l.matches("(PASS|FAIL|NOT_APPLICABLE|ERROR) +" + id + ".*"))
                .map(l -> l.split(" +")[0])
                .findFirst()
                .orElse("no verdict line for " + id);
    }

    /** GET {@code path} of the gateway's HTTP endpoint, asked again until it answers 200 or the startup time is up. */
    private static HttpResponse<String> get(int port, String path) throws Exception {
        HttpClient client = HttpClient.newHttpClient();
        long deadline = System.nanoTime() + CliProcess.STARTUP.toNanos();
        HttpResponse<String> r;
        do {
            r = client.send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
        } while (r.statusCode() != 200 && System.nanoTime() < deadline && pause());
        return r;
    }

    private static boolean pause() {
        LockSupport.parkNanos(50_000_000L);
        return true;
    }
}
