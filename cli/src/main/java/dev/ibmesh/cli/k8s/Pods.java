package dev.ibmesh.cli.k8s;

import dev.ibmesh.runtime.topology.DeviceKind;
import dev.ibmesh.runtime.topology.DeviceSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The workloads of a {@link KustomizeBase}: one pod per device, and the tester's report volume. */
final class Pods {
    static final String TOPOLOGY_CONFIG_MAP = "ibmesh-topology";
    static final String REPORTS_CLAIM = "ibmesh-reports";

    private Pods() {}

    /** A switch or HCA (with the SM when {@code sm}) as a StatefulSet of one: its pod keeps its DNS name. */
    static Map<String, Object> statefulSet(KustomizeBase base, DeviceSpec d, boolean sm) {
        String name = base.name(d.name());
        List<String> args = new ArrayList<>(List.of(
                sm ? "sm" : "device", "--topology", KustomizeBase.TOPOLOGY_DIR + "/topology.yaml", "--name", d.name()));
        Map<String, String> labels = deviceLabels(base, d, sm ? "sm" : d.kind().label());
        return statefulSetOf(
                base,
                name,
                labels,
                Map.of(KustomizeBase.DEVICE_LABEL, name),
                Map.of("ibmesh.dev/device-name", d.name()),
                args,
                requests(d, sm),
                TOPOLOGY_CONFIG_MAP);
    }

    /** The ConfigMap of shard {@code k}'s slice of the topology. */
    static String shardConfigMap(int k) {
        return TOPOLOGY_CONFIG_MAP + "-shard-" + k;
    }

    /**
     * Shard {@code k} of a sharded fabric as a StatefulSet of one: {@code ibmesh up} of its slice, taking the other
     * shards' links on the link port, with the SM on {@code smHca} when that HCA is in the shard.
     */
    static Map<String, Object> shardStatefulSet(KustomizeBase base, int k, int ports, Optional<String> smHca) {
        String name = KustomizeBase.shardName(k);
        List<String> args = new ArrayList<>(List.of(
                "up",
                KustomizeBase.TOPOLOGY_DIR + "/topology.yaml",
                "--shard-slice",
                "--shard-listen",
                "0.0.0.0:" + KustomizeBase.LINK_PORT,
                "--no-umad"));
        if (smHca.isPresent()) {
            args.addAll(List.of("--sm-port", smHca.get()));
        } else {
            args.add("--no-sm");
        }
        Map<String, String> labels = Manifest.labels(Map.of(
                "app.kubernetes.io/component", smHca.isPresent() ? "sm" : "shard", SHARD_LABEL, Integer.toString(k)));
        // A shard's JVM and its devices' ports, each port's queues and tables, as a device's pod has them.
        Requests requests =
                new Requests(smHca.isPresent() ? "1" : "500m", 256 + 2 * ports + (smHca.isPresent() ? 512 : 0));
        return statefulSetOf(
                base,
                name,
                labels,
                Map.of(SHARD_LABEL, Integer.toString(k)),
                Map.of("ibmesh.dev/shard", Integer.toString(k)),
                args,
                requests,
                shardConfigMap(k));
    }

    /** Which shard a pod runs. */
    static final String SHARD_LABEL = "ibmesh.dev/shard";

    private static Map<String, Object> statefulSetOf(
            KustomizeBase base,
            String name,
            Map<String, String> labels,
            Map<String, String> selector,
            Map<String, String> annotations,
            List<String> command,
            Requests requests,
            String configMap) {
        List<String> args = new ArrayList<>(command);
        args.addAll(List.of(
                "--http",
                Integer.toString(KustomizeBase.HTTP_PORT),
                "--grpc",
                Integer.toString(KustomizeBase.GRPC_PORT),
                "--http-host",
                "0.0.0.0"));
        Map<String, Object> container = container(base.image(), args, requests);
        container.put("volumeMounts", List.of(mount("topology", KustomizeBase.TOPOLOGY_DIR)));
        container.put(
                "ports",
                List.of(
                        containerPort("link", KustomizeBase.LINK_PORT),
                        containerPort("http", KustomizeBase.HTTP_PORT),
                        containerPort("grpc", KustomizeBase.GRPC_PORT)));
        // Ready: every link trained (and, on the SM's pod, the subnet up). Live: the device's loop answers.
        container.put("readinessProbe", probe("/health/ready", 5, 0));
        container.put("livenessProbe", probe("/health/live", 10, 60));
        Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("serviceName", KustomizeBase.SERVICE);
        spec.put("replicas", 1);
        // Peers wait for each other's links: start every pod at once, not one after another.
        spec.put("podManagementPolicy", "Parallel");
        spec.put("selector", Map.of("matchLabels", selector));
        spec.put(
                "template",
                podTemplate(labels, annotations, podSpec(container, List.of(topologyVolume(configMap))), true));
        return Manifest.of("apps/v1", "StatefulSet", metadata(name, labels, annotations), "spec", spec);
    }

