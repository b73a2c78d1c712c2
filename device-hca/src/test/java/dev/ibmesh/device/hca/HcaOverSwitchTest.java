package dev.ibmesh.device.hca;

import static dev.ibmesh.runtime.device.FabricTestKit.await;
import static dev.ibmesh.runtime.device.FabricTestKit.onLoop;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ibmesh.device.hca.verbs.Access;
import dev.ibmesh.device.hca.verbs.AddressVector;
import dev.ibmesh.device.hca.verbs.MrInfo;
import dev.ibmesh.device.hca.verbs.QpAttr;
import dev.ibmesh.device.hca.verbs.QpCaps;
import dev.ibmesh.device.hca.verbs.QpInitAttr;
import dev.ibmesh.device.hca.verbs.QpState;
import dev.ibmesh.device.hca.verbs.QpType;
import dev.ibmesh.device.hca.verbs.RecvWr;
import dev.ibmesh.device.hca.verbs.SendWr;
import dev.ibmesh.device.hca.verbs.Sge;
import dev.ibmesh.device.hca.verbs.Verbs;
import dev.ibmesh.device.hca.verbs.WcOpcode;
import dev.ibmesh.device.hca.verbs.WcStatus;
import dev.ibmesh.device.hca.verbs.WorkCompletion;
import dev.ibmesh.device.hca.verbs.WrOpcode;
import dev.ibmesh.device.sw.SwitchDevice;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.mad.Smp;
import dev.ibmesh.mad.smp.Notice;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.runtime.agent.HostMad;
import dev.ibmesh.runtime.device.Device;
import dev.ibmesh.runtime.device.DeviceConfig;
import dev.ibmesh.runtime.device.LinkPlan;
import dev.ibmesh.runtime.port.PortConfig;
import dev.ibmesh.runtime.topology.SwitchOptions;
import dev.ibmesh.runtime.transport.InProcessLinkTransport;
import dev.ibmesh.wire.Mtu;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.vertx.core.Vertx;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Two real HCA devices through a real switch, h1 - s1 - h2, configured by SMPs from h1 as an SM does, then driven
 * through their verbs: RC send/receive, RDMA write and read, both atomics, each checked in the other HCA's memory.
 * Everything crosses the links as wire-format packets with credits.
 */
class HcaOverSwitchTest {
    private static final int H1_LID = 1;
    private static final int H2_LID = 2;
    private static final int S1_LID = 3;
    private static final long VA = 0x10_0000L;
    private static final int LEN = 1 << 20;

    private final Vertx vertx = Vertx.vertx();
    private HcaDevice h1;
    private HcaDevice h2;
    private End a;
    private End b;
    private final SimpleMeterRegistry h1Metrics = new SimpleMeterRegistry();

    /** One HCA's PD, CQ, region and QP. */
    private record End(HcaDevice hca, int pd, int cq, MrInfo mr, int qp) {
        Verbs verbs() {
            return hca.verbs();
        }
    }

