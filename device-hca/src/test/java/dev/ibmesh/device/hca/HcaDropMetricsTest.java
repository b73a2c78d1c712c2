package dev.ibmesh.device.hca;

import static dev.ibmesh.runtime.device.FabricTestKit.await;
import static dev.ibmesh.runtime.device.FabricTestKit.onLoop;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.mad.Smp;
import dev.ibmesh.mad.pma.PmaMad;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.runtime.device.Device;
import dev.ibmesh.runtime.device.DeviceConfig;
import dev.ibmesh.runtime.device.LinkPlan;
import dev.ibmesh.runtime.device.RecordingDevice;
import dev.ibmesh.runtime.port.PortConfig;
import dev.ibmesh.runtime.sma.SmpPackets;
import dev.ibmesh.runtime.transport.InProcessLinkTransport;
import dev.ibmesh.wire.Bth;
import dev.ibmesh.wire.Deth;
import dev.ibmesh.wire.Lrh;
import dev.ibmesh.wire.OpCode;
import dev.ibmesh.wire.PacketBuilder;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.core.Vertx;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What the HCA drops above its port's link layer reaches /metrics as ibmesh_hca_drops_total, by reason. */
class HcaDropMetricsTest {
    private static final int HCA_LID = 5;
    private static final int PEER_LID = 1;

    private final Vertx vertx = Vertx.vertx();
    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private HcaDevice hca;
    private RecordingDevice peer;

    @BeforeEach
    void start() throws Exception {
        InProcessLinkTransport transport = new InProcessLinkTransport("hca-drops-" + System.nanoTime());
        hca = new HcaDevice(config("h", 0x100, new LinkPlan(1, "p", 1, null, false)), transport, registry);
        peer = new RecordingDevice(config("p", 0x200, new LinkPlan(1, "h", 1, "h", true)), transport);
        vertx.deployVerticle(hca).await(10, TimeUnit.SECONDS);
        vertx.deployVerticle(peer).await(10, TimeUnit.SECONDS);
        for (Device d : List.of(hca, peer)) {
            await(d.name() + " Init", 20_000, () -> onLoop(d, () -> d.port(1).portState()) == PortInfo.PORT_STATE_INIT);
        }
        // As an SM would have: LIDs, then Armed and Active.
        onLoop(hca, () -> hca.port(1).receivePolicy().lid(HCA_LID, 0));
        onLoop(peer, () -> peer.port(1).receivePolicy().lid(PEER_LID, 0));
        for (Device d : List.of(hca, peer)) {
            assertTrue(onLoop(d, () -> d.port(1).arm() && d.port(1).activate()));
        }
    }

    @AfterEach
    void stop() throws Exception {
        vertx.close().await(10, TimeUnit.SECONDS);
    }

    @Test
    void aStoppedHcaLeavesNoMeterBehind() throws Exception {
        assertTrue(metersOf("h") > HcaDrop.values().length, "the HCA's port and drop meters are bound");
        vertx.undeploy(hca.deploymentID()).await(10, TimeUnit.SECONDS);
        assertEquals(0, metersOf("h"), "an HCA started again under the same name starts from no meters");
    }

    private long metersOf(String device) {
        return registry.getMeters().stream()
                .filter(m -> device.equals(m.getId().getTag("device")))
                .count();
    }

    @Test
    void eachReasonIsCountedAndScraped() {
        // An SMP answer nobody asked for: QP0 would hand it to host software, and none is attached.
        send(SmpPackets.frame(
                HCA_LID,
                PEER_LID,
                Smp.of(
                                MadHeader.of(
                                        MgmtClass.SUBN_LID_ROUTED, 1, Method.GET_RESP, 9, NodeInfo.ATTRIBUTE_ID, 0),
                                0,
                                new byte[0])
                        .encode()));
        // A PerfMgt answer to QP1, for host software that is not there either.
        send(PacketBuilder.iba(
                        Lrh.of(0, 0, Lrh.LNH_IBA_LOCAL, HCA_LID, PEER_LID),
                        Bth.of(OpCode.UD_SEND_ONLY, 0xFFFF, 1, false, 0))
                .headers(new Deth(Deth.GSI_Q_KEY, 1))
                .payload(PmaMad.of(MadHeader.of(MgmtClass.PERF_MGT, 1, Method.GET_RESP, 9, 0x12, 0), new byte[192])
                        .encode()
                        .toBytes())
                .build());
        // A SEND to a QP that was never created, twice.
        for (int i = 0; i < 2; i++) {
            send(PacketBuilder.iba(
                            Lrh.of(0, 0, Lrh.LNH_IBA_LOCAL, HCA_LID, PEER_LID),
                            Bth.of(OpCode.RC_SEND_ONLY, 0xFFFF, 0x77, false, i))
                    .payload(new byte[8])
                    .build());
        }
        // A transport header with a reserved opcode, three times.
        for (int i = 0; i < 3; i++) {
            send(PacketBuilder.iba(
                            Lrh.of(0, 0, Lrh.LNH_IBA_LOCAL, HCA_LID, PEER_LID),
                            Bth.of(OpCode.valueOf(0x1F), 0xFFFF, 0x77, false, i))
                    .build());
        }
        await(
                "every packet handled",
                10_000,
                () -> onLoop(hca, () -> hca.port(1).counters().portCounters(1).portRcvPkts()) == 7);
        String scrape = registry.scrape();
        assertEquals(1, value(scrape, "smp"), scrape);
        assertEquals(1, value(scrape, "gmp"));
        assertEquals(2, value(scrape, "unknown_qp"));
        assertEquals(3, value(scrape, "malformed"));
    }

    private void send(byte[] frame) {
        assertTrue(onLoop(peer, () -> peer.port(1).transmit(frame)));
    }

    /** The sample of ibmesh_hca_drops_total for {@code reason}. */
    private static double value(String scrape, String reason) {
        String series = "ibmesh_hca_drops_total{device=\"h\",reason=\"" + reason + "\"} ";
        return scrape.lines()
                .filter(l -> l.startsWith(series))
                .mapToDouble(l -> Double.parseDouble(l.substring(series.length())))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no " + series + " in\n" + scrape));
    }

    private static DeviceConfig config(String name, long guid, LinkPlan link) {
        return new DeviceConfig(
                name, "hca", guid, guid, name, List.of(PortConfig.defaults(1)), List.of(link), name, List.of());
    }
}