    /**
     * A tester as a Job: {@code ibmesh test} of its DUT, which already runs in its own pod, reports to the volume. The
     * pod gets the tester's DNS name through hostname and subdomain, as a StatefulSet's pod would.
     */
    static Map<String, Object> testerJob(KustomizeBase base, DeviceSpec tester, String dut) {
        String name = base.name(tester.name());
        List<String> args = List.of(
                "test",
                "--topology",
                KustomizeBase.TOPOLOGY_DIR + "/topology.yaml",
                "--dut",
                dut,
                "--attach",
                "--ready",
                "300",
                "--report-dir",
                KustomizeBase.REPORTS_DIR + "/" + base.name(dut));
        Map<String, Object> container = container(base.image(), args, new Requests("500m", 512));
        container.put("ports", List.of(containerPort("link", KustomizeBase.LINK_PORT)));
        container.put(
                "volumeMounts",
                List.of(mount("topology", KustomizeBase.TOPOLOGY_DIR), mount("reports", KustomizeBase.REPORTS_DIR)));
        Map<String, Object> pod = podSpec(
                container,
                List.of(
                        topologyVolume(TOPOLOGY_CONFIG_MAP),
                        Map.of("name", "reports", "persistentVolumeClaim", Map.of("claimName", REPORTS_CLAIM))));
        pod.put("hostname", name + "-0");
        pod.put("subdomain", KustomizeBase.SERVICE);
        pod.put("restartPolicy", "Never");
        Map<String, String> labels = deviceLabels(base, tester, "tester");
        Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("backoffLimit", 0);
        Map<String, String> annotations = Map.of("ibmesh.dev/device-name", tester.name());
        spec.put("template", podTemplate(labels, annotations, pod, false));
        return Manifest.of("batch/v1", "Job", metadata(name, labels, annotations), "spec", spec);
    }

    /** Where the testers' reports (JUnit XML, JSON, HTML, pcaps) stay after their Jobs end. */
    static Map<String, Object> reportsClaim(String name) {
        return Manifest.of(
                "v1",
                "PersistentVolumeClaim",
                name,
                Map.of(
                        "accessModes",
                        List.of("ReadWriteOnce"),
                        "resources",
                        Map.of("requests", Map.of("storage", "1Gi"))));
    }

    static final String GATEWAY_REPORTS_CLAIM = "ibmesh-gateway-reports";

