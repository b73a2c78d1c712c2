package dev.ibmesh.runtime.control;

import static dev.ibmesh.runtime.device.FabricTestKit.await;
import static dev.ibmesh.runtime.device.FabricTestKit.onLoop;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.pma.PortCounters.Counter;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.proto.fabric.v1.FabricGrpc;
import dev.ibmesh.proto.fabric.v1.ListDevicesRequest;
import dev.ibmesh.proto.fabric.v1.Port;
import dev.ibmesh.runtime.device.CaptureControl;
import dev.ibmesh.runtime.device.Device;
import dev.ibmesh.runtime.device.DeviceFactory;
import dev.ibmesh.runtime.device.Fabric;
import dev.ibmesh.runtime.device.FabricPlan;
import dev.ibmesh.runtime.sma.PortContext;
import dev.ibmesh.runtime.sma.PortInfoSet;
import dev.ibmesh.runtime.sma.PortInfoView;
import dev.ibmesh.runtime.sma.SetResult;
import dev.ibmesh.runtime.topology.DeviationCatalog;
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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A link's active width and speed have one source, the port's trained link: after a SubnSet(PortInfo) narrows
 * LinkWidthEnabled and the link trains again, the SMA's PortInfo, the control API's device list and the metrics all
 * report the new width, at both ends, and the control API's rate follows it. h1 - h2, 4x QDR, in this JVM.
 */
class TrainedLinkViewsTest {
    @TempDir
    Path dir;

    private Vertx vertx;
    private Fabric fabric;
    private SimpleMeterRegistry registry;
    private ControlServer server;
    private ManagedChannel channel;

    @BeforeEach
    void start() throws Exception {
        Path file = dir.resolve("fabric.yaml");
        Files.writeString(file, """
                devices:
                  - {name: h1, kind: hca, ports: 1}
                  - {name: h2, kind: hca, ports: 1}
                links:
                  - ends: [h1/1, h2/1]
                """);
        vertx = Vertx.vertx();
        registry = new SimpleMeterRegistry();
        fabric = Fabric.start(
                        vertx,
                        FabricPlan.embedded(TopologyLoader.load(file, DeviationCatalog.PERMISSIVE)),
                        DeviceFactory.BASIC,
                        new InProcessLinkTransport("trained-link-views-" + System.nanoTime()),
                        registry)
                .await(60, TimeUnit.SECONDS);
        fabric.ready().await(60, TimeUnit.SECONDS);
        server = ControlServer.start(
                fabric, new CaptureControl(fabric, dir.resolve("captures")), "127.0.0.1", 0, List.of());
        channel = ManagedChannelBuilder.forAddress("127.0.0.1", server.port())
                .usePlaintext()
                .build();
    }

    @AfterEach
    void stop() throws Exception {
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        server.close();
        fabric.stop().await(10, TimeUnit.SECONDS);
        vertx.close().await(10, TimeUnit.SECONDS);
    }

    @Test
    void aRetrainWithANarrowerLinkWidthEnabledShowsTheNewWidthInEveryView() {
        Device h1 = fabric.device("h1");
        PortInfoView sma = onLoop(
                h1,
                () -> new PortInfoView(
                        h1.port(1),
                        PortInfo.builder()
                                .localPortNum(1)
                                .lid(2)
                                .masterSmLid(1)
                                .hoqLife(31) // no head-of-queue limit, as before the Set
                                .mtuCap(PortInfo.MTU_4096)
                                .neighborMtu(PortInfo.MTU_4096)
                                .build()));
        assertViews(sma, PortInfo.LINK_WIDTH_4X, "4x", 32);

        SetResult<PortInfo> set = onLoop(h1, () -> {
            PortInfo now = sma.current();
            SetResult<PortInfo> r = PortInfoSet.apply(
                    now,
                    now.toBuilder()
                            .linkWidthEnabled(PortInfo.LINK_WIDTH_1X)
                            .portState(0)
                            .portPhysicalState(0)
                            .build(),
                    PortContext.caPort(1));
            if (r.isValid()) {
                sma.apply(r.attribute(), r.actions());
            }
            return r;
        });
        assertTrue(set.isValid(), set.invalidReason());

        for (String name : List.of("h1", "h2")) {
            Device d = fabric.device(name);
            await(
                    name + "/1 down once and up again",
                    10_000,
                    () -> onLoop(
                            d,
                            () -> d.port(1).counters().value(Counter.LINK_DOWNED_COUNTER) >= 1
                                    && d.port(1).physicalState() == PortInfo.PHYS_STATE_LINK_UP));
        }
        assertViews(sma, PortInfo.LINK_WIDTH_1X, "1x", 8);
    }

    /** PortInfo via the SMA's view, the control API's ports of both ends, and the width gauge of both ends agree. */
    private void assertViews(PortInfoView sma, int widthCode, String width, double rateGbps) {
        Device h1 = fabric.device("h1");
        PortInfo info = onLoop(h1, sma::current);
        assertEquals(widthCode, info.linkWidthActive(), "SMA PortInfo.LinkWidthActive");
        assertEquals(PortInfo.LINK_SPEED_QDR, info.linkSpeedActive(), "SMA PortInfo.LinkSpeedActive");
        for (String device : List.of("h1", "h2")) {
            Port port = FabricGrpc.newBlockingStub(channel)
                    .listDevices(ListDevicesRequest.getDefaultInstance())
                    .getDevicesList()
                    .stream()
                    .filter(d -> d.getName().equals(device))
                    .findFirst()
                    .orElseThrow()
                    .getPorts(0);
            assertEquals(width, port.getWidth(), device + " in the control API: " + port);
            assertEquals("QDR", port.getSpeed(), device + " in the control API: " + port);
            assertEquals(rateGbps, port.getRateGbps(), 1e-9, device + " in the control API: " + port);
            double gauge = registry.get("ibmesh_port_link_width_active")
                    .tags("device", device, "port", "1")
                    .gauge()
                    .value();
            assertEquals(widthCode, gauge, device + " link width gauge");
        }
    }
}
