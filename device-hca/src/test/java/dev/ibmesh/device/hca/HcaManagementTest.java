package dev.ibmesh.device.hca;

import static dev.ibmesh.runtime.device.FabricTestKit.await;
import static dev.ibmesh.runtime.device.FabricTestKit.onLoop;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.MadStatus;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.mad.Smp;
import dev.ibmesh.mad.pma.PmaMad;
import dev.ibmesh.mad.pma.PortCounters;
import dev.ibmesh.mad.smp.NodeDescription;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.mad.smp.Notice;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.mad.smp.SmInfo;
import dev.ibmesh.runtime.agent.HostMad;
import dev.ibmesh.runtime.agent.MadAgents;
import dev.ibmesh.runtime.device.DeviceConfig;
import dev.ibmesh.runtime.device.LinkPlan;
import dev.ibmesh.runtime.port.PortConfig;
import dev.ibmesh.runtime.transport.InProcessLinkTransport;
import dev.ibmesh.wire.Deth;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.vertx.core.Vertx;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Two HCAs cabled back to back; host software on h1 manages both through QP0 and QP1 as an SM and perfquery would:
 * directed routes from hop count 0 (its own port) and 1 (the peer), LID-routed SMPs once LIDs are set, PerfMgt GMPs,
 * and the P_Key check of QP1.
 */
class HcaManagementTest {
    private static final long H1 = 0x0002_c903_0000_1000L;
    private static final long H2 = 0x0002_c903_0000_2000L;

    private final Vertx vertx = Vertx.vertx();
    private HcaDevice h1;
    private HcaDevice h2;
    private final List<HostMad> received = new ArrayList<>();
    private MadAgents.Agent sm;
    private long nextTid = 0x1000;

    @BeforeEach
    void startFabric() throws Exception {
        InProcessLinkTransport transport = new InProcessLinkTransport("hca-" + System.nanoTime());
        h1 = new HcaDevice(
                config("h1", H1, new LinkPlan(1, "h2", 1, "h2", true)), transport, new SimpleMeterRegistry());
        h2 = new HcaDevice(
                config("h2", H2, new LinkPlan(1, "h1", 1, null, false)), transport, new SimpleMeterRegistry());
        vertx.deployVerticle(h1).await(10, TimeUnit.SECONDS);
        vertx.deployVerticle(h2).await(10, TimeUnit.SECONDS);
        for (HcaDevice d : List.of(h1, h2)) {
            await(d.name() + " Init", 20_000, () -> onLoop(d, () -> d.port(1).portState() >= PortInfo.PORT_STATE_INIT));
        }
        sm = onLoop(h1, () -> h1.attach(1, List.of(), mad -> received.add(mad)));
    }

    @AfterEach
    void tearDown() throws Exception {
        vertx.close().await(10, TimeUnit.SECONDS);
    }

    @Test
    void hopCountZeroIsAnsweredByTheOwnSmaWithoutTheWire() {
        long sentBefore = onLoop(h1, () -> h1.port(1).counters().value(PortCounters.Counter.PORT_XMIT_PKTS));
        DrSmp answer = directed(1, Method.GET, NodeInfo.ATTRIBUTE_ID, 0, new byte[0]);
        NodeInfo info = NodeInfo.decode(answer.data(), 0);
        assertEquals(NodeInfo.NODE_TYPE_CA, info.nodeType());
        assertEquals(H1, info.nodeGuid());
        assertEquals(H1 + 1, info.portGuid(), "the default port GUID is node GUID + port");
        assertEquals(1, info.localPortNum());
        assertEquals(sentBefore, onLoop(h1, () -> h1.port(1).counters().value(PortCounters.Counter.PORT_XMIT_PKTS)));
    }

    @Test
    void oneHopReachesThePeerHca() {
        DrSmp answer = directed(2, Method.GET, NodeDescription.ATTRIBUTE_ID, 0, new byte[0], 1);
        assertEquals(0, answer.status());
        assertEquals("h2", NodeDescription.decode(answer.data(), 0).text());
        assertEquals(1, answer.returnPath(1), "h2 was entered on its port 1");
    }

    @Test
    void lidRoutedSmpsFlowOnceTheSmAssignedLids() {
        setLid(1, 0x11);
        setLid(2, 0x22, 1);
        Mad request = Smp.of(
                        MadHeader.of(MgmtClass.SUBN_LID_ROUTED, 1, Method.GET, 7, NodeInfo.ATTRIBUTE_ID, 0),
                        0,
                        new byte[0])
                .encode();
        onLoop(h1, () -> {
            h1.send(sm, HostMad.smp(0x22, request));
            return null;
        });
        HostMad answer = awaitAnswer(7);
        assertEquals(0x22, answer.remoteLid(), "the answer comes from h2's LID");
        assertEquals(H2, NodeInfo.decode(Smp.decode(answer.mad()).data(), 0).nodeGuid());
    }