    /**
     * {@code ibmesh gateway} in front of {@code backendArgs}, its token from the Secret. A umad port is an HCA of the
     * lab host the pod runs on: the node labelled {@value GatewayOverlay#LAB_HOST_LABEL}=true, whose
     * /dev/infiniband the pod opens as root (libibumad's device files are root's).
     */
    static Map<String, Object> gatewayDeployment(String image, List<String> backendArgs, boolean umad) {
        List<String> args = new ArrayList<>(List.of("gateway"));
        args.addAll(backendArgs);
        args.addAll(List.of(
                "--grpc",
                Integer.toString(GatewayOverlay.GRPC_PORT),
                "--http",
                Integer.toString(KustomizeBase.HTTP_PORT),
                "--host",
                "0.0.0.0",
                "--token-file",
                GatewayOverlay.TOKEN_DIR + "/token"));
        Map<String, Object> container = container(image, args, new Requests("250m", 256));
        container.put(
                "ports",
                List.of(
                        containerPort("grpc", GatewayOverlay.GRPC_PORT),
                        containerPort("http", KustomizeBase.HTTP_PORT)));
        // Ready while the port answers its own PortInfo; live while the service answers.
        container.put("readinessProbe", probe("/health/ready", 5, 0));
        container.put("livenessProbe", probe("/health/live", 10, 30));
        List<Object> mounts = new ArrayList<>(List.of(readOnly(mount("token", GatewayOverlay.TOKEN_DIR))));
        List<Object> volumes = new ArrayList<>(List.of(tokenVolume()));
        Map<String, Object> pod;
        if (umad) {
            mounts.add(mount("infiniband", "/dev/infiniband"));
            volumes.add(Map.of("name", "infiniband", "hostPath", Map.of("path", "/dev/infiniband")));
            container.put("securityContext", Map.of("privileged", true));
            pod = new LinkedHashMap<>();
            pod.put("containers", List.of(container));
            pod.put("volumes", volumes);
            pod.put("nodeSelector", Map.of(GatewayOverlay.LAB_HOST_LABEL, "true"));
        } else {
            pod = podSpec(container, volumes);
        }
        container.put("volumeMounts", mounts);
        Map<String, String> labels = Manifest.labels(Map.of("app.kubernetes.io/component", "gateway"));
        Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("replicas", 1);
        spec.put("selector", Map.of("matchLabels", labels));
        spec.put("template", podTemplate(labels, Map.of(), pod, true));
        return Manifest.of("apps/v1", "Deployment", metadata(GatewayOverlay.NAME, labels, Map.of()), "spec", spec);
    }

    /**
     * {@code ibmesh test --target gateway:...} as a Job: the whole catalog against the device beyond the gateway,
     * its reports to a volume. Retried a few times, since it may start before the gateway is ready (an unreachable
     * target is ERROR, never FAIL).
     */
    static Map<String, Object> gatewayTesterJob(String image) {
        List<String> args = List.of(
                "test",
                "--target",
                "gateway:" + GatewayOverlay.NAME + ":" + GatewayOverlay.GRPC_PORT,
                "--report-dir",
                KustomizeBase.REPORTS_DIR + "/gateway");
        Map<String, Object> container = container(image, args, new Requests("500m", 512));
        container.put(
                "env",
                List.of(
                        Map.of("name", "JAVA_TOOL_OPTIONS", "value", "-XX:+ExitOnOutOfMemoryError"),
                        Map.of("name", "IBMESH_GATEWAY_TOKEN_FILE", "value", GatewayOverlay.TOKEN_DIR + "/token")));
        container.put(
                "volumeMounts",
                List.of(
                        readOnly(mount("token", GatewayOverlay.TOKEN_DIR)),
                        mount("reports", KustomizeBase.REPORTS_DIR)));
        Map<String, Object> pod = podSpec(
                container,
                List.of(
                        tokenVolume(),
                        Map.of(
                                "name",
                                "reports",
                                "persistentVolumeClaim",
                                Map.of("claimName", GATEWAY_REPORTS_CLAIM))));
        pod.put("restartPolicy", "Never");
        Map<String, String> labels = Manifest.labels(Map.of("app.kubernetes.io/component", "gateway-tester"));
        Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("backoffLimit", 4);
        spec.put("template", podTemplate(labels, Map.of(), pod, false));
        return Manifest.of("batch/v1", "Job", metadata("ibmesh-gateway-tester", labels, Map.of()), "spec", spec);
    }

    private static Map<String, Object> tokenVolume() {
        return Map.of("name", "token", "secret", Map.of("secretName", GatewayOverlay.SECRET));
    }

    private static Map<String, Object> readOnly(Map<String, Object> mount) {
        Map<String, Object> m = new LinkedHashMap<>(mount);
        m.put("readOnly", true);
        return m;
    }

