package dev.ibmesh.runtime.control;

import static dev.ibmesh.runtime.device.FabricTestKit.await;
import static dev.ibmesh.runtime.device.FabricTestKit.onLoop;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.pma.PortCounters.Counter;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.proto.fabric.v1.FabricGrpc;
import dev.ibmesh.proto.fabric.v1.ListDevicesRequest;
import dev.ibmesh.proto.fabric.v1.Port;
import dev.ibmesh.runtime.device.Device;
import dev.ibmesh.runtime.sma.PortContext;
import dev.ibmesh.runtime.sma.PortInfoSet;
import dev.ibmesh.runtime.sma.PortInfoView;
import dev.ibmesh.runtime.sma.SetResult;
import java.nio.file.Path;
import java.util.List;
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

    private ControlApiFixture api;

    @BeforeEach
    void start() throws Exception {
        api = new ControlApiFixture(dir, """
                devices:
                  - {name: h1, kind: hca, ports: 1}
                  - {name: h2, kind: hca, ports: 1}
                links:
                  - ends: [h1/1, h2/1]
                """, "trained-link-views-" + System.nanoTime());
    }

    @AfterEach
    void stop() throws Exception {
        api.close();
    }

    @Test
    void aRetrainWithANarrowerLinkWidthEnabledShowsTheNewWidthInEveryView() {
        Device h1 = api.fabric.device("h1");
        PortInfoView sma = smaView(h1);
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
            Device d = api.fabric.device(name);
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

    /**
     * The SMA's view gives its last PortInfo again while nothing changed, and the port's own changes without any Set
     * (here the port disabled, IBA 14.2.5.6 PortPhysicalState) show in the next Get.
     */
    @Test
    void aPortChangeWithoutASetShowsInTheNextGet() {
        Device h1 = api.fabric.device("h1");
        PortInfoView sma = smaView(h1);
        PortInfo up = onLoop(h1, sma::current);
        assertEquals(PortInfo.PHYS_STATE_LINK_UP, up.portPhysicalState());
        assertSame(up, onLoop(h1, sma::current), "nothing changed: the same PortInfo");

        onLoop(h1, () -> {
            h1.port(1).disable();
            return null;
        });
        PortInfo disabled = onLoop(h1, sma::current);
        assertEquals(PortInfo.PHYS_STATE_DISABLED, disabled.portPhysicalState());
        assertEquals(PortInfo.PORT_STATE_DOWN, disabled.portState());
        assertEquals(up.lid(), disabled.lid(), "the stored values stay");
    }

    private static PortInfoView smaView(Device h1) {
        return onLoop(
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
    }

    /** PortInfo via the SMA's view, the control API's ports of both ends, and the width gauge of both ends agree. */
    private void assertViews(PortInfoView sma, int widthCode, String width, double rateGbps) {
        Device h1 = api.fabric.device("h1");
        PortInfo info = onLoop(h1, sma::current);
        assertEquals(widthCode, info.linkWidthActive(), "SMA PortInfo.LinkWidthActive");
        assertEquals(PortInfo.LINK_SPEED_QDR, info.linkSpeedActive(), "SMA PortInfo.LinkSpeedActive");
        for (String device : List.of("h1", "h2")) {
            Port port = FabricGrpc.newBlockingStub(api.channel)
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
            double gauge = api.registry
                    .get("ibmesh_port_link_width_active")
                    .tags("device", device, "port", "1")
                    .gauge()
                    .value();
            assertEquals(widthCode, gauge, device + " link width gauge");
        }
    }
}