    @BeforeEach
    void bringUp() throws Exception {
        InProcessLinkTransport transport = new InProcessLinkTransport("hca-sw-" + System.nanoTime());
        h1 = new HcaDevice(hca("h1", 0x100, new LinkPlan(1, "s1", 1, "s1", true)), transport, h1Metrics);
        h2 = new HcaDevice(
                hca("h2", 0x200, new LinkPlan(1, "s1", 2, "s1", true)), transport, new SimpleMeterRegistry());
        SwitchDevice s1 = new SwitchDevice(
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
        new LineSm(h1, H1_LID).bringUpLine(H1_LID, S1_LID, H2_LID);
        a = open(h1);
        b = open(h2);
        connect(a, b, H2_LID);
        connect(b, a, H1_LID);
    }

    @AfterEach
    void tearDown() throws Exception {
        vertx.close().await(10, TimeUnit.SECONDS);
    }

    @Test
    void sendLandsInThePostedReceive() {
        byte[] message = bytes(5000, 1);
        onLoop(h2, () -> {
            b.verbs().postRecv(b.qp(), List.of(new RecvWr(7, List.of(new Sge(VA, 8192, b.mr().lkey())))));
            return null;
        });
        onLoop(h1, () -> {
            a.verbs().writeMemory(a.mr().handle(), VA, message);
            a.verbs()
                    .postSend(
                            a.qp(),
                            List.of(SendWr.builder(1, WrOpcode.SEND)
                                    .sge(new Sge(VA, message.length, a.mr().lkey()))
                                    .build()));
            return null;
        });
        WorkCompletion sent = completion(a);
        WorkCompletion received = completion(b);
        assertEquals(WcStatus.SUCCESS, sent.status());
        assertEquals(WcOpcode.RECV, received.opcode());
        assertEquals(message.length, received.byteLen());
        assertEquals(H1_LID, received.slid());
        assertArrayEquals(message, onLoop(h2, () -> b.verbs().readMemory(b.mr().handle(), VA, message.length)));
    }

    @Test
    void rdmaWriteAndReadMoveBytesBetweenTheRegions() {
        byte[] data = bytes(64 * 1024, 2);
        onLoop(h1, () -> {
            a.verbs().writeMemory(a.mr().handle(), VA, data);
            a.verbs()
                    .postSend(
                            a.qp(),
                            List.of(SendWr.builder(2, WrOpcode.RDMA_WRITE)
                                    .sge(new Sge(VA, data.length, a.mr().lkey()))
                                    .remote(VA + 4096, b.mr().rkey())
                                    .build()));
            return null;
        });
        assertEquals(WcStatus.SUCCESS, completion(a).status());
        assertArrayEquals(data, onLoop(h2, () -> b.verbs().readMemory(b.mr().handle(), VA + 4096, data.length)));

        onLoop(h1, () -> {
            a.verbs()
                    .postSend(
                            a.qp(),
                            List.of(SendWr.builder(3, WrOpcode.RDMA_READ)
                                    .sge(new Sge(VA + 512 * 1024, data.length, a.mr().lkey()))
                                    .remote(VA + 4096, b.mr().rkey())
                                    .build()));
            return null;
        });
        assertEquals(WcStatus.SUCCESS, completion(a).status());
        assertArrayEquals(data, onLoop(h1, () -> a.verbs().readMemory(a.mr().handle(), VA + 512 * 1024, data.length)));
    }

    @Test
    void atomicsChangeTheRemoteWordAndReturnItsOriginalValue() {
        onLoop(h2, () -> {
            b.verbs().writeMemory(b.mr().handle(), VA + 64, le(40));
            return null;
        });
        onLoop(h1, () -> {
            a.verbs()
                    .postSend(
                            a.qp(),
                            List.of(SendWr.builder(4, WrOpcode.ATOMIC_FETCH_AND_ADD)
                                    .sge(new Sge(VA, 8, a.mr().lkey()))
                                    .remote(VA + 64, b.mr().rkey())
                                    .atomic(2, 0)
                                    .build()));
            return null;
        });
        assertEquals(WcStatus.SUCCESS, completion(a).status());
        assertArrayEquals(le(40), onLoop(h1, () -> a.verbs().readMemory(a.mr().handle(), VA, 8)), "original value");
        onLoop(h1, () -> {
            a.verbs()
                    .postSend(
                            a.qp(),
                            List.of(SendWr.builder(5, WrOpcode.ATOMIC_CMP_AND_SWP)
                                    .sge(new Sge(VA + 8, 8, a.mr().lkey()))
                                    .remote(VA + 64, b.mr().rkey())
                                    .atomic(42, 7)
                                    .build()));
            return null;
        });
        assertEquals(WcStatus.SUCCESS, completion(a).status());
        assertArrayEquals(le(42), onLoop(h1, () -> a.verbs().readMemory(a.mr().handle(), VA + 8, 8)));
        assertArrayEquals(le(7), onLoop(h2, () -> b.verbs().readMemory(b.mr().handle(), VA + 64, 8)), "swapped");
    }

    @Test
    void udDatagramsArriveWithTheRightQKeyAndAWrongOneIsCountedAndTrapped() {
        List<HostMad> traps = new ArrayList<>();
        onLoop(h1, () -> h1.attach(1, List.of(MgmtClass.SUBN_LID_ROUTED.code()), traps::add));
        int udA = udQp(a, 0x1111);
        int udB = udQp(b, 0x2222);
        onLoop(h2, () -> {
            b.verbs()
                    .postRecv(
                            udB,
                            List.of(
                                    new RecvWr(8, List.of(new Sge(VA, 4096, b.mr().lkey()))),
                                    new RecvWr(9, List.of(new Sge(VA + 4096, 4096, b.mr().lkey())))));
            return null;
        });
        byte[] datagram = bytes(1000, 3);
        for (int qKey : new int[] {0x2222, 0x3333}) {
            onLoop(h1, () -> {
                a.verbs().writeMemory(a.mr().handle(), VA, datagram);
                a.verbs()
                        .postSend(
                                udA,
                                List.of(SendWr.builder(qKey, WrOpcode.SEND)
                                        .sge(new Sge(VA, datagram.length, a.mr().lkey()))
                                        .ud(AddressVector.local(H2_LID, 0, 1), udB, qKey)
                                        .build()));
                return null;
            });
        }
        WorkCompletion got = completion(b);
        assertEquals(WcStatus.SUCCESS, got.status());
        assertEquals(datagram.length + 40, got.byteLen(), "UD receives start with 40 bytes for the GRH");
        assertArrayEquals(datagram, onLoop(h2, () -> b.verbs().readMemory(b.mr().handle(), VA + 40, datagram.length)));
        await("trap 258 at the SM", 10_000, () -> onLoop(h1, () -> !traps.isEmpty()));
        Notice notice = Notice.decodeSmp(
                Smp.decode(onLoop(h1, () -> traps.get(0)).mad()).data(), 0);
        assertEquals(Notice.TRAP_BAD_Q_KEY, notice.trapNumber());
        assertEquals(0x3333, ((Notice.BadKeyTrap) notice.details()).key());
        assertEquals(List.of(), onLoop(h2, () -> b.verbs().pollCq(b.cq(), 10)), "the wrong Q_Key delivered nothing");
    }

    @Test
    void perQpCountersReachTheMetrics() {
        rdmaWriteAndReadMoveBytesBetweenTheRegions();
        String qp = Integer.toString(a.qp());
        await(
                "QP meters",
                10_000,
                () -> h1Metrics
                                .find("ibmesh_qp_packets_sent")
                                .tags("device", "h1", "qp", qp)
                                .functionCounter()
                        != null);
        long sent = onLoop(h1, () -> h1.transport().counters(a.qp()).packetsSent());
        assertEquals(sent, (long) h1Metrics
                .find("ibmesh_qp_packets_sent")
                .tags("qp", qp)
                .functionCounter()
                .count());
        assertEquals(true, sent >= 16, "64 KiB at a 4 KiB MTU is 16 packets, plus the read request: " + sent);
        onLoop(h1, () -> {
            a.verbs().destroyQp(a.qp());
            return null;
        });
        await(
                "QP meters removed",
                10_000,
                () -> h1Metrics.find("ibmesh_qp_packets_sent").tags("qp", qp).functionCounter() == null);
    }

    private static End open(HcaDevice hca) {
        return onLoop(hca, () -> {
            Verbs v = hca.verbs();
            int pd = v.allocPd();
            int cq = v.createCq(64);
            MrInfo mr = v.regMr(pd, VA, LEN, EnumSet.allOf(Access.class));
            int qp = v.createQp(new QpInitAttr(QpType.RC, pd, cq, cq, new QpCaps(64, 64, 4, 4, 64), false));
            return new End(hca, pd, cq, mr, qp);
        });
    }

    private static int udQp(End end, int qKey) {
        return onLoop(end.hca(), () -> {
            Verbs v = end.verbs();
            int qp = v.createQp(
                    new QpInitAttr(QpType.UD, end.pd(), end.cq(), end.cq(), new QpCaps(64, 64, 4, 4, 64), false));
            v.modifyQp(qp, new QpAttr().state(QpState.INIT).pkeyIndex(0).port(1).qkey(qKey));
            v.modifyQp(qp, new QpAttr().state(QpState.RTR));
            v.modifyQp(qp, new QpAttr().state(QpState.RTS).sqPsn(0));
            return qp;
        });
    }

    private static void connect(End local, End remote, int remoteLid) {
        onLoop(local.hca(), () -> {
            Verbs v = local.verbs();
            v.modifyQp(
                    local.qp(),
                    new QpAttr()
                            .state(QpState.INIT)
                            .pkeyIndex(0)
                            .port(1)
                            .accessFlags(EnumSet.of(Access.REMOTE_WRITE, Access.REMOTE_READ, Access.REMOTE_ATOMIC)));
            v.modifyQp(
                    local.qp(),
                    new QpAttr()
                            .state(QpState.RTR)
                            .av(AddressVector.local(remoteLid, 0, 1))
                            .pathMtu(Mtu.MTU_4096)
                            .destQpn(remote.qp())
                            .rqPsn(0)
                            .maxDestRdAtomic(4)
                            .minRnrTimer(1));
            v.modifyQp(
                    local.qp(),
                    new QpAttr()
                            .state(QpState.RTS)
                            .sqPsn(0)
                            .timeout(14)
                            .retryCnt(7)
                            .rnrRetry(7)
                            .maxRdAtomic(4));
            return null;
        });
    }

    private static WorkCompletion completion(End end) {
        List<WorkCompletion> got = new ArrayList<>();
        await("a completion at " + end.hca().name(), 10_000, () -> {
            got.addAll(onLoop(end.hca(), () -> end.verbs().pollCq(end.cq(), 1)));
            return !got.isEmpty();
        });
        return got.get(0);
    }

    private static DeviceConfig hca(String name, long guid, LinkPlan link) {
        return new DeviceConfig(
                name, "hca", guid, guid, name, List.of(PortConfig.defaults(1)), List.of(link), name, List.of());
    }

    private static byte[] bytes(int n, long seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }

    private static byte[] le(long v) {
        return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(v).array();
    }
}
