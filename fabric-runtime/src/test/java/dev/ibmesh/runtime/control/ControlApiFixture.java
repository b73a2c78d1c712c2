package dev.ibmesh.runtime.control;

import dev.ibmesh.runtime.device.CaptureControl;
import dev.ibmesh.runtime.device.DeviceFactory;
import dev.ibmesh.runtime.device.Fabric;
import dev.ibmesh.runtime.device.FabricPlan;
import dev.ibmesh.runtime.topology.DeviationCatalog;
import dev.ibmesh.runtime.topology.Topology;
import dev.ibmesh.runtime.topology.TopologyLoader;
import dev.ibmesh.runtime.transport.InProcessLinkTransport;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.vertx.core.Vertx;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A fabric of base devices (links train to LinkUp and Init, nothing answers MADs) from a YAML topology, all in this
 * JVM and ready, with its control API served over TCP and a client channel to it. Captures go to {@code captures}
 * in the given folder.
 */
final class ControlApiFixture implements AutoCloseable {
    /** A switch with two HCAs, one cabled to it each way round (the switch dials one link, an HCA the other). */
    static final String SWITCH_AND_TWO_HCAS = """
            devices:
              - {name: sw1, kind: switch, ports: 3}
              - {name: h1, kind: hca, ports: 1}
              - {name: h2, kind: hca, ports: 1}
            links:
              - ends: [sw1/1, h1/1]
              - ends: [h2/1, sw1/2]
            """;

    final Topology topology;
    final Vertx vertx;
    final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    final Fabric fabric;
    final ControlServer server;
    final ManagedChannel channel;

    ControlApiFixture(Path dir, String yaml, String name) throws Exception {
        Path file = dir.resolve("fabric.yaml");
        Files.writeString(file, yaml);
        topology = TopologyLoader.load(file, DeviationCatalog.PERMISSIVE);
        vertx = Vertx.vertx();
        fabric = Fabric.start(
                        vertx,
                        FabricPlan.embedded(topology),
                        DeviceFactory.BASIC,
                        new InProcessLinkTransport(name),
                        registry)
                .await(60, TimeUnit.SECONDS);
        fabric.ready().await(60, TimeUnit.SECONDS);
        server = ControlServer.start(
                fabric, new CaptureControl(fabric, dir.resolve("captures")), "127.0.0.1", 0, List.of());
        channel = ManagedChannelBuilder.forAddress("127.0.0.1", server.port())
                .usePlaintext()
                .build();
    }

    @Override
    public void close() throws Exception {
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        server.close();
        fabric.stop().await(10, TimeUnit.SECONDS);
        vertx.close().await(10, TimeUnit.SECONDS);
    }
}
