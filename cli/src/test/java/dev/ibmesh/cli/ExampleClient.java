package dev.ibmesh.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the tests of gRPC clients of {@code ibmesh up} share (the examples/ clients, {@code ibmesh fabric}): where its
 * control API serves, and running a client to its end.
 */
final class ExampleClient {
    static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern CONTROL_BANNER = Pattern.compile("control API .* at \\S+:(\\d+);");

    /** What a finished command printed (stdout and stderr together). */
    record Finished(int exit, String output) {}

    private ExampleClient() {}

    /**
     * {@code ibmesh up} of examples/topologies/two-switches-four-hcas.yaml in a child JVM, as the README has a user
     * start it for the example clients: free HTTP and gRPC ports, no umad endpoint, captures under {@code dir}.
     */
    static CliProcess startExampleFabric(Path dir) throws IOException {
        return CliProcess.start(
                "ibmesh up",
                Map.of(),
                "up",
                ROOT.resolve("examples/topologies/two-switches-four-hcas.yaml").toString(),
                "--http",
                "0",
                "--grpc",
                "0",
                "--no-umad",
                "--capture-dir",
                dir.resolve("captures").toString());
    }

    /** The gRPC target of {@code up}'s control API, read from its banner. */
    static String controlTarget(CliProcess up) throws Exception {
        Matcher m = CONTROL_BANNER.matcher(up.awaitLine(
                "control API banner", l -> CONTROL_BANNER.matcher(l).find(), CliProcess.STARTUP));
        if (!m.find()) {
            throw new AssertionError("no port in the control API banner");
        }
        return "127.0.0.1:" + m.group(1);
    }

    /** Runs a command in {@code cwd} to its end (2 minutes at most), its output in a file of {@code dir}. */
    static Finished run(Path dir, Path cwd, String... command) throws IOException, InterruptedException {
        Path output = Files.createTempFile(dir, "out", ".txt");
        Process p = new ProcessBuilder(command)
                .directory(cwd.toFile())
                .redirectErrorStream(true)
                .redirectOutput(output.toFile())
                .start();
        if (!p.waitFor(2, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
            throw new AssertionError(String.join(" ", command) + " did not finish in 2 minutes:\n"
                    + Files.readString(output, StandardCharsets.UTF_8));
        }
        return new Finished(p.exitValue(), Files.readString(output, StandardCharsets.UTF_8));
    }
}
