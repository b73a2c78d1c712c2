package dev.ibmesh.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.security.auth.module.UnixSystem;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The container image that the Maven profile {@code image} writes (scripts/build-image), used as a container runtime
 * uses it: its manifest and config say a user that is not root, the entrypoint on the shaded jar with --help as its
 * argument, the services' default ports and a health check on /health/live; its layers unpacked in order into one
 * root hold everything the entrypoint needs, which runs there as the image's user in a PID and mount namespace of
 * its own ({@code unshare --root}, as root): {@code --version}, then {@code ibmesh up} of a one-switch one-HCA
 * topology until /health/ready answers 200, with the image's health check command passing while it runs and failing
 * once it stopped. The image tar comes from the system property {@value #IMAGE_PROPERTY}. Runs as root (CI does):
 * a container runtime's work.
 */
class ContainerImageIT {
    private static final String IMAGE_PROPERTY = "ibmesh.image.tar";
    private static final String TOPOLOGY = """
            devices:
              - {name: sw1, kind: switch, ports: 4}
              - {name: h1, kind: hca, ports: 1}
            links:
              - ends: [sw1/1, h1/1]
            """;

    @TempDir
    static Path dir;

    private static JsonArray repoTags;
    private static JsonObject config;
    private static Path root;

    @BeforeAll
    static void unpack() throws IOException, InterruptedException {
        Assumptions.assumeTrue(
                new UnixSystem().getUid() == 0,
                "unpacking with the image's owners, its /dev and unshare --root (a container's root and PID 1) need root");
        String tar = System.getProperty(IMAGE_PROPERTY);
        assertTrue(tar != null && Files.isRegularFile(Path.of(tar)), IMAGE_PROPERTY + " names no file: " + tar);
        Path image = Files.createDirectory(dir.resolve("image"));
        untar(Path.of(tar), image);
        JsonObject manifest = new JsonArray(Files.readString(image.resolve("manifest.json"))).getJsonObject(0);
        repoTags = manifest.getJsonArray("RepoTags");
        config = new JsonObject(Files.readString(image.resolve(manifest.getString("Config")))).getJsonObject("config");
        root = Files.createDirectory(dir.resolve("root"));
        for (Object layer : manifest.getJsonArray("Layers")) {
            untar(image.resolve((String) layer), root);
        }
        // What a container runtime adds to every container's /dev (the OCI runtime spec's default devices)
        for (String[] device : List.of(
                new String[] {"null", "3"}, new String[] {"zero", "5"}, new String[] {"random", "8"}, new String[] {
                    "urandom", "9"
                })) {
            String node = root.resolve("dev").resolve(device[0]).toString();
            CliRun mknod = CliRun.run(new ProcessBuilder("mknod", "-m", "666", node, "c", "1", device[1]));
            assertEquals(0, mknod.exit(), "mknod " + node + ": " + mknod.err());
        }
    }

    @Test
    void configNamesTheImageItsUserEntrypointPortsAndHealthCheck() {
        assertTrue(repoTags.contains("ibmesh:latest"), repoTags.encode());
        assertEquals(
                List.of("java", "-jar", "/opt/ibmesh/ibmesh.jar"),
                entrypoint().stream().filter(a -> !a.startsWith("-XX:")).toList(),
                config.encode());
        assertEquals(List.of("--help"), strings(config.getJsonArray("Cmd")), config.encode());
        assertEquals("/work", config.getString("WorkingDir"), config.encode());
        assertNotEquals(0, uid(), "runs as root: " + config.getString("User"));
        assertTrue(
                config.getJsonObject("ExposedPorts")
                        .fieldNames()
                        .containsAll(List.of("9100/tcp", "9200/tcp", "7400/tcp", "7070/udp")),
                config.encode());
        List<String> check = healthCheck();
        assertEquals("CMD-SHELL", check.get(0), config.encode());
        assertTrue(check.get(1).contains("/health/live"), config.encode());
    }

    @Test
    void entrypointPrintsTheVersionFromTheImageAlone() throws Exception {
        CliRun run = CliRun.run(inImage(List.of("--version"), Map.of()));
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.out().startsWith("ibmesh "), run.out() + run.err());
    }

    @Test
    void upInTheImageIsReadyAndItsHealthCheckFollowsIt() throws Exception {
        Files.writeString(root.resolve("work/tiny.yaml"), TOPOLOGY);
        CliProcess up = CliProcess.start(
                "ibmesh up in the image",
                inImage(List.of("up", "tiny.yaml", "--http", "0", "--grpc", "0", "--no-umad"), Map.of()));
        int http;
        try {
            http = up.httpPort();
            up.awaitLine("the ready line", l -> l.startsWith("fabric ready:"), CliProcess.STARTUP);
            HttpResponse<String> ready = HttpClient.newHttpClient()
                    .send(
                            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + http + "/health/ready"))
                                    .timeout(Duration.ofSeconds(30))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
            assertEquals(200, ready.statusCode(), ready.body());
            CliRun healthy = runHealthCheck(http);
            assertEquals(0, healthy.exit(), "the health check failed on a live service: " + healthy);
        } finally {
            up.stop();
        }
        CliRun unhealthy = runHealthCheck(http);
        assertNotEquals(0, unhealthy.exit(), "the health check passed with the service stopped: " + unhealthy);
    }

    /** The image's HEALTHCHECK command (CMD-SHELL: /bin/sh -c) run in the image, told the service's HTTP port. */
    private static CliRun runHealthCheck(int httpPort) throws IOException, InterruptedException {
        List<String> shell = List.of("/bin/sh", "-c", healthCheck().get(1));
        return CliRun.run(inImage(shell, Map.of("IBMESH_HEALTH_PORT", Integer.toString(httpPort)), false));
    }

    /** The entrypoint with these arguments, as a container of the image runs it (its environment plus {@code env}). */
    private static ProcessBuilder inImage(List<String> args, Map<String, String> env) {
        return inImage(args, env, true);
    }

    private static ProcessBuilder inImage(List<String> args, Map<String, String> env, boolean entrypoint) {
        String[] user = config.getString("User").split(":");
        List<String> command = new ArrayList<>(List.of(
                "unshare",
                "--pid",
                "--fork",
                "--kill-child=SIGTERM",
                "--mount-proc",
                "--root=" + root,
                "--wd=" + config.getString("WorkingDir"),
                "--setuid=" + user[0],
                "--setgid=" + user[1]));
        if (entrypoint) {
            command.addAll(entrypoint());
        }
        command.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().clear();
        for (String variable : strings(config.getJsonArray("Env"))) {
            int eq = variable.indexOf('=');
            pb.environment().put(variable.substring(0, eq), variable.substring(eq + 1));
        }
        pb.environment().putAll(env);
        return pb;
    }

    private static List<String> entrypoint() {
        return strings(config.getJsonArray("Entrypoint"));
    }

    private static List<String> healthCheck() {
        return strings(config.getJsonObject("Healthcheck").getJsonArray("Test"));
    }

    /** The numeric user ID of the image's User ("UID:GID"; a name would need the image's /etc/passwd). */
    private static int uid() {
        String user = config.getString("User", "");
        assertTrue(user.matches("\\d+:\\d+"), "User is not UID:GID: " + user);
        return Integer.parseInt(user.substring(0, user.indexOf(':')));
    }

    private static List<String> strings(JsonArray a) {
        return a.stream().map(String.class::cast).toList();
    }

    /** Unpacks a tar (gzip or not) as a container runtime does: owners and modes kept, as root. */
    private static void untar(Path tar, Path into) throws IOException, InterruptedException {
        CliRun run = CliRun.run(new ProcessBuilder("tar", "-xf", tar.toString(), "-C", into.toString()));
        assertEquals(0, run.exit(), "tar -xf " + tar + ": " + run.err());
    }
}
