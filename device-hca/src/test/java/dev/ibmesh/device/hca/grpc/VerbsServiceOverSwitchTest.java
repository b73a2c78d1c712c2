package dev.ibmesh.device.hca.grpc;

import static dev.ibmesh.runtime.device.FabricTestKit.await;
import static dev.ibmesh.runtime.device.FabricTestKit.onLoop;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.ByteString;
import dev.ibmesh.device.hca.HcaDevice;
import dev.ibmesh.device.hca.HcaVerbsHost;
import dev.ibmesh.device.hca.LineSm;
import dev.ibmesh.device.sw.SwitchDevice;
import dev.ibmesh.mad.pma.PortCounters.Counter;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.proto.verbs.v1.AhAttr;
import dev.ibmesh.proto.verbs.v1.AllocPdRequest;
import dev.ibmesh.proto.verbs.v1.CreateCqRequest;
import dev.ibmesh.proto.verbs.v1.CreateQpRequest;
import dev.ibmesh.proto.verbs.v1.DeviceAttr;
import dev.ibmesh.proto.verbs.v1.ModifyQpRequest;
import dev.ibmesh.proto.verbs.v1.Mtu;
import dev.ibmesh.proto.verbs.v1.PollCqRequest;
import dev.ibmesh.proto.verbs.v1.PortAttr;
import dev.ibmesh.proto.verbs.v1.PortState;
import dev.ibmesh.proto.verbs.v1.PostSendRequest;
import dev.ibmesh.proto.verbs.v1.QpAttr;
import dev.ibmesh.proto.verbs.v1.QpCap;
import dev.ibmesh.proto.verbs.v1.QpState;
import dev.ibmesh.proto.verbs.v1.QpType;
import dev.ibmesh.proto.verbs.v1.QueryDeviceRequest;
import dev.ibmesh.proto.verbs.v1.QueryPortRequest;
import dev.ibmesh.proto.verbs.v1.ReadMemoryRequest;
import dev.ibmesh.proto.verbs.v1.RegMrRequest;
import dev.ibmesh.proto.verbs.v1.SendWr;
import dev.ibmesh.proto.verbs.v1.Sge;
import dev.ibmesh.proto.verbs.v1.VerbsGrpc;
import dev.ibmesh.proto.verbs.v1.VerbsGrpc.VerbsBlockingStub;
import dev.ibmesh.proto.verbs.v1.WcStatus;
import dev.ibmesh.proto.verbs.v1.WorkCompletion;
import dev.ibmesh.proto.verbs.v1.WrOpcode;
import dev.ibmesh.runtime.device.Device;
import dev.ibmesh.runtime.device.DeviceConfig;
import dev.ibmesh.runtime.device.LinkPlan;
import dev.ibmesh.runtime.port.LinkImpairment;
import dev.ibmesh.runtime.port.PortConfig;
import dev.ibmesh.runtime.topology.SwitchOptions;
import dev.ibmesh.runtime.transport.InProcessLinkTransport;
import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.vertx.core.Vertx;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The verbs service on real HCA devices (h1 - s1 - h2, configured by SMPs), served as a device serves it: on an
 * in-process gRPC server whose executor is the device's event loop, with {@link HcaVerbsHost} in front of the device.
 * Also what an impaired cable ({@link LinkImpairment}, the control API's SetImpairment) does to RC traffic and SMPs.
 */
class VerbsServiceOverSwitchTest {
    private static final int H1_LID = 1;
    private static final int H2_LID = 2;
    private static final int S1_LID = 3;
    private static final long VA = 0x20_0000L;

    private final Vertx vertx = Vertx.vertx();
    private final List<Server> servers = new ArrayList<>();
    private final List<ManagedChannel> channels = new ArrayList<>();
    private HcaDevice h1;
    private HcaDevice h2;
    private SwitchDevice s1;
    private LineSm sm;

    @BeforeEach
    void bringUp() throws Exception {
        InProcessLinkTransport transport = new InProcessLinkTransport("verbs-sw-" + System.nanoTime());
        h1 = new HcaDevice(
                hca("h1", 0x100, new LinkPlan(1, "s1", 1, "s1", true)), transport, new SimpleMeterRegistry());
        h2 = new HcaDevice(
                hca("h2", 0x200, new LinkPlan(1, "s1", 2, "s1", true)), transport, new SimpleMeterRegistry());
        s1 = new SwitchDevice(
                new DeviceConfig(
                        "s1",
                        "switch",
                        0x300,
                        0x300,
                        "s1",
                        List.of(PortConfig.defaults(1), PortConfig.defaults(2)),
                        List.of(new LinkPlan(1, "h1", 1, null, false), new LinkPlan(2, "h2", 1, null, false)),
                        "s1",
                        List.of(),
                        Optional.of(new SwitchOptions(true, 64, 16))),
                transport,
                new SimpleMeterRegistry());
        for (Device d : List.<Device>of(s1, h1, h2)) {
            vertx.deployVerticle(d).await(10, TimeUnit.SECONDS);
        }
        for (Device d : List.<Device>of(h1, h2)) {
            await(
                    d.name() + " LinkUp",
                    20_000,
                    () -> onLoop(d, () -> d.port(1).physicalState()) == PortInfo.PHYS_STATE_LINK_UP);
        }
        sm = new LineSm(h1, H1_LID);
        sm.bringUpLine(H1_LID, S1_LID, H2_LID);
    }

    @AfterEach
    void tearDown() throws Exception {
        channels.forEach(ManagedChannel::shutdownNow);
        servers.forEach(Server::shutdownNow);
        vertx.close().await(10, TimeUnit.SECONDS);
    }

    @Test
    void queriesReportWhatTheSmaHolds() throws Exception {
        VerbsBlockingStub v = serve(h2);
        DeviceAttr d = v.queryDevice(QueryDeviceRequest.getDefaultInstance());
        assertEquals(0x200, d.getNodeGuid());
        assertEquals(1, d.getPhysPortCnt());
        assertEquals("h2", d.getNodeDesc());
        PortAttr p = v.queryPort(QueryPortRequest.newBuilder().setPortNum(1).build());
        assertEquals(PortState.PORT_ACTIVE, p.getState());
        assertEquals(PortInfo.PHYS_STATE_LINK_UP, p.getPhysState());
        assertEquals(H2_LID, p.getLid());
        assertEquals(H1_LID, p.getSmLid());
        assertEquals(Mtu.MTU_4096, p.getActiveMtu());
        assertEquals(onLoop(h2, () -> h2.portGuid(1)), p.getPortGuid());
    }

    @Test
    void rdmaWriteThroughTheSwitchIsReadBackOverGrpc() throws Exception {
        Rc c = connectedRc();
        byte[] data = new byte[3 * 4096 + 17];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (i * 7);
        }
        assertEquals(WcStatus.SUCCESS, write(c.v1(), c.e1(), c.e2(), data).getStatus());
        assertArrayEquals(
                data,
                c.v2().readMemory(ReadMemoryRequest.newBuilder()
                                .setLkey(c.e2()[1])
                                .setAddr(VA + 64)
                                .setLength(data.length)
                                .build())
                        .getData()
                        .toByteArray());
    }

    @Test
    void aCableThatLosesEverythingExhaustsRcRetriesAndOnceHealedCarriesAgain() throws Exception {
        Rc c = connectedRc();
        impair(h1, new LinkImpairment.Settings(1, 0, 0, 0, 0, 1));
        // ACK timeout 14 (67 ms), 7 retries: the requester gives up after 8 tries, about half a second.
        assertEquals(
                WcStatus.RETRY_EXC_ERR,
                write(c.v1(), c.e1(), c.e2(), new byte[100]).getStatus());
        long lost = onLoop(h1, () -> h1.port(1).impaired(LinkImpairment.Effect.DROPPED, true));
        assertEquals(8, lost, "the first try and 7 retries, each lost on the cable");

        impair(h1, LinkImpairment.Settings.NONE);
        int[] f1 = open(c.v1());
        int[] f2 = open(c.v2());
        connect(c.v1(), f1[3], f2[3], H2_LID);
        connect(c.v2(), f2[3], f1[3], H1_LID);
        assertEquals(WcStatus.SUCCESS, write(c.v1(), f1, f2, new byte[100]).getStatus(), "healed, the link carries");
        assertEquals(lost, (long) onLoop(h1, () -> h1.port(1).impaired(LinkImpairment.Effect.DROPPED, true)));
    }

    @Test
    void aDelayedCableShowsInTheSmpRoundTrip() {
        // A directed-route Get of h2's NodeInfo crosses s1/2 -> h2/1 and back.
        impair(s1, new LinkImpairment.Settings(0, 0, 0, 20_000, 0, 1), 2);
        impair(h2, new LinkImpairment.Settings(0, 0, 0, 20_000, 0, 1));
        long start = System.nanoTime();
        sm.get(NodeInfo.ATTRIBUTE_ID, 0, 1, 2);
        long rtt = System.nanoTime() - start;
        assertTrue(rtt >= 40_000_000L, "two 20 ms delays, one each way: " + rtt / 1000 + " us");
        impair(s1, LinkImpairment.Settings.NONE, 2);
        impair(h2, LinkImpairment.Settings.NONE);
    }

    @Test
    void aCorruptingCableIsCaughtAndCountedByTheReceivingPort() throws Exception {
        Rc c = connectedRc();
        long before = onLoop(s1, () -> s1.port(1).counters().value(Counter.PORT_RCV_ERRORS));
        impair(h1, new LinkImpairment.Settings(0, 1, 0, 0, 0, 1));
        assertEquals(
                WcStatus.RETRY_EXC_ERR,
                write(c.v1(), c.e1(), c.e2(), new byte[100]).getStatus());
        // Counted and healed in one turn of h1's loop, so that no frame is corrupted between the two.
        long corrupted = onLoop(h1, () -> {
            long n = h1.port(1).impaired(LinkImpairment.Effect.CORRUPTED, true)
                    + h1.port(1).impaired(LinkImpairment.Effect.CORRUPTED, false);
            h1.port(1).impair(LinkImpairment.Settings.NONE);
            return n;
        });
        await(
                "s1/1 counts every corrupted frame in PortRcvErrors",
                10_000,
                () -> onLoop(s1, () -> s1.port(1).counters().value(Counter.PORT_RCV_ERRORS)) - before == corrupted);
        assertTrue(corrupted >= 8, corrupted + " frames corrupted");
    }

    @Test
    void overALossyCableRcStillDeliversAndTheCountsAddUp() throws Exception {
        Rc c = connectedRc();
        long[] before = cableCounts();
        impair(h1, new LinkImpairment.Settings(0.1, 0.05, 0.1, 0, 0, 11));
        byte[] data = new byte[8 * 4096];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (i * 13);
        }
        for (int i = 0; i < 4; i++) {
            assertEquals(WcStatus.SUCCESS, write(c.v1(), c.e1(), c.e2(), data).getStatus(), "write " + i);
        }
        impair(h1, LinkImpairment.Settings.NONE);
        // What h1 sent, plus the copies, minus what the cable lost or corrupted, is what s1/1 took in; what it
        // corrupted (flow-control packets too) s1/1 counted as errors.
        await("the counts add up", 10_000, () -> {
            long[] d = cableCounts();
            for (int i = 0; i < d.length; i++) {
                d[i] -= before[i];
            }
            return d[0] + d[3] - d[1] - d[2] == d[4] && d[2] + d[6] == d[5];
        });
        long[] d = cableCounts();
        assertTrue(
                d[1] - before[1] > 0 && d[3] - before[3] > 0, "the cable lost and copied some: " + Arrays.toString(d));
    }

    /**
     * h1/1's data packets sent, lost, corrupted and copied by its cable; s1/1's received and PortRcvErrors; h1/1's
     * flow-control packets corrupted.
     */
    private long[] cableCounts() {
        long[] h = onLoop(h1, () -> new long[] {
            h1.port(1).counters().portCountersExtended(0).portXmitPkts(),
            h1.port(1).impaired(LinkImpairment.Effect.DROPPED, true),
            h1.port(1).impaired(LinkImpairment.Effect.CORRUPTED, true),
            h1.port(1).impaired(LinkImpairment.Effect.DUPLICATED, true),
            h1.port(1).impaired(LinkImpairment.Effect.CORRUPTED, false)
        });
        long[] s = onLoop(s1, () -> new long[] {
            s1.port(1).counters().portCountersExtended(0).portRcvPkts(),
            s1.port(1).counters().value(Counter.PORT_RCV_ERRORS)
        });
        return new long[] {h[0], h[1], h[2], h[3], s[0], s[1], h[4]};
    }

    /** Impairs what {@code d}'s port {@code port} (default 1) sends, on its loop. */
    private static void impair(Device d, LinkImpairment.Settings settings, int... port) {
        int number = port.length == 0 ? 1 : port[0];
        onLoop(d, () -> {
            d.port(number).impair(settings);
            return null;
        });
    }

    /** RDMA WRITEs {@code data} from A's region to B's (at VA + 64); the completion. */
    private static WorkCompletion write(VerbsBlockingStub v1, int[] e1, int[] e2, byte[] data) throws Exception {
        v1.writeMemory(dev.ibmesh.proto.verbs.v1.WriteMemoryRequest.newBuilder()
                .setLkey(e1[1])
                .setAddr(VA)
                .setData(ByteString.copyFrom(data))
                .build());
        v1.postSend(PostSendRequest.newBuilder()
                .setQpNum(e1[3])
                .addWr(SendWr.newBuilder()
                        .setWrId(9)
                        .setOpcode(WrOpcode.RDMA_WRITE)
                        .setSignaled(true)
                        .setRemoteAddr(VA + 64)
                        .setRkey(e2[2])
                        .addSgList(Sge.newBuilder()
                                .setAddr(VA)
                                .setLength(data.length)
                                .setLkey(e1[1])))
                .build());
        List<WorkCompletion> wcs = new ArrayList<>();
        await("the write's completion", 10_000, () -> {
            wcs.addAll(v1.pollCq(PollCqRequest.newBuilder()
                            .setCqHandle(e1[0])
                            .setNumEntries(4)
                            .build())
                    .getWcList());
            return !wcs.isEmpty();
        });
        return wcs.get(0);
    }

    /** A verbs server on the device's loop and a client of it. */
    /** Both HCAs served over gRPC, each with a PD, MR, CQ and an RC QP, connected to each other through the switch. */
    private Rc connectedRc() throws Exception {
        VerbsBlockingStub v1 = serve(h1);
        VerbsBlockingStub v2 = serve(h2);
        int[] e1 = open(v1);
        int[] e2 = open(v2);
        connect(v1, e1[3], e2[3], H2_LID);
        connect(v2, e2[3], e1[3], H1_LID);
        return new Rc(v1, v2, e1, e2);
    }

    /** The two ends of {@link #connectedRc}: each HCA's stub and what {@link #open} made there. */
    private record Rc(VerbsBlockingStub v1, VerbsBlockingStub v2, int[] e1, int[] e2) {}

    private VerbsBlockingStub serve(HcaDevice hca) throws Exception {
        String name = "verbs-" + hca.name() + "-" + System.nanoTime();
        servers.add(InProcessServerBuilder.forName(name)
                .executor(hca.loop())
                .addService(new VerbsService(new HcaVerbsHost(hca)))
                .build()
                .start());
        ManagedChannel c =
                InProcessChannelBuilder.forName(name).directExecutor().build();
        channels.add(c);
        return VerbsGrpc.newBlockingStub(c);
    }

    /** PD, CQ, a 1 MiB region and an RC QP: {cq, lkey, rkey, qpn}. */
    private static int[] open(VerbsBlockingStub v) {
        int pd = v.allocPd(AllocPdRequest.getDefaultInstance()).getPdHandle();
        int cq = v.createCq(CreateCqRequest.newBuilder().setCqe(16).build()).getCqHandle();
        var mr = v.regMr(RegMrRequest.newBuilder()
                .setPdHandle(pd)
                .setAddr(VA)
                .setLength(1 << 20)
                .setAccessFlags(0xF)
                .build());
        int qpn = v.createQp(CreateQpRequest.newBuilder()
                        .setPdHandle(pd)
                        .setSendCqHandle(cq)
                        .setRecvCqHandle(cq)
                        .setQpType(QpType.RC)
                        .setCap(QpCap.newBuilder()
                                .setMaxSendWr(8)
                                .setMaxRecvWr(8)
                                .setMaxSendSge(1)
                                .setMaxRecvSge(1))
                        .build())
                .getQpNum();
        return new int[] {cq, mr.getLkey(), mr.getRkey(), qpn};
    }

    private static void connect(VerbsBlockingStub v, int qpn, int remoteQpn, int remoteLid) {
        v.modifyQp(ModifyQpRequest.newBuilder()
                .setQpNum(qpn)
                .setAttr(QpAttr.newBuilder()
                        .setQpState(QpState.INIT)
                        .setPkeyIndex(0)
                        .setPortNum(1)
                        .setQpAccessFlags(0xE))
                .build());
        v.modifyQp(ModifyQpRequest.newBuilder()
                .setQpNum(qpn)
                .setAttr(QpAttr.newBuilder()
                        .setQpState(QpState.RTR)
                        .setAhAttr(AhAttr.newBuilder().setDlid(remoteLid).setPortNum(1))
                        .setPathMtu(Mtu.MTU_4096)
                        .setDestQpNum(remoteQpn)
                        .setRqPsn(0)
                        .setMaxDestRdAtomic(1)
                        .setMinRnrTimer(1))
                .build());
        v.modifyQp(ModifyQpRequest.newBuilder()
                .setQpNum(qpn)
                .setAttr(QpAttr.newBuilder()
                        .setQpState(QpState.RTS)
                        .setSqPsn(0)
                        .setTimeout(14)
                        .setRetryCnt(7)
                        .setRnrRetry(7)
                        .setMaxRdAtomic(1))
                .build());
    }

    private static DeviceConfig hca(String name, long guid, LinkPlan link) {
        return new DeviceConfig(
                name, "hca", guid, guid, name, List.of(PortConfig.defaults(1)), List.of(link), name, List.of());
    }
}
