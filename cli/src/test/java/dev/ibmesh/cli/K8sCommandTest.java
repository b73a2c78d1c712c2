package dev.ibmesh.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.runtime.topology.DeviationCatalog;
import dev.ibmesh.runtime.topology.DeviceSpec;
import dev.ibmesh.runtime.topology.LinkEnd;
import dev.ibmesh.runtime.topology.LinkSpec;
import dev.ibmesh.runtime.topology.Topology;
import dev.ibmesh.runtime.topology.YamlTopologyParser;
import dev.ibmesh.runtime.umad.IbsimProcess;
import dev.ibmesh.runtime.umad.OfedTools;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * {@code ibmesh k8s}: what {@code kubectl kustomize} renders from the base must hold together where no schema looks:
 * every link endpoint resolves to a pod under a Service that selects it and a port it exposes, labels match selectors,
 * probes ask paths the services serve on the port they serve them, and every device runs in exactly one pod.
 */
class K8sCommandTest {
    /** What ObservabilityServer answers besides /capture. */
    private static final Set<String> SERVED = Set.of("/metrics", "/health", "/health/live", "/health/ready");

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"tester-switch-hca.yaml", "fat-tree-2-level.yaml", "two-switches-four-hcas.yaml"})
    void everyExampleRendersToManifestsThatHoldTogether(String example) throws Exception {
        Path out = dir.resolve("out");
        CliRun run = CliRun.of("k8s", "../examples/topologies/" + example, "-o", out.toString());
        assertEquals(0, run.exit(), run.out() + run.err());
        Topology t = topology(Files.readString(Path.of("../examples/topologies/" + example)));
        holdsTogether(kustomize(out.resolve("base")), t);
        List<Map<String, Object>> monitored = kustomize(out.resolve("monitoring"));
        Map<String, Object> monitor = only(monitored, "ServiceMonitor");
        Map<String, Object> service = only(monitored, "Service");
        assertTrue(
                labels(service)
                        .entrySet()
                        .containsAll(map(map(map(monitor, "spec"), "selector"), "matchLabels")
                                .entrySet()),
                "the ServiceMonitor selects the fabric's Service");
    }

    /** The overlays kept in k8s/ are what the renderer makes today, so they never go stale. */
    @ParameterizedTest
    @ValueSource(strings = {"small:tester-switch-hca.yaml", "fat-tree:fat-tree-2-level.yaml"})
    void theKeptOverlaysAreCurrent(String overlayAndExample) throws Exception {
        String[] parts = overlayAndExample.split(":");
        Path out = dir.resolve("out");
        assertEquals(
                0,
                CliRun.of("k8s", "../examples/topologies/" + parts[1], "-o", out.toString())
                        .exit());
        Path kept = Path.of("../k8s", parts[0]);
        for (String sub : List.of("base", "monitoring")) {
            try (Stream<Path> files = Files.list(out.resolve(sub))) {
                for (Path f : files.toList()) {
                    Path mine = kept.resolve(sub).resolve(f.getFileName());
                    assertTrue(Files.exists(mine), mine + " is missing: run ibmesh k8s again (see k8s/README.md)");
                    assertEquals(Files.readString(f), Files.readString(mine), mine + " is stale");
                }
            }
        }
        holdsTogether(
                kustomize(kept.resolve("overlay")),
                topology(Files.readString(Path.of("../examples/topologies/" + parts[1]))));
    }

    @Test
    void aNetFileAndNamesThatAreNoDnsLabelsRenderToo() throws Exception {
        Path net = Files.writeString(
                dir.resolve("fabric.net"),
                IbsimProcess.SWITCH_AND_TWO_HCAS
                        .replace("\"h1\"", "\"Host_1:A\"")
                        .replace("\"h2\"", "\"host-1-a\""));
        Path out = dir.resolve("out");
        CliRun run = CliRun.of("k8s", net.toString(), "-o", out.toString(), "--image", "registry.local/ibmesh:0.1");
        assertEquals(0, run.exit(), run.out() + run.err());
        List<Map<String, Object>> docs = kustomize(out.resolve("base"));
        Topology t =
                topology(String.valueOf(map(only(docs, "ConfigMap"), "data").get("topology.yaml")));
        holdsTogether(docs, t);
        List<String> names = docs.stream()
                .filter(d -> d.get("kind").equals("StatefulSet"))
                .map(d -> String.valueOf(map(d, "metadata").get("name")))
                .sorted()
                .toList();
        assertEquals(List.of("host-1-a", "host-1-a-2", "sw1"), names);
        assertTrue(docs.stream()
                .filter(d -> d.get("kind").equals("StatefulSet"))
                .allMatch(d -> container(d).get("image").equals("registry.local/ibmesh:0.1")));
    }

    @Test
    void wrongUseIsNamed() throws Exception {
        Path example = Path.of("../examples/topologies/tester-switch-hca.yaml");
        CliRun both =
                CliRun.of("k8s", example.toString(), "-o", dir.resolve("a").toString(), "--sm", "h1", "--no-sm");
        assertEquals(2, both.exit());
        assertTrue(both.err().contains("exclude each other"), both.err());

        CliRun onSwitch =
                CliRun.of("k8s", example.toString(), "-o", dir.resolve("b").toString(), "--sm", "sw1");
        assertEquals(Ibmesh.EXIT_BAD_INPUT, onSwitch.exit());
        assertTrue(onSwitch.err().contains("the SM runs on an HCA"), onSwitch.err());

        Files.writeString(
                Files.createDirectories(dir.resolve("c").resolve("base")).resolve("notes.txt"), "mine");
        CliRun occupied =
                CliRun.of("k8s", example.toString(), "-o", dir.resolve("c").toString());
        assertEquals(Ibmesh.EXIT_BAD_INPUT, occupied.exit());
        assertTrue(occupied.err().contains("is not an earlier rendering"), occupied.err());
        assertEquals(
                "mine",
                Files.readString(dir.resolve("c").resolve("base").resolve("notes.txt")),
                "nothing of the user's is touched");

        CliRun missing = CliRun.of("k8s", "no-such.yaml", "-o", dir.resolve("d").toString());
        assertEquals(Ibmesh.EXIT_BAD_INPUT, missing.exit());
        assertTrue(missing.err().contains("no such file"), missing.err());
    }

    /** A topology too big for one ConfigMap is refused with the reason, not rendered into manifests that fail. */
    @Test
    void aTopologyTooBigForAConfigMapIsRefused() throws Exception {
        Path big = Files.writeString(dir.resolve("big.yaml"), tenThousandDevices());
        CliRun run = CliRun.of("k8s", big.toString(), "-o", dir.resolve("out").toString());
        assertEquals(Ibmesh.EXIT_BAD_INPUT, run.exit(), run.out() + run.err());
        assertTrue(run.err().contains("a ConfigMap holds at most 1 MiB"), run.err());
        assertTrue(run.err().contains("use --shards N"), run.err());
    }

    /** The same topology as shards: each shard pod mounts its slice, and the slices together are the fabric. */
    @Test
    void aFabricTooBigForOneConfigMapDeploysAsShards() throws Exception {
        Path big = Files.writeString(dir.resolve("big.yaml"), tenThousandDevices());
        Path out = dir.resolve("out");
        CliRun run = CliRun.of("k8s", big.toString(), "-o", out.toString(), "--shards", "6");
        assertEquals(0, run.exit(), run.out() + run.err());
        shardsHoldTogether(kustomize(out.resolve("base")), topology(Files.readString(big)), 6);

        // A fat tree's slices list many devices of one other shard, all at that shard's address.
        Path tree = dir.resolve("tree");
        Path example = Path.of("../examples/topologies/fat-tree-2-level.yaml");
        CliRun shards = CliRun.of("k8s", example.toString(), "-o", tree.toString(), "--shards", "3");
        assertEquals(0, shards.exit(), shards.out() + shards.err());
        shardsHoldTogether(kustomize(tree.resolve("base")), topology(Files.readString(example)), 3);
    }

    /**
     * The gateway's kustomization: its token only in the Secret kustomize makes from the user's file (kept across
     * renderings), the Deployment and the tester Job mounting that Secret, the Job's target the Service's name and
     * port, the Service selecting the gateway's pod, and the probes on the port HTTP is served on.
     */
    @Test
    void theGatewayKustomizationHoldsTogether() throws Exception {
        Path out = dir.resolve("out");
        String[] render = {
            "k8s", "../examples/topologies/fat-tree-2-level.yaml", "-o", out.toString(), "--gateway", "umad:mlx5_0:1"
        };
        CliRun first = CliRun.of(render);
        assertEquals(0, first.exit(), first.out() + first.err());
        Path token = out.resolve("gateway").resolve("token");
        assertTrue(first.out().contains("write the gateway's token before applying"), first.out());
        String secret = "s3cret-" + System.nanoTime();
        Files.writeString(token, secret);
        CliRun again = CliRun.of(render);
        assertEquals(0, again.exit(), again.out() + again.err());
        assertEquals(secret, Files.readString(token), "a rendering keeps the user's token");

        List<Map<String, Object>> docs = kustomize(out.resolve("gateway"));
        Map<String, Object> secretDoc = only(docs, "Secret");
        assertEquals(
                secret,
                new String(
                        java.util.Base64.getDecoder()
                                .decode(String.valueOf(map(secretDoc, "data").get("token"))),
                        StandardCharsets.UTF_8));
        String secretName = String.valueOf(map(secretDoc, "metadata").get("name"));
        try (Stream<Path> files = Files.list(out.resolve("gateway"))) {
            for (Path f : files.filter(f -> !f.equals(token)).toList()) {
                assertTrue(!Files.readString(f).contains(secret), f + " holds no token");
            }
        }

        Map<String, Object> deployment = only(docs, "Deployment");
        List<String> args = args(deployment);
        assertEquals("mlx5_0:1", args.get(args.indexOf("--umad") + 1));
        Map<String, Object> podSpec = map(map(map(deployment, "spec"), "template"), "spec");
        assertEquals(Map.of("ibmesh.dev/lab-host", "true"), podSpec.get("nodeSelector"), "umad runs on the lab host");
        assertMountsSecret(deployment, secretName, args.get(args.indexOf("--token-file") + 1));
        Map<String, Object> service = only(docs, "Service");
        assertTrue(
                stringMap(map(map(map(deployment, "spec"), "template"), "metadata")
                                .get("labels"))
                        .entrySet()
                        .containsAll(
                                stringMap(map(service, "spec").get("selector")).entrySet()),
                "the Service selects the gateway's pod");
        int grpc = servicePort(service, "grpc");
        assertEquals(String.valueOf(grpc), args.get(args.indexOf("--grpc") + 1));
        for (String probe : List.of("readinessProbe", "livenessProbe")) {
            Map<String, Object> get = map(map(container(deployment), probe), "httpGet");
            assertTrue(SERVED.contains(String.valueOf(get.get("path"))), probe + " " + get);
            assertEquals("http", get.get("port"));
        }
        assertEquals(String.valueOf(servicePort(service, "http")), args.get(args.indexOf("--http") + 1));

        Map<String, Object> job = only(docs, "Job");
        List<String> testArgs = args(job);
        assertEquals(
                "gateway:" + map(service, "metadata").get("name") + ":" + grpc,
                testArgs.get(testArgs.indexOf("--target") + 1),
                "the tester dials the gateway's Service");
        String tokenFile = ((List<?>) container(job).get("env"))
                .stream()
                        .map(e -> (Map<?, ?>) e)
                        .filter(e -> "IBMESH_GATEWAY_TOKEN_FILE".equals(e.get("name")))
                        .map(e -> String.valueOf(e.get("value")))
                        .findFirst()
                        .orElseThrow();
        assertMountsSecret(job, secretName, tokenFile);
        only(docs, "PersistentVolumeClaim");

        CliRun wrong = CliRun.of(
                "k8s",
                "../examples/topologies/fat-tree-2-level.yaml",
                "-o",
                dir.resolve("w").toString(),
                "--gateway",
                "mlx5_0:1");
        assertEquals(Ibmesh.EXIT_BAD_INPUT, wrong.exit());
        assertTrue(wrong.err().contains("--gateway must be umad:DEVICE:PORT"), wrong.err());
    }

    /** {@code workload}'s container reads {@code file} from a volume of the Secret {@code secret}. */
    private static void assertMountsSecret(Map<String, Object> workload, String secret, String file) {
        Map<String, Object> podSpec = map(map(map(workload, "spec"), "template"), "spec");
        String volume = ((List<?>) podSpec.get("volumes"))
                .stream()
                        .map(v -> (Map<?, ?>) v)
                        .filter(v -> v.get("secret") instanceof Map<?, ?> s && secret.equals(s.get("secretName")))
                        .map(v -> String.valueOf(v.get("name")))
                        .findFirst()
                        .orElseThrow(() -> new AssertionError("no volume of the Secret " + secret));
        String path = ((List<?>) container(workload).get("volumeMounts"))
                .stream()
                        .map(m -> (Map<?, ?>) m)
                        .filter(m -> volume.equals(m.get("name")))
                        .map(m -> String.valueOf(m.get("mountPath")))
                        .findFirst()
                        .orElseThrow();
        assertEquals(path + "/token", file, "the token file is in the Secret's volume");
    }

    private static int servicePort(Map<String, Object> service, String name) {
        return ((List<?>) map(service, "spec").get("ports"))
                .stream()
                        .map(p -> (Map<?, ?>) p)
                        .filter(p -> name.equals(p.get("name")))
                        .map(p -> (Integer) p.get("port"))
                        .findFirst()
                        .orElseThrow();
    }

    /** 40 switches in a line, 250 HCAs on each: 10,040 devices. */
    private static String tenThousandDevices() {
        StringBuilder yaml = new StringBuilder("devices:\n");
        StringBuilder links = new StringBuilder("links:\n");
        for (int s = 1; s <= 40; s++) {
            yaml.append("  - {name: sw").append(s).append(", kind: switch, ports: 252}\n");
            if (s > 1) {
                links.append("  - ends: [sw")
                        .append(s - 1)
                        .append("/252, sw")
                        .append(s)
                        .append("/251]\n");
            }
            for (int h = 1; h <= 250; h++) {
                yaml.append("  - {name: h").append(s).append('-').append(h).append(", kind: hca, ports: 1}\n");
                links.append("  - ends: [sw")
                        .append(s)
                        .append('/')
                        .append(h)
                        .append(", h")
                        .append(s)
                        .append('-')
                        .append(h)
                        .append("/1]\n");
            }
        }
        return yaml.append(links).toString();
    }

    // ---- the checks ----

    private static void holdsTogether(List<Map<String, Object>> docs, Topology t) {
        Map<String, Map<String, Object>> services = new HashMap<>();
        docs.stream()
                .filter(d -> d.get("kind").equals("Service"))
                .forEach(s -> services.put(String.valueOf(map(s, "metadata").get("name")), s));
        Map<String, Object> configMap = only(docs, "ConfigMap");
        String configMapName = String.valueOf(map(configMap, "metadata").get("name"));
        Topology mounted = topology(String.valueOf(map(configMap, "data").get("topology.yaml")));
        assertEquals(t.devices().size(), mounted.devices().size());

        Map<String, Pod> podsByDevice = new HashMap<>();
        for (Map<String, Object> d : docs) {
            if (!d.get("kind").equals("StatefulSet") && !d.get("kind").equals("Job")) {
                continue;
            }
            Map<String, Object> template = map(map(d, "spec"), "template");
            Map<String, Object> podSpec = map(template, "spec");
            Map<String, String> podLabels = stringMap(map(template, "metadata").get("labels"));
            String device =
                    String.valueOf(map(map(template, "metadata"), "annotations").get("ibmesh.dev/device-name"));
            String hostname;
            String subdomain;
            if (d.get("kind").equals("StatefulSet")) {
                Map<String, String> selector =
                        stringMap(map(map(d, "spec"), "selector").get("matchLabels"));
                assertTrue(
                        podLabels.entrySet().containsAll(selector.entrySet()), device + ": selector matches its pods");
                hostname = map(d, "metadata").get("name") + "-0";
                subdomain = String.valueOf(map(d, "spec").get("serviceName"));
                List<String> args = args(d);
                assertEquals(device, args.get(args.indexOf("--name") + 1), "the pod runs the device it is named for");
            } else {
                hostname = String.valueOf(podSpec.get("hostname"));
                subdomain = String.valueOf(podSpec.get("subdomain"));
            }
            assertTrue(
                    podsByDevice.put(device, new Pod(hostname, subdomain, podLabels, d)) == null,
                    device + " runs in one pod only");
            Map<String, Object> c = container(d);
            Map<String, Integer> ports = new HashMap<>();
            for (Object p : (List<?>) c.get("ports")) {
                ports.put(String.valueOf(((Map<?, ?>) p).get("name")), (Integer) ((Map<?, ?>) p).get("containerPort"));
            }
            for (String probe : List.of("readinessProbe", "livenessProbe")) {
                if (c.containsKey(probe)) {
                    Map<String, Object> get = map(map(c, probe), "httpGet");
                    assertTrue(SERVED.contains(String.valueOf(get.get("path"))), device + " " + probe + " " + get);
                    Integer port = ports.get(String.valueOf(get.get("port")));
                    assertNotNull(port, device + ": the probe's port is one the container exposes");
                    List<String> args = args(d);
                    assertEquals(
                            String.valueOf(port),
                            args.get(args.indexOf("--http") + 1),
                            "HTTP served on the probed port");
                }
            }
            boolean mountsTopology = ((List<?>) podSpec.get("volumes"))
                    .stream()
                            .anyMatch(v -> v instanceof Map<?, ?> m
                                    && m.get("configMap") instanceof Map<?, ?> cm
                                    && configMapName.equals(cm.get("name")));
            assertTrue(mountsTopology, device + " mounts the topology ConfigMap kustomize named " + configMapName);
        }
        for (DeviceSpec d : mounted.devices()) {
            Pod pod = podsByDevice.get(d.name());
            assertNotNull(pod, d.name() + " runs in a pod");
            String host = d.listen().orElseThrow().toString();
            String[] hostPort = host.split(":");
            String[] labels = hostPort[0].split("\\.");
            assertEquals(pod.hostname(), labels[0], d.name() + "'s listen address names its pod");
            assertEquals(pod.subdomain(), labels[1]);
            Map<String, Object> service = services.get(labels[1]);
            assertNotNull(service, "a Service " + labels[1] + " gives " + host + " its DNS name");
            Map<String, Object> serviceSpec = map(service, "spec");
            assertEquals("None", serviceSpec.get("clusterIP"), "headless");
            assertEquals(true, serviceSpec.get("publishNotReadyAddresses"), "names resolve before pods are ready");
            assertTrue(
                    pod.labels()
                            .entrySet()
                            .containsAll(stringMap(serviceSpec.get("selector")).entrySet()),
                    d.name() + " selected by " + labels[1]);
            boolean exposed = ((List<?>) container(pod.workload()).get("ports"))
                    .stream()
                            .anyMatch(p -> String.valueOf(((Map<?, ?>) p).get("containerPort"))
                                    .equals(hostPort[1]));
            assertTrue(exposed, d.name() + ": its pod exposes link port " + hostPort[1]);
        }
        assertEquals(t.devices().size(), podsByDevice.size(), "every device in exactly one pod");
    }

    /**
     * A sharded base: every device runs in exactly one shard (the one whose slice lists it without a listen address),
     * every slice fits a ConfigMap, a device of another shard is listed at that shard's pod (resolved by the
     * Service, on a port the pod exposes, and the pod's slice runs the device), every link is in the slices of both
     * its ends, and exactly one shard runs the SM.
     */
    private static void shardsHoldTogether(List<Map<String, Object>> docs, Topology t, int shards) {
        Map<String, Object> service = only(docs, "Service");
        Map<String, Map<String, Object>> configMaps = new HashMap<>();
        docs.stream()
                .filter(d -> d.get("kind").equals("ConfigMap"))
                .forEach(c -> configMaps.put(String.valueOf(map(c, "metadata").get("name")), c));
        Map<String, Topology> sliceOfPod = new HashMap<>();
        Map<String, Map<String, Object>> workloadOfPod = new HashMap<>();
        Map<String, String> podOfDevice = new HashMap<>();
        int sms = 0;
        for (Map<String, Object> d : docs) {
            if (!d.get("kind").equals("StatefulSet")) {
                continue;
            }
            Map<String, Object> template = map(map(d, "spec"), "template");
            assertTrue(
                    stringMap(map(template, "metadata").get("labels"))
                            .entrySet()
                            .containsAll(
                                    stringMap(map(map(d, "spec"), "selector").get("matchLabels"))
                                            .entrySet()),
                    "the selector matches its pods");
            assertTrue(
                    stringMap(map(template, "metadata").get("labels"))
                            .entrySet()
                            .containsAll(stringMap(map(service, "spec").get("selector"))
                                    .entrySet()),
                    "the Service selects every shard");
            String pod = map(d, "metadata").get("name") + "-0";
            String configMap = ((List<?>) map(template, "spec").get("volumes"))
                    .stream()
                            .map(v -> String.valueOf(((Map<?, ?>) ((Map<?, ?>) v).get("configMap")).get("name")))
                            .findFirst()
                            .orElseThrow();
            String yaml = String.valueOf(map(configMaps.get(configMap), "data").get("topology.yaml"));
            assertTrue(yaml.getBytes(StandardCharsets.UTF_8).length < 1024 * 1024, pod + "'s slice fits a ConfigMap");
            Topology slice = slice(yaml);
            sliceOfPod.put(pod, slice);
            workloadOfPod.put(pod, d);
            List<String> args = args(d);
            assertTrue(args.contains("--shard-slice"), pod + " runs its slice: " + args);
            sms += args.contains("--sm-port") ? 1 : 0;
            for (DeviceSpec device : slice.devices()) {
                if (device.listen().isEmpty()) {
                    assertNull(podOfDevice.put(device.name(), pod), device.name() + " runs in one shard only");
                }
            }
        }
        assertEquals(shards, sliceOfPod.size(), "one pod per shard");
        assertEquals(1, sms, "one shard runs the SM");
        assertEquals(t.devices().size(), podOfDevice.size(), "every device runs in a shard");
        for (Map.Entry<String, Topology> e : sliceOfPod.entrySet()) {
            for (DeviceSpec device : e.getValue().devices()) {
                if (device.listen().isEmpty()) {
                    continue;
                }
                String[] hostPort = device.listen().get().toString().split(":");
                String[] labels = hostPort[0].split("\\.");
                assertEquals(map(service, "metadata").get("name"), labels[1], device.name() + " at the Service");
                String there = labels[0];
                assertEquals(
                        podOfDevice.get(device.name()), there, device.name() + " is listed at the pod that runs it");
                List<String> args = args(workloadOfPod.get(there));
                assertEquals(
                        "0.0.0.0:" + hostPort[1],
                        args.get(args.indexOf("--shard-listen") + 1),
                        there + " takes links on the port its peers dial");
                boolean exposed = ((List<?>) container(workloadOfPod.get(there)).get("ports"))
                        .stream()
                                .anyMatch(p -> String.valueOf(((Map<?, ?>) p).get("containerPort"))
                                        .equals(hostPort[1]));
                assertTrue(exposed, there + " exposes link port " + hostPort[1]);
            }
        }
        for (LinkSpec l : t.links()) {
            for (LinkEnd end : List.of(l.a(), l.b())) {
                Topology slice = sliceOfPod.get(podOfDevice.get(end.port().device()));
                assertTrue(
                        slice.linkAt(end.port()).isPresent(),
                        l + " is in the slice of " + end.port().device());
            }
        }
    }

    private record Pod(String hostname, String subdomain, Map<String, String> labels, Map<String, Object> workload) {}

    private static List<Map<String, Object>> kustomize(Path dir) throws IOException, InterruptedException {
        String kubectl = OfedTools.which("kubectl");
        assertNotNull(kubectl, "kubectl (with kustomize) is needed to render the manifests");
        Process p = new ProcessBuilder(kubectl, "kustomize", dir.toString())
                .redirectErrorStream(true)
                .start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), "kubectl kustomize " + dir + ":\n" + text);
        List<Map<String, Object>> docs = new ArrayList<>();
        for (Object o : new Yaml(new SafeConstructor(new LoaderOptions())).loadAll(text)) {
            docs.add(stringKeyed(o));
        }
        return docs;
    }

    /** A shard's slice, parsed as {@code ibmesh up --shard-slice} parses it. */
    private static Topology slice(String yaml) {
        try {
            return new YamlTopologyParser(DeviationCatalog.PERMISSIVE, true).parse("slice.yaml", yaml);
        } catch (Exception e) {
            throw new AssertionError("the slice does not parse: " + e, e);
        }
    }

    private static Topology topology(String yaml) {
        try {
            return new YamlTopologyParser(DeviationCatalog.PERMISSIVE).parse("topology.yaml", yaml);
        } catch (Exception e) {
            throw new AssertionError("the topology does not parse: " + e, e);
        }
    }

    private static Map<String, Object> only(List<Map<String, Object>> docs, String kind) {
        List<Map<String, Object>> of =
                docs.stream().filter(d -> kind.equals(d.get("kind"))).toList();
        assertEquals(1, of.size(), "one " + kind);
        return of.get(0);
    }

    private static Map<String, Object> container(Map<String, Object> workload) {
        return stringKeyed(((List<?>)
                        map(map(map(workload, "spec"), "template"), "spec").get("containers"))
                .get(0));
    }

    private static List<String> args(Map<String, Object> workload) {
        return ((List<?>) container(workload).get("args"))
                .stream().map(String::valueOf).toList();
    }

    private static Map<String, String> labels(Map<String, Object> doc) {
        return stringMap(map(doc, "metadata").get("labels"));
    }

    private static Map<String, Object> map(Map<String, Object> m, String key) {
        Object v = m.get(key);
        assertNotNull(v, key + " in " + m);
        return stringKeyed(v);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> stringKeyed(Object o) {
        return (Map<String, Object>) o;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, String> stringMap(Object o) {
        return (Map<String, String>) o;
    }
}