    /**
     * Requests by size: a JVM and its loops, plus the ports (a switch's LFT, MFT and per-port queues grow with them);
     * an HCA more for its registered memory; the SM's pod more for its model of the whole fabric. The limit is twice
     * the request.
     */
    private static Requests requests(DeviceSpec d, boolean sm) {
        return new Requests(
                sm ? "250m" : "50m", 192 + 2 * d.numPorts() + (d.kind() == DeviceKind.HCA ? 64 : 0) + (sm ? 256 : 0));
    }

    /** What a container asks for: CPU in Kubernetes' notation, memory in MiB. */
    private record Requests(String cpu, int memoryMi) {
        /** The container's resources: these requests, and a memory limit of twice the request. */
        Map<String, Object> resources() {
            Map<String, Object> requested = new LinkedHashMap<>();
            requested.put("cpu", cpu);
            requested.put("memory", memoryMi + "Mi");
            return Map.of("requests", requested, "limits", Map.of("memory", (2 * memoryMi) + "Mi"));
        }
    }

    private static Map<String, Object> container(String image, List<String> args, Requests requests) {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("name", "ibmesh");
        c.put("image", image);
        c.put("args", args);
        // The image's entrypoint sizes the heap (MaxRAMPercentage); a pod that runs out of it restarts.
        c.put("env", List.of(Map.of("name", "JAVA_TOOL_OPTIONS", "value", "-XX:+ExitOnOutOfMemoryError")));
        c.put("resources", requests.resources());
        c.put("securityContext", Map.of("allowPrivilegeEscalation", false));
        return c;
    }

    /** The image's user (uid and gid 10001, not root); fsGroup lets it write the reports volume. */
    static final int USER = 10001;

    private static Map<String, Object> podSpec(Map<String, Object> container, List<Object> volumes) {
        Map<String, Object> pod = new LinkedHashMap<>();
        pod.put(
                "securityContext",
                Map.of("runAsNonRoot", true, "runAsUser", USER, "runAsGroup", USER, "fsGroup", USER));
        pod.put("containers", List.of(container));
        pod.put("volumes", volumes);
        return pod;
    }

    /** @param scraped whether Prometheus scrapes the pod (a service), or not (a Job, whose pod ends) */
    private static Map<String, Object> podTemplate(
            Map<String, String> labels, Map<String, String> names, Map<String, Object> pod, boolean scraped) {
        Map<String, Object> annotations = new LinkedHashMap<>(names);
        if (!scraped) {
            annotations.put("prometheus.io/scrape", "false");
        } else {
            annotations.put("prometheus.io/scrape", "true");
            annotations.put("prometheus.io/port", Integer.toString(KustomizeBase.HTTP_PORT));
            annotations.put("prometheus.io/path", "/metrics");
        }
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("labels", labels);
        metadata.put("annotations", annotations);
        Map<String, Object> t = new LinkedHashMap<>();
        t.put("metadata", metadata);
        t.put("spec", pod);
        return t;
    }

    private static Map<String, Object> metadata(
            String name, Map<String, String> labels, Map<String, String> annotations) {
        Map<String, Object> md = new LinkedHashMap<>();
        md.put("name", name);
        md.put("labels", labels);
        if (!annotations.isEmpty()) {
            md.put("annotations", annotations);
        }
        return md;
    }

    private static Map<String, String> deviceLabels(KustomizeBase base, DeviceSpec d, String component) {
        return Manifest.labels(
                Map.of("app.kubernetes.io/component", component, KustomizeBase.DEVICE_LABEL, base.name(d.name())));
    }

    private static Map<String, Object> probe(String path, int periodSeconds, int initialDelaySeconds) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("httpGet", Map.of("path", path, "port", "http"));
        p.put("periodSeconds", periodSeconds);
        if (initialDelaySeconds > 0) {
            p.put("initialDelaySeconds", initialDelaySeconds);
        }
        return p;
    }

    private static Map<String, Object> containerPort(String name, int port) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("name", name);
        p.put("containerPort", port);
        return p;
    }

    private static Map<String, Object> mount(String volume, String path) {
        return Map.of("name", volume, "mountPath", path);
    }

    private static Map<String, Object> topologyVolume(String configMap) {
        return Map.of("name", "topology", "configMap", Map.of("name", configMap));
    }
}
