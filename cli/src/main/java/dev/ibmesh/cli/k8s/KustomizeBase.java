package dev.ibmesh.cli.k8s;

import dev.ibmesh.runtime.topology.DeviceKind;
import dev.ibmesh.runtime.topology.DeviceSpec;
import dev.ibmesh.runtime.topology.LinkSpec;
import dev.ibmesh.runtime.topology.PortRef;
import dev.ibmesh.runtime.topology.Topology;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

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

    /**
     * @param topologyYaml the topology in ibmesh's YAML format, whose listen addresses are rewritten
     * @param smHca        the HCA whose pod runs the SM, if any
     * @throws IllegalArgumentException when {@code smHca} is not an HCA of the topology
     */
    public KustomizeBase(Topology topology, String topologyYaml, String image, Optional<String> smHca) {
        this.topology = topology;
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
        String mounted = "# Made by ibmesh k8s: every listen address is the device's pod under the headless"
                + " Service " + SERVICE + ".\n" + rewrittenTopology();
        int size = mounted.getBytes(StandardCharsets.UTF_8).length;
        if (size > CONFIG_MAP_LIMIT) {
            throw new IllegalArgumentException("the topology is " + size + " bytes as YAML; a ConfigMap holds at most"
                    + " 1 MiB, so one pod per device cannot carry it");
        }
        List<String> resources = new ArrayList<>(List.of("service.yaml"));
        files.put("base/topology.yaml", mounted);
        files.put("base/service.yaml", dump(service()));
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
            files.put("base/reports.yaml", dump(Pods.reportsClaim()));
        }
        files.put("base/kustomization.yaml", dump(kustomization(resources)));
        files.put("monitoring/kustomization.yaml", dump(kustomizationOf(List.of("../base", "servicemonitor.yaml"))));
        files.put("monitoring/servicemonitor.yaml", dump(serviceMonitor()));
        return files;
    }

    String image() {
        return image;
    }

    /** The Kubernetes name of a device (its StatefulSet or Job; its pod is this plus "-0"). */
    String name(String device) {
        return names.get(device);
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

    /**
     * The topology with every device's listen address at its pod, and no http (the command line sets it). It is
     * edited as a YAML node tree, so every other key keeps its text (a GUID stays the hex the user wrote).
     */
    private String rewrittenTopology() {
        Node root = new Yaml().compose(new StringReader(topologyYaml));
        if (root instanceof MappingNode top) {
            for (NodeTuple t : top.getValue()) {
                if (scalar(t.getKeyNode()).equals("devices") && t.getValueNode() instanceof SequenceNode devices) {
                    for (Node d : devices.getValue()) {
                        if (d instanceof MappingNode device) {
                            rewrite(device);
                        }
                    }
                }
            }
        }
        StringWriter out = new StringWriter();
        new Yaml(options()).serialize(root, out);
        return out.toString().endsWith("\n") ? out.toString() : out + "\n";
    }

    private void rewrite(MappingNode device) {
        String name = device.getValue().stream()
                .filter(t -> scalar(t.getKeyNode()).equals("name"))
                .map(t -> scalar(t.getValueNode()))
                .findFirst()
                .orElseThrow();
        List<NodeTuple> kept = new ArrayList<>(device.getValue().stream()
                .filter(t -> !Set.of("listen", "http").contains(scalar(t.getKeyNode())))
                .toList());
        kept.add(new NodeTuple(plain("listen"), plain(address(name))));
        device.setValue(kept);
    }

    private static String scalar(Node n) {
        return n instanceof ScalarNode s ? s.getValue() : "";
    }

    private static ScalarNode plain(String text) {
        return new ScalarNode(Tag.STR, text, null, null, DumperOptions.ScalarStyle.PLAIN);
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

    /** The base's kustomization: its resources, and the topology ConfigMap from its file. */
    private static Map<String, Object> kustomization(List<String> resources) {
        Map<String, Object> k = kustomizationOf(resources);
        // A changed topology gets a new ConfigMap name, so the pods that mount it roll.
        k.put(
                "configMapGenerator",
                List.of(Map.of("name", Pods.TOPOLOGY_CONFIG_MAP, "files", List.of("topology.yaml"))));
        return k;
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
    private static DumperOptions options() {
        DumperOptions o = new DumperOptions();
        o.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        o.setIndent(2);
        o.setIndicatorIndent(0);
        o.setWidth(Integer.MAX_VALUE);
        o.setSplitLines(false);
        return o;
    }
}
