package dev.ibmesh.cli;

import dev.ibmesh.runtime.device.Device;
import dev.ibmesh.runtime.device.Fabric;
import dev.ibmesh.runtime.device.FabricPlan;
import dev.ibmesh.runtime.device.FabricTestKit;
import dev.ibmesh.runtime.topology.DeviationCatalog;
import dev.ibmesh.runtime.topology.Topology;
import dev.ibmesh.runtime.topology.TopologyLoader;
import dev.ibmesh.runtime.transport.InProcessLinkTransport;
import dev.ibmesh.runtime.umad.OfedTools;
import dev.ibmesh.runtime.umad.UmadServer;
import dev.ibmesh.runtime.umad.UmadServerOptions;
import dev.ibmesh.tester.bench.DeviceKinds;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.vertx.core.Vertx;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * A topology file started as {@code ibmesh up} starts it - every device in this JVM, the umad endpoint on a free
 * UDP port range - for OpenFabrics tools to run against. Tools run in a scratch directory with OpenSM's cache and
 * temp files kept there (so no run leaves GUID-to-LID state in /var/cache/opensm).
 */
final class OfedFabric implements AutoCloseable {
    final Topology topology;
    final Fabric fabric;
    final int umadPort;
    final Path dir;
    private final Vertx vertx;

    private OfedFabric(Topology topology, Fabric fabric, int umadPort, Path dir, Vertx vertx) {
        this.topology = topology;
        this.fabric = fabric;
        this.umadPort = umadPort;
        this.dir = dir;
        this.vertx = vertx;
    }

    static OfedFabric start(Path topologyFile) throws Exception {
        Topology t = TopologyLoader.load(topologyFile, DeviationCatalog.PERMISSIVE);
        Vertx vertx = Vertx.vertx();
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        Fabric fabric = Fabric.start(
                        vertx,
                        FabricPlan.embedded(t),
                        new DeviceKinds(),
                        new InProcessLinkTransport("ofed-" + System.nanoTime()),
                        registry)
                .await(60, TimeUnit.SECONDS);
        Exception last = null;
        for (int attempt = 0; attempt < 10; attempt++) {
            int base = ThreadLocalRandom.current().nextInt(20_000, 60_000);
            try {
                UmadServer server = UmadEndpoint.start(
                                vertx,
                                fabric,
                                UmadServerOptions.defaults()
                                        .withHost("127.0.0.1")
                                        .withPort(base),
                                registry)
                        .await(10, TimeUnit.SECONDS);
                if (server != null) {
                    OfedFabric f = new OfedFabric(t, fabric, base, Files.createTempDirectory("ofed"), vertx);
                    f.awaitLinksUp();
                    return f;
                }
            } catch (Exception e) {
                last = e; // the range was taken: try another
            }
        }
        vertx.close();
        throw new IllegalStateException("no free UDP port range for the umad endpoint", last);
    }

    /** Every cable of the topology has trained (LinkUp at both ends): what an SM's single sweep needs to see. */
    void awaitLinksUp() throws Exception {
        fabric.ready().await(60, TimeUnit.SECONDS);
    }

    /** Runs an OpenFabrics tool attached at {@code simHost} and waits for its end. */
    OfedTools.Run run(String simHost, String... command) throws Exception {
        return OfedTools.run(dir, umadPort, simHost, env(), command);
    }

    /** Starts a daemon (opensm without -o) attached at {@code simHost}. */
    OfedTools.Started start(String simHost, String... command) throws Exception {
        return OfedTools.start(dir, umadPort, simHost, env(), command);
    }

    private List<String> env() {
        return List.of("OSM_CACHE_DIR=" + dir, "OSM_TMP_DIR=" + dir);
    }

    Device device(String name) {
        return fabric.device(name);
    }

    <T> T onLoop(Device d, Supplier<T> s) {
        return FabricTestKit.onLoop(d, s);
    }

    @Override
    public void close() {
        try {
            fabric.stop().await(10, TimeUnit.SECONDS);
            vertx.close().await(10, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            throw new IllegalStateException("the fabric did not stop in 10 s", e);
        }
    }
}
