package dev.ibmesh.cli.k8s;

import dev.ibmesh.runtime.topology.DeviceKind;
import dev.ibmesh.runtime.topology.DeviceSpec;
import dev.ibmesh.runtime.topology.LinkSpec;
import dev.ibmesh.runtime.topology.PortRef;
import dev.ibmesh.runtime.topology.Sharding;
import dev.ibmesh.runtime.topology.Topology;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;

/**
 * A kustomize base that runs a topology on Kubernetes, one pod per device, each as {@code ibmesh device} runs it
 * alone: a StatefulSet of one per switch and HCA (the SM's HCA runs {@code ibmesh sm}), a Job per tester that tests its
 * DUT and writes the reports to a volume, and one headless Service that gives every pod a stable DNS name
 * ({@code NAME-0.ibmesh-fabric}) even before it is ready, because links must come up before a device can be. The
 * topology goes in a ConfigMap with every {@code listen} address rewritten to those names. Beside the base, a
 * {@code monitoring} overlay adds a ServiceMonitor for the Prometheus operator.
 */
public final class KustomizeBase {
    public static final String SERVICE = "ibmesh-fabric";
    public static final String PART_OF = "app.kubernetes.io/part-of";
    public static final String DEVICE_LABEL = "ibmesh.dev/device";
    public static final int LINK_PORT = 7100;
    public static final int HTTP_PORT = 9100;
    public static final int GRPC_PORT = 9200;
    public static final String TOPOLOGY_DIR = "/etc/ibmesh";
    public static final String REPORTS_DIR = "/reports";
    /** What a ConfigMap may hold, less room for its metadata. */
    public static final int CONFIG_MAP_LIMIT = 1024 * 1024 - 16 * 1024;

    private final Topology topology;
    private final String topologyYaml;
    private final Map<String, String> names;
    private final String image;
    private final Optional<String> smHca;
    /** The shards of a sharded fabric; empty for one pod per device. */
    private final Optional<Sharding> sharding;

    /**
     * @param topologyYaml the topology in ibmesh's YAML format, whose listen addresses are rewritten
     * @param smHca        the HCA whose pod runs the SM, if any
     * @param shards       how many shard pods run the fabric; 0 for one pod per device
     * @throws IllegalArgumentException when {@code smHca} is not an HCA of the topology, or {@code shards} does not
     *                                  fit the topology
     */
    public KustomizeBase(Topology topology, String topologyYaml, String image, Optional<String> smHca, int shards) {
        this.topology = topology;
        if (shards < 0) {
            throw new IllegalArgumentException(
                    "--shards must be 1 or more (or left out for one pod per device), was " + shards);
        }
        if (shards > 0 && topology.devices().stream().anyMatch(d -> d.kind() == DeviceKind.TESTER)) {
            throw new IllegalArgumentException(
                    "--shards: a conformance bench (a topology with a tester) runs one pod" + " per device");
        }
        this.sharding = shards > 0 ? Optional.of(Sharding.of(topology, shards)) : Optional.empty();
        this.topologyYaml = topologyYaml;
        this.names =
                K8sNames.of(topology.devices().stream().map(DeviceSpec::name).toList());
        this.image = image;
        this.smHca = smHca;
        smHca.ifPresent(h -> {
            if (topology.device(h).map(d -> d.kind() != DeviceKind.HCA).orElse(true)) {
                throw new IllegalArgumentException("--sm " + h + ": the SM runs on an HCA of the topology");
            }
        });
    }

    /**
     * The HCA an SM runs on by default, as {@code ibmesh up} chooses it: the first in the topology. None in a
     * conformance bench (a topology with a tester): there the tester configures its links as the CTS's SimpleLink
     * has it, and an SM sweeping meanwhile would undo what a procedure set.
     */
    public static Optional<String> defaultSmHca(Topology t) {
        if (t.devices().stream().anyMatch(d -> d.kind() == DeviceKind.TESTER)) {
            return Optional.empty();
        }
        return t.devices().stream()
                .filter(d -> d.kind() == DeviceKind.HCA)
                .map(DeviceSpec::name)
                .findFirst();
    }

    /**
     * The files of the base ({@code base/...}) and of the monitoring overlay ({@code monitoring/...}), by path.
     *
     * @throws IllegalArgumentException when the topology does not fit in a ConfigMap
     */
    public Map<String, String> files() {
        Map<String, String> files = new LinkedHashMap<>();
        List<String> resources = new ArrayList<>(List.of("service.yaml"));
        files.put("base/service.yaml", dump(service()));
        if (sharding.isPresent()) {
            shardFiles(sharding.get(), files, resources);
        } else {
            deviceFiles(files, resources);
        }
        files.put("monitoring/kustomization.yaml", dump(kustomizationOf(List.of("../base", "servicemonitor.yaml"))));
        files.put("monitoring/servicemonitor.yaml", dump(serviceMonitor()));
        return files;
    }

