package dev.ibmesh.runtime.device;

import static dev.ibmesh.runtime.device.FabricTestKit.await;
import static dev.ibmesh.runtime.device.FabricTestKit.onLoop;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.runtime.port.Port;
import dev.ibmesh.runtime.topology.DeviationCatalog;
import dev.ibmesh.runtime.topology.LinkSpec;
import dev.ibmesh.runtime.topology.LinkWidth;
import dev.ibmesh.runtime.topology.PortRef;
import dev.ibmesh.runtime.topology.Topology;
import dev.ibmesh.runtime.topology.TopologyLoader;
import dev.ibmesh.runtime.transport.InProcessLinkTransport;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The shipped fat-tree example comes up in one JVM: every cabled port trains, the rest poll. */
class EmbeddedFabricTest {
    private final Vertx vertx = Vertx.vertx();

    @AfterEach
    void tearDown() throws Exception {
        vertx.close().await(10, TimeUnit.SECONDS);
    }

    @Test
    void fatTreeTrainsEveryLink() throws Exception {
        Topology topology = TopologyLoader.load(
                Path.of("..", "examples", "topologies", "fat-tree-2-level.yaml"), DeviationCatalog.PERMISSIVE);
        Fabric fabric = Fabric.start(
                        vertx,
                        FabricPlan.embedded(topology),
                        DeviceFactory.BASIC,
                        new InProcessLinkTransport("fat-" + System.nanoTime()),
                        new SimpleMeterRegistry())
                .await(20, TimeUnit.SECONDS);
        assertEquals(14, fabric.devices().size());
        for (Device d : fabric.devices()) {
            for (Port p : d.ports()) {
                Optional<LinkSpec> link = topology.linkAt(new PortRef(d.name(), p.number()));
                if (link.isEmpty()) {
                    assertEquals(PortInfo.PHYS_STATE_POLLING, onLoop(d, p::physicalState), d.name() + "/" + p.number());
                    continue;
                }
                await(
                        d.name() + "/" + p.number() + " Init",
                        10_000,
                        () -> onLoop(d, p::portState) == PortInfo.PORT_STATE_INIT);
                int expectedWidth =
                        link.get().activeWidth().map(LinkWidth::code).orElseThrow();
                assertEquals(
                        expectedWidth, onLoop(d, () -> p.training().linkWidthActive()), "width the topology promises");
            }
        }
        JsonObject health = fabric.health().await(5, TimeUnit.SECONDS);
        assertEquals("UP", health.getString("status"));
        assertEquals(
                "Init",
                health.getJsonObject("devices")
                        .getJsonObject("leaf1")
                        .getJsonObject("ports")
                        .getJsonObject("3")
                        .getString("portState"));
        fabric.stop().await(10, TimeUnit.SECONDS);
    }
}
