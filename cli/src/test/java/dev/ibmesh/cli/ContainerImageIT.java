package dev.ibmesh.cli;

import static java.util.stream.Collectors.toCollection;
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
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
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
 * once it stopped; and the Dockerfile builds the same image (user, working directory, entrypoint, arguments, ports,
 * environment, health check), so this test stands for it where no Docker engine runs. The image tar comes from the
 * system property {@value #IMAGE_PROPERTY}. Runs as root (CI does): a container runtime's work.
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
    private static String architecture;
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
        JsonObject imageConfig = new JsonObject(Files.readString(image.resolve(manifest.getString("Config"))));
        architecture = imageConfig.getString("architecture");
        config = imageConfig.getJsonObject("config");
        root = Files.createDirectory(dir.resolve("root"));
        for (Object layer : manifest.getJsonArray("Layers")) {
            untar(image.resolve((String) layer), root);
        }
        // What a container runtime adds to every container's /dev (the OCI runtime spec's default devices)
        for (Map.Entry<String, Integer> device :
                Map.of("null", 3, "zero", 5, "random", 8, "urandom", 9).entrySet()) {
            String node = root.resolve("dev").resolve(device.getKey()).toString();
            CliRun mknod = CliRun.run(new ProcessBuilder(
                    "mknod", "-m", "666", node, "c", "1", device.getValue().toString()));
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

    /** The Dockerfile's runtime stage says what Jib's config says, so this test of the one stands for the other. */
    @Test
    void dockerfileBuildsTheSameImage() throws IOException {
        DockerfileStage stage = DockerfileStage.last(Path.of("..", "Dockerfile"));
        assertEquals(entrypoint(), strings(new JsonArray(stage.get("ENTRYPOINT"))), "ENTRYPOINT");
        assertEquals(strings(config.getJsonArray("Cmd")), strings(new JsonArray(stage.get("CMD"))), "CMD");
        assertEquals(config.getString("User"), stage.get("USER"), "USER");
        assertEquals(config.getString("WorkingDir"), stage.get("WORKDIR"), "WORKDIR");

        Set<String> exposed = new TreeSet<>();
        for (String ports : stage.get("EXPOSE").split(" ")) {
            String protocol = ports.contains("/") ? ports.substring(ports.indexOf('/')) : "/tcp";
            String[] range = ports.replace(protocol, "").split("-");
            for (int p = Integer.parseInt(range[0]); p <= Integer.parseInt(range[range.length - 1]); p++) {
                exposed.add(p + protocol);
            }
        }
        assertEquals(new TreeSet<>(config.getJsonObject("ExposedPorts").fieldNames()), exposed, "EXPOSE");

        List<String> env = strings(config.getJsonArray("Env"));
        Set<String> names = new TreeSet<>(Set.of("PATH")); // Debian's, in both
        for (String variable : stage.get("ENV").split(" ")) {
            String value = variable.replace("${TARGETARCH}", architecture);
            assertTrue(env.contains(value), "ENV " + value + " is not in the image's " + env);
            names.add(name(variable));
        }
        assertEquals(names, env.stream().map(ContainerImageIT::name).collect(toCollection(TreeSet::new)), "ENV");

        String check = stage.get("HEALTHCHECK");
        int cmd = check.indexOf(" CMD ");
        assertEquals(healthCheck().get(1), check.substring(cmd + " CMD ".length()), "HEALTHCHECK CMD");
        Map<String, String> fields = Map.of(
                "interval", "Interval", "timeout", "Timeout", "start-period", "StartPeriod", "retries", "Retries");
        JsonObject timing = config.getJsonObject("Healthcheck");
        for (String option : check.substring(0, cmd).split(" ")) {
            String[] nameValue = option.substring("--".length()).split("=");
            String field = fields.get(nameValue[0]);
            long value = field.equals("Retries")
                    ? Long.parseLong(nameValue[1])
                    : Duration.parse("PT" + nameValue[1].toUpperCase(Locale.ROOT))
                            .toNanos();
            assertEquals(value, timing.getLong(field), "HEALTHCHECK " + option);
        }
    }

    @Test
    void entrypointPrintsTheVersionFromTheImageAlone() throws Exception {
        CliRun run = CliRun.run(inImage(withEntrypoint("--version"), Map.of()));
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.out().startsWith("ibmesh "), run.out() + run.err());
    }

    @Test
    void upInTheImageIsReadyAndItsHealthCheckFollowsIt() throws Exception {
        Files.writeString(root.resolve("work/tiny.yaml"), TOPOLOGY);
        CliProcess up = CliProcess.start(
                "ibmesh up in the image",
                inImage(withEntrypoint("up", "tiny.yaml", "--http", "0", "--grpc", "0", "--no-umad"), Map.of()));
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
        return CliRun.run(inImage(shell, Map.of("IBMESH_HEALTH_PORT", Integer.toString(httpPort))));
    }

    private static List<String> withEntrypoint(String... args) {
        List<String> command = new ArrayList<>(entrypoint());
        command.addAll(List.of(args));
        return command;
    }

    /**
     * {@code command} as a container of the image runs it: in the unpacked root, as PID 1 of a PID namespace with its
     * own /proc, in the working directory, as the user, with the image's environment plus {@code env}.
     */
    private static ProcessBuilder inImage(List<String> command, Map<String, String> env) {
        String[] user = config.getString("User").split(":");
        List<String> unshare = new ArrayList<>(List.of(
                "unshare",
                "--pid",
                "--fork",
                "--mount-proc",
                "--root=" + root,
                "--wd=" + config.getString("WorkingDir"),
                "--setuid=" + user[0],
                "--setgid=" + user[1]));
        unshare.addAll(command);
        ProcessBuilder pb = new ProcessBuilder(unshare);
        pb.environment().clear();
        for (String variable : strings(config.getJsonArray("Env"))) {
            pb.environment()
                    .put(name(variable), variable.substring(name(variable).length() + 1));
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

    /** The name of an environment variable given as NAME=VALUE. */
    private static String name(String variable) {
        return variable.substring(0, variable.indexOf('='));
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
