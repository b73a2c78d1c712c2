package dev.ibmesh.cli;

import dev.ibmesh.cli.k8s.GatewayOverlay;
import dev.ibmesh.cli.k8s.KustomizeBase;
import dev.ibmesh.runtime.topology.Topology;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code ibmesh k8s TOPOLOGY -o DIR}: Kubernetes manifests (a kustomize base) that run a topology, one pod per device. */
@Command(
        name = "k8s",
        mixinStandardHelpOptions = true,
        description = "Write a kustomize base that runs TOPOLOGY on Kubernetes, one pod per device or --shards N shard"
                + " pods (DIR/base), and an"
                + " overlay that adds a Prometheus-operator ServiceMonitor (DIR/monitoring). Apply with: kubectl apply"
                + " -k DIR/base.")
final class K8sCommand implements Callable<Integer> {
    @Parameters(paramLabel = "TOPOLOGY", description = "The topology file (YAML or ibnetdiscover's .net).")
    Path topology;

    @Option(
            names = {"-o", "--output"},
            required = true,
            paramLabel = "DIR",
            description = "Where to write; empty, or holding an earlier rendering, which is replaced.")
    Path output;

    @Option(
            names = "--image",
            paramLabel = "IMAGE",
            defaultValue = "ibmesh:latest",
            description = "The ibmesh image the pods run. Default: ${DEFAULT-VALUE}.")
    String image;

    @Option(
            names = "--sm",
            paramLabel = "HCA",
            description = "The HCA whose pod runs ibmesh's SM. Default: the first HCA of the topology, none in a"
                    + " conformance bench (a topology with a tester, which configures its links itself).")
    String sm;

    @Option(names = "--no-sm", description = "No SM pod: bring your own (OpenSM through a umad endpoint, say).")
    boolean noSm;

    @Option(
            names = "--gateway",
            paramLabel = "BACKEND",
            description =
                    "Also write DIR/gateway: an ibmesh gateway Deployment in front of BACKEND, umad:DEVICE:PORT (an"
                            + " HCA of the lab host labelled ibmesh.dev/lab-host=true) or ibsim:HOST:PORT,NODE, with its token"
                            + " in a Secret made from DIR/gateway/token (yours to write; never rendered), and a tester Job that"
                            + " tests the device beyond it.")
    String gateway;

    @Option(
            names = "--shards",
            paramLabel = "N",
            defaultValue = "0",
            description = "Run the fabric as N shard pods (ibmesh up of a slice of the topology each, balanced by port"
                    + " count) instead of one pod per device: for fabrics too big for one pod per device or one"
                    + " ConfigMap. Default: one pod per device.")
    int shards;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        if (sm != null && noSm) {
            err.println("ibmesh k8s: --sm and --no-sm exclude each other");
            return TestCommand.EXIT_USAGE;
        }
        Topology t = TopologyOption.load(topology, err, "k8s");
        if (t == null) {
            return Ibmesh.EXIT_BAD_INPUT;
        }
        Map<String, String> files;
        try {
            Optional<String> smHca =
                    noSm ? Optional.empty() : sm != null ? Optional.of(sm) : KustomizeBase.defaultSmHca(t);
            files = new LinkedHashMap<>(new KustomizeBase(t, yaml(t), image, smHca, shards).files());
            if (gateway != null) {
                files.putAll(new GatewayOverlay(image, gateway).files());
            }
        } catch (IllegalArgumentException | IOException e) {
            err.println("ibmesh k8s: " + e.getMessage());
            return Ibmesh.EXIT_BAD_INPUT;
        }
        try {
            prepare(output);
            for (Map.Entry<String, String> f : files.entrySet()) {
                Path p = output.resolve(f.getKey());
                Files.createDirectories(p.getParent());
                Files.writeString(p, f.getValue(), StandardCharsets.UTF_8);
            }
        } catch (IOException | IllegalStateException e) {
            err.println("ibmesh k8s: cannot write " + output + ": " + e.getMessage());
            return Ibmesh.EXIT_BAD_INPUT;
        }
        spec.commandLine()
                .getOut()
                .printf(
                        "%s: %d devices, %d files; apply with: kubectl apply -k %s%n",
                        output, t.devices().size(), files.size(), output.resolve("base"));
        Path token = output.resolve("gateway").resolve("token");
        if (gateway != null && !Files.exists(token)) {
            spec.commandLine()
                    .getOut()
                    .printf(
                            "%s: write the gateway's token before applying: head -c 32 /dev/urandom | base64 > %s%n",
                            output.resolve("gateway"), token);
        }
        return 0;
    }

    /** The topology as YAML: the file itself when it is YAML (every key kept), else made from what was parsed. */
    private String yaml(Topology t) throws IOException {
        String name = topology.getFileName().toString().toLowerCase(Locale.ROOT);
        return name.endsWith(".yaml") || name.endsWith(".yml")
                ? Files.readString(topology, StandardCharsets.UTF_8)
                : KustomizeBase.yamlOf(t);
    }

    /**
     * Clears an earlier rendering (base/ and monitoring/, each with its kustomization.yaml) from {@code dir}; anything
     * else there (an overlay of the user's) stays. A base/ or monitoring/ that is no rendering is refused.
     */
    private static void prepare(Path dir) throws IOException {
        for (String sub : List.of("base", "monitoring")) {
            Path d = dir.resolve(sub);
            if (Files.exists(d)) {
                if (!Files.exists(d.resolve("kustomization.yaml"))) {
                    throw new IllegalStateException(d + " is not an earlier rendering (no kustomization.yaml)");
                }
                try (Stream<Path> walk = Files.walk(d)) {
                    for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                        Files.delete(p);
                    }
                }
            }
        }
    }
}
