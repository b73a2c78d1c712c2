package dev.ibmesh.runtime.device;

import static dev.ibmesh.runtime.device.FabricTestKit.activate;
import static dev.ibmesh.runtime.device.FabricTestKit.await;
import static dev.ibmesh.runtime.device.FabricTestKit.onLoop;
import static dev.ibmesh.runtime.device.FabricTestKit.send;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.pma.PortCounters;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.runtime.port.Port;
import dev.ibmesh.runtime.transport.InProcessLinkTransport;
import dev.ibmesh.runtime.transport.LinkTransport;
import dev.ibmesh.runtime.transport.NettyLinkTransport;
import dev.ibmesh.wire.Bth;
import io.grpc.ManagedChannel;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse;
import io.grpc.health.v1.HealthGrpc;
import io.vertx.core.Vertx;
import java.io.IOException;
import java.net.ServerSocket;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Two devices linked in one JVM (in-process) and over loopback (Netty) exchange packets both ways. */
class TwoDeviceLinkTest {
    private final Vertx vertx = Vertx.vertx();

    @AfterEach
    void tearDown() throws Exception {
        vertx.close().await(10, TimeUnit.SECONDS);
    }

    private RecordingDevice[] start(LinkTransport transport, String addressA, String addressB) throws Exception {
        RecordingDevice a = new RecordingDevice(
                FabricTestKit.config("a", 0xA1, addressA, List.of(new LinkPlan(1, "b", 1, addressB, true))), transport);
        RecordingDevice b = new RecordingDevice(
                FabricTestKit.config("b", 0xB1, addressB, List.of(new LinkPlan(1, "a", 1, addressA, false))),
                transport);
        vertx.deployVerticle(b).await(10, TimeUnit.SECONDS);
        vertx.deployVerticle(a).await(10, TimeUnit.SECONDS);
        activate(a, 1, b, 1);
        return new RecordingDevice[] {a, b};
    }

    @Test
    void inProcessBothDirections() throws Exception {
        RecordingDevice[] d = start(new InProcessLinkTransport("two-" + System.nanoTime()), "a", "b");
        exchange(d[0], d[1], 500);
    }

    @Test
    void loopbackBothDirections() throws Exception {
        RecordingDevice[] d = start(new NettyLinkTransport(), "127.0.0.1:" + freePort(), "127.0.0.1:" + freePort());
        exchange(d[0], d[1], 500);
    }

    @Test
    void trainedLinkReportsNegotiatedWidthAndSpeed() throws Exception {
        RecordingDevice[] d = start(new InProcessLinkTransport("train-" + System.nanoTime()), "a", "b");
        Port p = d[0].port(1);
        assertEquals(PortInfo.PHYS_STATE_LINK_UP, onLoop(d[0], p::physicalState));
        assertEquals(PortInfo.LINK_WIDTH_4X, onLoop(d[0], () -> p.training().linkWidthActive()));
        assertEquals(4, onLoop(d[0], () -> p.training().linkSpeedActive()), "QDR");
        assertEquals("0x00000000000000b1/1", onLoop(d[0], p::peer));
    }

    @Test
    void devicesServeTheStandardGrpcHealthService() throws Exception {
        InProcessLinkTransport transport = new InProcessLinkTransport("health-" + System.nanoTime());
        start(transport, "a", "b");
        ManagedChannel channel = transport.channel("b", Runnable::run);
        try {
            HealthCheckResponse r = HealthGrpc.newBlockingStub(channel).check(HealthCheckRequest.getDefaultInstance());
            assertEquals(HealthCheckResponse.ServingStatus.SERVING, r.getStatus());
        } finally {
            channel.shutdownNow();
        }
    }

    /** Sends n packets each way (on VL0 and VL1), checks order, contents and counters on both ends. */
    private static void exchange(RecordingDevice a, RecordingDevice b, int n) {
        Port pa = a.port(1);
        Port pb = b.port(1);
        onLoop(a, () -> {
            for (int i = 0; i < n; i++) {
                assertTrue(pa.transmit(send(i % 2, 2, 1, i, 100)));
            }
            return null;
        });
        onLoop(b, () -> {
            for (int i = 0; i < n; i++) {
                assertTrue(pb.transmit(send(0, 1, 2, i, 40)));
            }
            return null;
        });
        await(
                "all packets delivered",
                20_000,
                () -> onLoop(b, () -> b.received.size()) == n && onLoop(a, () -> a.received.size()) == n);
        List<Integer> psnsAtB =
                onLoop(b, () -> b.received.stream().map(f -> Bth.psn(f, 8)).toList());
        // Per VL order is kept; VL0 carries the even PSNs, VL1 the odd ones.
        assertEquals(
                psnsAtB.stream().filter(p -> p % 2 == 0).sorted().toList(),
                psnsAtB.stream().filter(p -> p % 2 == 0).toList());
        PortCounters ca = onLoop(a, () -> pa.counters().portCounters(1));
        PortCounters cb = onLoop(b, () -> pb.counters().portCounters(1));
        assertEquals(n, ca.portXmitPkts());
        assertEquals(n, cb.portRcvPkts());
        assertEquals(n, cb.portXmitPkts());
        assertEquals(n, ca.portRcvPkts());
        assertEquals(ca.portXmitData(), cb.portRcvData());
        assertEquals(0, ca.portRcvErrors() + cb.portRcvErrors() + ca.portXmitDiscards() + cb.portXmitDiscards());
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