    /** One pod per device, all mounting the whole topology. */
    private void deviceFiles(Map<String, String> files, List<String> resources) {
        String mounted = checkedSize(
                "the topology",
                "# Made by ibmesh k8s: every listen address is the device's pod under the headless Service " + SERVICE
                        + ".\n" + rewrittenTopology(),
                "one pod per device cannot carry it: use --shards N, which gives each shard pod its slice");
        files.put("base/topology.yaml", mounted);
        boolean testers = false;
        for (DeviceSpec d : topology.devices()) {
            String file = names.get(d.name()) + ".yaml";
            resources.add(file);
            if (d.kind() == DeviceKind.TESTER) {
                testers = true;
                files.put("base/" + file, dump(Pods.testerJob(this, d, dutOf(d))));
            } else {
                files.put(
                        "base/" + file,
                        dump(Pods.statefulSet(
                                this, d, smHca.filter(d.name()::equals).isPresent())));
            }
        }
        if (testers) {
            resources.add("reports.yaml");
            files.put("base/reports.yaml", dump(Pods.reportsClaim(Pods.REPORTS_CLAIM)));
        }
        files.put(
                "base/kustomization.yaml",
                dump(kustomization(resources, List.of(configMap(Pods.TOPOLOGY_CONFIG_MAP, "topology.yaml")))));
    }

    /**
     * A StatefulSet of one per shard, each mounting its slice of the topology: its own devices (no listen address)
     * and their peers in other shards (at those shards' pods), and the links of its devices. A slice is about 1/N of
     * the topology, so a fabric whose YAML is far beyond a ConfigMap's 1 MiB still deploys.
     */
    private void shardFiles(Sharding s, Map<String, String> files, List<String> resources) {
        TopologyYamlEdit edit = new TopologyYamlEdit(topologyYaml);
        List<Object> generators = new ArrayList<>();
        for (int k = 0; k < s.count(); k++) {
            int shard = k;
            Set<String> local = s.devices(k).stream().map(DeviceSpec::name).collect(Collectors.toSet());
            Set<String> peers = new HashSet<>();
            for (DeviceSpec d : s.devices(k)) {
                for (int p = 1; p <= d.numPorts(); p++) {
                    topology.peer(new PortRef(d.name(), p)).ifPresent(peer -> peers.add(peer.device()));
                }
            }
            String slice = edit.edited(
                    d -> local.contains(d) || peers.contains(d),
                    local::contains,
                    d -> local.contains(d) ? Optional.empty() : Optional.of(shardAddress(s.shardOf(d))));
            String file = "shard-" + k + ".yaml";
            files.put(
                    "base/" + file,
                    checkedSize(
                            "shard " + k + "'s slice",
                            "# Made by ibmesh k8s: shard " + k + " of " + s.count() + ". Its devices have no listen"
                                    + " address; the others run in the shards at theirs.\n" + slice,
                            "use more --shards"));
            generators.add(configMap(Pods.shardConfigMap(k), file));
            String workload = shardName(k) + ".yaml";
            resources.add(workload);
            Optional<String> sm = smHca.filter(local::contains);
            files.put("base/" + workload, dump(Pods.shardStatefulSet(this, shard, s.ports(k), sm)));
        }
        files.put("base/kustomization.yaml", dump(kustomization(resources, generators)));
    }

    /** {@code text} when it fits a ConfigMap, else why not and {@code advice}. */
    private static String checkedSize(String what, String text, String advice) {
        int size = text.getBytes(StandardCharsets.UTF_8).length;
        if (size > CONFIG_MAP_LIMIT) {
            throw new IllegalArgumentException(
                    what + " is " + size + " bytes as YAML; a ConfigMap holds at most 1 MiB," + " so " + advice);
        }
        return text;
    }

    String image() {
        return image;
    }

    /** The Kubernetes name of a device (its StatefulSet or Job; its pod is this plus "-0"). */
    String name(String device) {
        return names.get(device);
    }

    /** The Kubernetes name of shard {@code k}'s StatefulSet. */
    static String shardName(int k) {
        return "ibmesh-shard-" + k;
    }

    /** Where shard {@code k} takes the links of its devices: its pod's name under the headless Service. */
    static String shardAddress(int k) {
        return shardName(k) + "-0." + SERVICE + ":" + LINK_PORT;
    }