    @Test
    void perfMgtGmpsAreAnsweredByThePeersPmaAndLocally() {
        activate();
        Mad get = PmaMad.of(
                        MadHeader.of(MgmtClass.PERF_MGT, 1, Method.GET, 9, PortCounters.ATTRIBUTE_ID, 0),
                        PortCounters.zero(1).toBytes())
                .encode();
        onLoop(h1, () -> {
            h1.send(sm, new HostMad(0x22, 0, 1, Deth.GSI_Q_KEY, 0, get));
            return null;
        });
        HostMad remote = awaitAnswer(9);
        assertEquals(1, remote.remoteQp(), "the PMA answers from QP1");
        PortCounters counters = PortCounters.decode(PmaMad.decode(remote.mad()).data(), 0);
        assertTrue(counters.get(PortCounters.Counter.PORT_RCV_PKTS) > 0, "h2 received our SMPs and this GMP");

        Mad local = PmaMad.of(
                        MadHeader.of(MgmtClass.PERF_MGT, 1, Method.GET, 10, PortCounters.ATTRIBUTE_ID, 0),
                        PortCounters.zero(1).toBytes())
                .encode();
        onLoop(h1, () -> {
            h1.send(sm, new HostMad(0x11, 0, 1, Deth.GSI_Q_KEY, 0, local));
            return null;
        });
        assertEquals(0, awaitAnswer(10).mad().header().status(), "perfquery of the local port");
    }

    @Test
    void aGmpWithAForeignPKeyIsDroppedCountedAndTrapped() {
        activate();
        List<HostMad> traps = new ArrayList<>();
        onLoop(h1, () -> h1.attach(1, List.of(MgmtClass.SUBN_LID_ROUTED.code()), traps::add));
        // Entry 1 of h1's table gets a P_Key that h2's table (only 0xFFFF) does not hold.
        byte[] keys = new byte[64];
        keys[0] = (byte) 0xFF;
        keys[1] = (byte) 0xFF;
        keys[2] = (byte) 0x80;
        keys[3] = 0x05;
        assertEquals(
                0,
                directed(20, Method.SET, dev.ibmesh.mad.smp.PKeyTable.ATTRIBUTE_ID, 0, keys)
                        .status());
        Mad get = PmaMad.of(
                        MadHeader.of(MgmtClass.PERF_MGT, 1, Method.GET, 21, PortCounters.ATTRIBUTE_ID, 0),
                        PortCounters.zero(1).toBytes())
                .encode();
        onLoop(h1, () -> {
            h1.send(sm, new HostMad(0x22, 0, 1, Deth.GSI_Q_KEY, 1, get));
            return null;
        });
        await("P_KeyViolations", 10_000, () -> peerPortInfo().pKeyViolations() == 1);
        assertTrue(onLoop(
                h1, () -> received.stream().noneMatch(m -> m.mad().header().transactionId() == 21)));
        await("trap 257 at the master SM", 10_000, () -> onLoop(h1, () -> !traps.isEmpty()));
        HostMad trap = onLoop(h1, () -> traps.get(0));
        assertEquals(Method.TRAP, trap.mad().header().method());
        Notice notice = Notice.decodeSmp(Smp.decode(trap.mad()).data(), 0);
        assertEquals(Notice.TRAP_BAD_P_KEY, notice.trapNumber());
        assertEquals(0x22, notice.issuerLid(), "h2 reports it");
        Notice.BadKeyTrap details = (Notice.BadKeyTrap) notice.details();
        assertEquals(0x8005, details.key(), "the offending P_Key");
        assertEquals(0x11, details.lidAddr1(), "sent by h1");
    }

    @Test
    void aSetWithTheWrongMKeyIsDiscardedAndRaisesTrap256() {
        activate();
        List<HostMad> traps = new ArrayList<>();
        onLoop(h1, () -> h1.attach(1, List.of(MgmtClass.SUBN_LID_ROUTED.code()), traps::add));
        PortInfo keyed = peerPortInfo().toBuilder()
                .mKey(0x5EC2E7L)
                .portState(0)
                .portPhysicalState(0)
                .build();
        assertEquals(
                0,
                directed(30, Method.SET, PortInfo.ATTRIBUTE_ID, 0, keyed.toBytes(), 1)
                        .status());
        Mad wrongKey = DrSmp.outbound(Method.SET, 31, PortInfo.ATTRIBUTE_ID, 0, 0xBADL, keyed.toBytes(), 1)
                .encode();
        onLoop(h1, () -> {
            h1.send(sm, HostMad.smp(0xFFFF, wrongKey));
            return null;
        });
        await("trap 256 at the master SM", 10_000, () -> onLoop(h1, () -> !traps.isEmpty()));
        Notice notice = Notice.decodeSmp(
                Smp.decode(onLoop(h1, () -> traps.get(0)).mad()).data(), 0);
        assertEquals(Notice.TRAP_BAD_M_KEY, notice.trapNumber());
        assertEquals(0x22, notice.issuerLid(), "h2 reports it");
        Notice.BadMKeyTrap details = (Notice.BadMKeyTrap) notice.details();
        assertEquals(0xBADL, details.mKey(), "the M_Key the refused SMP carried");
        assertEquals(Method.SET, details.method());
        assertTrue(onLoop(
                h1, () -> received.stream().noneMatch(m -> m.mad().header().transactionId() == 31)));
    }

