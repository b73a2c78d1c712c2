package dev.ibmesh.bench;

import dev.ibmesh.device.hca.HcaDevice;
import dev.ibmesh.device.hca.LineSm;
import dev.ibmesh.device.sw.SwitchDevice;
import dev.ibmesh.runtime.device.Device;
import dev.ibmesh.runtime.device.DeviceConfig;
import dev.ibmesh.runtime.device.LinkPlan;
import dev.ibmesh.runtime.port.PortConfig;
import dev.ibmesh.runtime.topology.SwitchOptions;
import dev.ibmesh.runtime.transport.InProcessLinkTransport;
import dev.ibmesh.runtime.transport.LinkTransport;
import dev.ibmesh.runtime.transport.NettyLinkTransport;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Two real HCAs through one real switch in this JVM, h1 - s1 - h2 (wire-format packets, credits per VL), all three
 * devices on one Vert.x event loop ({@link #ONE_LOOP}, as {@code ibmesh up} runs a fabric by default) or each on its
 * own ({@link #LOOP_PER_DEVICE}), linked straight from port to port as in one {@code ibmesh up}, or (loopback) by gRPC
 * VirtualLink streams over TCP on 127.0.0.1, as devices in separate processes are. Brought up as an SM would:
 * directed-route SMPs from h1 give LIDs 1 (h1), 2 (h2) and 3 (s1), program the switch's LFT, and move every port to
 * Armed, then Active.
 */
final class RcFabric implements AutoCloseable {
    static final int H1_LID = 1;
    static final int H2_LID = 2;
    private static final int S1_LID = 3;

    /** Event loops for the three devices: one, as {@code ibmesh up} shares one among a fabric's devices. */
    static final int ONE_LOOP = 1;
    /** A loop for each device: {@code ibmesh up --event-loops 3}, and what devices in separate processes have. */
    static final int LOOP_PER_DEVICE = 3;

    private final Vertx vertx;
    final HcaDevice h1;
    final HcaDevice h2;
    final SwitchDevice s1;

    /** {@code eventLoops}: {@link #ONE_LOOP} or {@link #LOOP_PER_DEVICE}. */
    RcFabric(boolean loopback, int eventLoops) throws Exception {
        vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(eventLoops));
        LinkTransport transport =
                loopback ? new NettyLinkTransport() : new InProcessLinkTransport("rc-bench-" + System.nanoTime());
        String s1Address = loopback ? LoopbackAddress.free() : "s1";
        h1 = new HcaDevice(
                hca("h1", 0x100, loopback ? LoopbackAddress.free() : "h1", new LinkPlan(1, "s1", 1, s1Address, true)),
                transport,
                new SimpleMeterRegistry());
        h2 = new HcaDevice(
                hca("h2", 0x200, loopback ? LoopbackAddress.free() : "h2", new LinkPlan(1, "s1", 2, s1Address, true)),
                transport,
                new SimpleMeterRegistry());
        s1 = new SwitchDevice(
                new DeviceConfig(
                        "s1",
                        "switch",
                        0x300,
                        0x300,
                        "s1",
                        List.of(PortConfig.defaults(1), PortConfig.defaults(2)),
                        List.of(new LinkPlan(1, "h1", 1, null, false), new LinkPlan(2, "h2", 1, null, false)),
                        s1Address,
                        List.of(),
                        Optional.of(new SwitchOptions(true, 64, 16))),
                transport,
                new SimpleMeterRegistry());
        for (Device d : List.<Device>of(s1, h1, h2)) {
            vertx.deployVerticle(d).await(10, TimeUnit.SECONDS);
        }
        // Both ends of both cables: the SMPs to h2 cross the switch's port 2.
        for (Device d : List.<Device>of(s1, h1, h2)) {
            d.linksTrained().await(10, TimeUnit.SECONDS);
        }
        new LineSm(h1, H1_LID).bringUpLine(H1_LID, S1_LID, H2_LID);
    }

    private static DeviceConfig hca(String name, long guid, String listen, LinkPlan link) {
        return new DeviceConfig(
                name, "hca", guid, guid, name, List.of(PortConfig.defaults(1)), List.of(link), listen, List.of());
    }

    @Override
    public void close() throws Exception {
        vertx.close().await(10, TimeUnit.SECONDS);
    }
}
