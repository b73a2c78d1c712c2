package dev.ibmesh.cli.k8s;

import dev.ibmesh.tester.run.TargetSpec;
import dev.ibmesh.tester.run.UsageException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code gateway/} kustomization: an {@code ibmesh gateway} Deployment in front of a foreign MAD port (an HCA of a
 * lab host through libibumad, or a node of an ibsim), its Service, its token in a Secret, and a tester Job that tests
 * the device beyond the gateway and keeps its reports on a volume. It stands alone: a lab's cluster need not run an
 * emulated fabric to test its hardware.
 *
 * <p>The token is never rendered: kustomize makes the Secret from the file {@code gateway/token}, which the user
 * writes ({@code head -c 32 /dev/urandom | base64 > DIR/gateway/token}) and a rendering never touches.
 */
public final class GatewayOverlay {
    public static final String NAME = "ibmesh-gateway";
    public static final int GRPC_PORT = 7400;
    static final String SECRET = "ibmesh-gateway-token";
    static final String TOKEN_DIR = "/var/run/ibmesh-gateway";
    static final String LAB_HOST_LABEL = "ibmesh.dev/lab-host";

    private final String image;
    private final String backend;

    /**
     * @param backend {@code umad:DEVICE:PORT} or {@code ibsim:HOST:PORT,NODE}, as {@code ibmesh gateway} takes them
     * @throws IllegalArgumentException when {@code backend} is neither
     */
    public GatewayOverlay(String image, String backend) {
        if (!backendOfGateway(backend)) {
            throw new IllegalArgumentException("--gateway must be umad:DEVICE:PORT (a lab host's HCA, mlx5_0:1) or"
                    + " ibsim:HOST:PORT,NODE; was '" + backend + "'");
        }
        this.image = image;
        this.backend = backend;
    }

    /** Whether {@code backend} is a port a gateway can own, as {@code ibmesh gateway} parses it: umad or ibsim. */
    private static boolean backendOfGateway(String backend) {
        try {
            TargetSpec t = TargetSpec.parse(backend);
            return t instanceof TargetSpec.Umad || t instanceof TargetSpec.Ibsim;
        } catch (UsageException e) {
            return false;
        }
    }

    /** The files of {@code gateway/}, by path. */
    public Map<String, String> files() {
        Map<String, String> files = new LinkedHashMap<>();
        Map<String, Object> k = new LinkedHashMap<>();
        k.put("apiVersion", "kustomize.config.k8s.io/v1beta1");
        k.put("kind", "Kustomization");
        k.put("resources", List.of("deployment.yaml", "service.yaml", "tester.yaml", "reports.yaml"));
        k.put("secretGenerator", List.of(Map.of("name", SECRET, "files", List.of("token"))));
        files.put("gateway/kustomization.yaml", KustomizeBase.dump(k));
        files.put("gateway/deployment.yaml", KustomizeBase.dump(Pods.gatewayDeployment(image, backendArgs(), umad())));
        files.put("gateway/service.yaml", KustomizeBase.dump(service()));
        files.put("gateway/tester.yaml", KustomizeBase.dump(Pods.gatewayTesterJob(image)));
        files.put("gateway/reports.yaml", KustomizeBase.dump(Pods.reportsClaim(Pods.GATEWAY_REPORTS_CLAIM)));
        return files;
    }

    private boolean umad() {
        return backend.startsWith("umad:");
    }

    /** {@code --umad DEVICE:PORT} or {@code --ibsim HOST:PORT,NODE}. */
    private List<String> backendArgs() {
        int colon = backend.indexOf(':');
        return List.of("--" + backend.substring(0, colon), backend.substring(colon + 1));
    }

    private static Map<String, Object> service() {
        return Manifest.of(
                "v1",
                "Service",
                Manifest.metadata(NAME, Map.of("app.kubernetes.io/component", "gateway")),
                "spec",
                Map.of(
                        "selector",
                        Map.of("app.kubernetes.io/component", "gateway", KustomizeBase.PART_OF, KustomizeBase.SERVICE),
                        "ports",
                        List.of(Manifest.port("grpc", GRPC_PORT), Manifest.port("http", KustomizeBase.HTTP_PORT))));
    }
}