    /** Where a device's VirtualLink server is reached: its pod's name under the headless Service. */
    String address(String device) {
        return name(device) + "-0." + SERVICE + ":" + LINK_PORT;
    }

    /** The device a tester tests: the one cabled to its lowest port. */
    private String dutOf(DeviceSpec tester) {
        for (int p = 1; p <= tester.numPorts(); p++) {
            Optional<PortRef> peer = topology.peer(new PortRef(tester.name(), p));
            if (peer.isPresent()) {
                return peer.get().device();
            }
        }
        throw new IllegalArgumentException("tester " + tester.name() + " is cabled to nothing: it has no DUT");
    }

    /** The topology with every device's listen address at its pod, and no http (the command line sets it). */
    private String rewrittenTopology() {
        return new TopologyYamlEdit(topologyYaml).edited(d -> true, d -> true, d -> Optional.of(address(d)));
    }

    /** A topology that came from another format (a .net file) in ibmesh's YAML format. */
    public static String yamlOf(Topology t) {
        List<Object> devices = new ArrayList<>();
        for (DeviceSpec d : t.devices()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", d.name());
            m.put("kind", d.kind().label());
            m.put("ports", d.numPorts());
            m.put("nodeGuid", String.format("0x%016x", d.nodeGuid()));
            m.put("nodeDescription", d.nodeDescription());
            devices.add(m);
        }
        List<Object> links = new ArrayList<>();
        for (LinkSpec l : t.links()) {
            links.add(
                    Map.of("ends", List.of(l.a().port().toString(), l.b().port().toString())));
        }
        Map<String, Object> tree = new LinkedHashMap<>();
        tree.put("devices", devices);
        tree.put("links", links);
        return yaml(tree);
    }

    private static Map<String, Object> service() {
        return Manifest.of(
                "v1",
                "Service",
                SERVICE,
                Map.of(
                        "clusterIP",
                        "None",
                        // A link comes up before its devices are ready: their names must resolve before then.
                        "publishNotReadyAddresses",
                        true,
                        "selector",
                        Map.of(PART_OF, SERVICE),
                        "ports",
                        List.of(
                                Manifest.port("link", LINK_PORT),
                                Manifest.port("http", HTTP_PORT),
                                Manifest.port("grpc", GRPC_PORT))));
    }

    /** The base's kustomization: its resources, and the topology ConfigMaps from their files. */
    private static Map<String, Object> kustomization(List<String> resources, List<Object> configMaps) {
        Map<String, Object> k = kustomizationOf(resources);
        // A changed topology gets a new ConfigMap name, so the pods that mount it roll.
        k.put("configMapGenerator", configMaps);
        return k;
    }

    /** A generated ConfigMap whose one key, topology.yaml, holds {@code file}. */
    private static Map<String, Object> configMap(String name, String file) {
        return Map.of("name", name, "files", List.of(file.equals("topology.yaml") ? file : "topology.yaml=" + file));
    }

    private static Map<String, Object> kustomizationOf(List<String> resources) {
        Map<String, Object> k = new LinkedHashMap<>();
        k.put("apiVersion", "kustomize.config.k8s.io/v1beta1");
        k.put("kind", "Kustomization");
        k.put("resources", resources);
        return k;
    }

    private static Map<String, Object> serviceMonitor() {
        return Manifest.of(
                "monitoring.coreos.com/v1",
                "ServiceMonitor",
                SERVICE,
                Map.of(
                        "selector",
                        Map.of("matchLabels", Map.of(PART_OF, SERVICE)),
                        "endpoints",
                        List.of(Map.of("port", "http", "path", "/metrics", "interval", "15s"))));
    }

    /** A manifest as YAML, every map's keys sorted (as kubectl prints them): the same input gives the same bytes. */
    static String dump(Object tree) {
        return yaml(sorted(tree));
    }

    @SuppressWarnings("unchecked")
    private static Object sorted(Object tree) {
        if (tree instanceof Map<?, ?> m) {
            Map<String, Object> s = new TreeMap<>();
            ((Map<String, Object>) m).forEach((k, v) -> s.put(k, sorted(v)));
            return s;
        }
        if (tree instanceof List<?> l) {
            return l.stream().map(KustomizeBase::sorted).toList();
        }
        return tree;
    }

    private static String yaml(Object tree) {
        return new Yaml(options()).dump(tree);
    }

    /** Block style, no line folding. */
    static DumperOptions options() {
        DumperOptions o = new DumperOptions();
        o.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        o.setIndent(2);
        o.setIndicatorIndent(0);
        o.setWidth(Integer.MAX_VALUE);
        o.setSplitLines(false);
        return o;
    }
}