    @Test
    void portInfoReportsTheResponseTimeTheSmaKeeps() {
        assertEquals(16, peerPortInfo().respTimeValue(), "4.096 us x 2^16, about 268 ms (IBA 13.4.6.2)");
    }

    @Test
    void smInfoGoesToTheSmOnceThePortSaysOneRunsThereAndIsUnsupportedBefore() {
        DrSmp unsupported = directed(30, Method.GET, SmInfo.ATTRIBUTE_ID, 0, new byte[0]);
        assertEquals(MadStatus.CODE_METHOD_ATTRIBUTE_UNSUPPORTED, MadStatus.code(unsupported.status()));

        List<HostMad> smRequests = new ArrayList<>();
        onLoop(h1, () -> h1.attach(1, List.of(MgmtClass.SUBN_DIRECTED_ROUTE.code()), smRequests::add));
        onLoop(h1, () -> {
            h1.smPresent(1, true);
            return null;
        });
        MadAgents.Agent peer = onLoop(h2, () -> h2.attach(1, List.of(), mad -> {}));
        Mad request = DrSmp.outbound(Method.GET, 31, SmInfo.ATTRIBUTE_ID, 0, 0, new byte[0], 1)
                .encode();
        onLoop(h2, () -> {
            h2.send(peer, HostMad.smp(0xFFFF, request));
            return null;
        });
        await("the SMInfo request at h1's SM", 10_000, () -> onLoop(h1, smRequests::size) == 1);
        assertEquals(31, onLoop(h1, () -> smRequests.get(0).mad().header().transactionId()));
    }

    @Test
    void anSmStartingOnAPortChangesItsCapabilityMaskAndRaisesTrap144() {
        activate();
        List<HostMad> traps = new ArrayList<>();
        onLoop(h1, () -> h1.attach(1, List.of(MgmtClass.SUBN_LID_ROUTED.code()), traps::add));
        onLoop(h2, () -> {
            h2.smPresent(1, true);
            return null;
        });
        assertTrue(peerPortInfo().hasCapability(PortInfo.CAP_IS_SM));
        await("trap 144 at the master SM", 10_000, () -> onLoop(h1, () -> !traps.isEmpty()));
        Notice notice = Notice.decodeSmp(
                Smp.decode(onLoop(h1, () -> traps.get(0)).mad()).data(), 0);
        assertEquals(Notice.TRAP_LOCAL_CHANGES, notice.trapNumber());
        assertEquals(0x22, notice.issuerLid());
        Notice.LocalChangesTrap details = (Notice.LocalChangesTrap) notice.details();
        assertTrue((details.capabilityMask() & PortInfo.CAP_IS_SM) != 0, "the notice carries the new mask");
    }

    /** A directed-route SMP from h1's agent; returns the response delivered to it. */
    private DrSmp directed(long tid, int method, int attributeId, int modifier, byte[] data, int... path) {
        Mad request = DrSmp.outbound(method, tid, attributeId, modifier, 0, data, path)
                .encode();
        onLoop(h1, () -> {
            h1.send(sm, HostMad.smp(0xFFFF, request));
            return null;
        });
        return DrSmp.decode(awaitAnswer(tid).mad());
    }

    private HostMad awaitAnswer(long tid) {
        await(
                "answer " + tid,
                10_000,
                () -> onLoop(
                        h1,
                        () -> received.stream().anyMatch(m -> m.mad().header().transactionId() == tid)));
        return onLoop(
                h1,
                () -> received.stream()
                        .filter(m -> m.mad().header().transactionId() == tid)
                        .findFirst()
                        .orElseThrow());
    }

    private void setLid(long tid, int lid, int... path) {
        PortInfo now = PortInfo.decode(
                directed(tid + 100, Method.GET, PortInfo.ATTRIBUTE_ID, 0, new byte[0], path)
                        .data(),
                0);
        PortInfo next = now.toBuilder()
                .lid(lid)
                .masterSmLid(0x11)
                .portState(0)
                .portPhysicalState(0)
                .build();
        assertEquals(
                0,
                directed(tid + 200, Method.SET, PortInfo.ATTRIBUTE_ID, 0, next.toBytes(), path)
                        .status());
    }

    private void activate() {
        setLid(1, 0x11);
        setLid(2, 0x22, 1);
        for (HcaDevice d : List.of(h1, h2)) {
            onLoop(d, () -> d.port(1).arm() && d.port(1).activate());
        }
    }

    /** h2's PortInfo, read as an SM reads it: SubnGet over one hop. */
    private PortInfo peerPortInfo() {
        return PortInfo.decode(
                directed(nextTid++, Method.GET, PortInfo.ATTRIBUTE_ID, 0, new byte[0], 1)
                        .data(),
                0);
    }

    private static DeviceConfig config(String name, long guid, LinkPlan link) {
        return new DeviceConfig(
                name, "hca", guid, guid, name, List.of(PortConfig.defaults(1)), List.of(link), name, List.of());
    }
}
