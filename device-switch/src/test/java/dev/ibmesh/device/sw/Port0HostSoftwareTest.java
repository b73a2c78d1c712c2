package dev.ibmesh.device.sw;

import static dev.ibmesh.device.sw.SwitchTestKit.await;
import static dev.ibmesh.device.sw.SwitchTestKit.onLoop;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import dev.ibmesh.mad.pma.PortCounters.Counter;
import dev.ibmesh.mad.smp.NodeDescription;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.mad.smp.Notice;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.mad.smp.SmInfo;
import dev.ibmesh.runtime.agent.HostMad;
import dev.ibmesh.runtime.agent.MadAgents;
import dev.ibmesh.runtime.port.Port;
import dev.ibmesh.wire.Deth;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongFunction;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Host software on switch s1's port 0 (sm - s1 - s2 of {@link ManagedFabric}, every link Active) manages the fabric
 * as a managed switch's SM does: directed routes originate at s1 (IBA 14.2.2, C14-9), LID-routed SMPs and GMPs leave
 * by s1's LFT, and what is addressed to s1 itself is answered by its own SMA and PMA without the wire.
 */
class Port0HostSoftwareTest {
    private static final int S1_LID = 9;
    private static final int S2_LID = 12;

    private ManagedFabric f;
    private SwitchDevice s1;
    private final List<HostMad> received = new ArrayList<>();
    private MadAgents.Agent host;

    @BeforeEach
    void start() throws Exception {
        f = new ManagedFabric(List.of());
        s1 = f.s1;
        host = onLoop(s1, () -> s1.attach(List.of(), received::add));
    }

    @AfterEach
    void stop() throws Exception {
        f.close();
    }

    @Test
    void hopCountZeroIsAnsweredByTheSwitchsOwnSmaWithoutTheWire() {
        long sent = packetsSentByS1();
        DrSmp answer =
                DrSmp.decode(call(HostMad.smp(0xFFFF, directed(1, Method.GET, NodeInfo.ATTRIBUTE_ID, 0, new byte[0])))
                        .mad());
        assertEquals(0, answer.status());
        assertTrue(answer.direction(), "a response");
        NodeInfo info = NodeInfo.decode(answer.data(), 0);
        assertEquals(NodeInfo.NODE_TYPE_SWITCH, info.nodeType());
        assertEquals(0x21, info.nodeGuid());
        assertEquals(0, info.localPortNum(), "the SMP came from port 0 itself");
        assertEquals(sent, packetsSentByS1(), "nothing left a link");
    }

    @Test
    void aDirectedRouteLeavesByInitialPathOneAndComesBack() {
        DrSmp answer = DrSmp.decode(
                call(HostMad.smp(0xFFFF, directed(2, Method.GET, NodeDescription.ATTRIBUTE_ID, 0, new byte[0], 2)))
                        .mad());
        assertEquals(0, answer.status());
        assertEquals("s2", NodeDescription.decode(answer.data(), 0).text());
        assertEquals(1, answer.returnPath(1), "s2 was entered on its port 1");
        assertEquals(0, answer.hopPointer(), "delivered home with HopPointer 0 (C14-13:3)");
    }

    @Test
    void aDirectedRouteOutOfAPortThatIsNotThereCannotLeave() {
        Mad bad = directed(3, Method.GET, NodeInfo.ATTRIBUTE_ID, 0, new byte[0], 7);
        assertFalse(onLoop(s1, () -> s1.send(host, HostMad.smp(0xFFFF, bad))));
    }

    @Test
    void lidRoutedSmpsLeaveByTheLftAndToTheOwnLidAreAnsweredHere() {
        assignLids();
        HostMad remote = call(HostMad.smp(S2_LID, lidRouted(10, NodeInfo.ATTRIBUTE_ID)));
        assertEquals(S2_LID, remote.remoteLid(), "the answer comes from s2's LID");
        assertEquals(0x22, NodeInfo.decode(Smp.decode(remote.mad()).data(), 0).nodeGuid());

        long sent = packetsSentByS1();
        HostMad own = call(HostMad.smp(S1_LID, lidRouted(11, NodeInfo.ATTRIBUTE_ID)));
        assertEquals(S1_LID, own.remoteLid());
        assertEquals(0x21, NodeInfo.decode(Smp.decode(own.mad()).data(), 0).nodeGuid());
        assertEquals(sent, packetsSentByS1(), "answered without the wire");
    }

    @Test
    void perfMgtGmpsReachTheNeighboursPmaAndTheSwitchsOwn() {
        assignLids();
        HostMad remote = call(new HostMad(S2_LID, 0, 1, Deth.GSI_Q_KEY, 0, portCounters(20, 1)));
        assertEquals(1, remote.remoteQp(), "the PMA answers from QP1");
        PortCounters s2Port1 = PortCounters.decode(PmaMad.decode(remote.mad()).data(), 0);
        assertTrue(s2Port1.get(Counter.PORT_RCV_PKTS) > 0, "s2 received our SMPs and this GMP");

        long sent = packetsSentByS1();
        HostMad own = call(new HostMad(S1_LID, 0, 1, Deth.GSI_Q_KEY, 0, portCounters(21, 2)));
        assertEquals(0, own.mad().header().status());
        PortCounters s1Port2 = PortCounters.decode(PmaMad.decode(own.mad()).data(), 0);
        assertTrue(s1Port2.get(Counter.PORT_XMIT_PKTS) > 0, "s1's own port 2 sent to s2");
        assertEquals(sent, packetsSentByS1(), "perfquery of the switch itself stays inside it");
    }

    @Test
    void smInfoReachesHostSoftwareOnlyOnceIsSmIsSet() {
        Mad request = DrSmp.outbound(Method.GET, 30, SmInfo.ATTRIBUTE_ID, 0, 0, new byte[0], 1)
                .encode();
        DrSmp unsupported = f.exchange(DrSmp.decode(request));
        assertEquals(
                MadStatus.CODE_METHOD_ATTRIBUTE_UNSUPPORTED,
                MadStatus.code(unsupported.status()),
                "no SM on s1: its SMA does not do SMInfo");

        List<HostMad> smRequests = new ArrayList<>();
        onLoop(s1, () -> s1.attach(List.of(MgmtClass.SUBN_DIRECTED_ROUTE.code()), smRequests::add));
        onLoop(s1, () -> {
            s1.smPresent(true);
            return null;
        });
        assertTrue(PortInfo.decode(onLoop(s1, () -> s1.localGet(PortInfo.ATTRIBUTE_ID, 0)), 0)
                .hasCapability(PortInfo.CAP_IS_SM));
        f.sendDr(DrSmp.outbound(Method.GET, 31, SmInfo.ATTRIBUTE_ID, 0, 0, new byte[0], 1));
        await("SMInfo at s1's SM", () -> onLoop(s1, smRequests::size) == 1);
        assertEquals(31, onLoop(s1, () -> smRequests.get(0).mad().header().transactionId()));
        f.flushQp0(0);
        assertTrue(f.smps(MgmtClass.SUBN_DIRECTED_ROUTE).isEmpty(), "s1's SMA did not answer it too");
    }

    @Test
    void theSwitchsOwnTrapsGoToTheSmOnPort0() {
        List<HostMad> traps = new ArrayList<>();
        onLoop(s1, () -> s1.attach(List.of(MgmtClass.SUBN_LID_ROUTED.code()), traps::add));
        PortInfo p0 = PortInfo.decode(onLoop(s1, () -> s1.localGet(PortInfo.ATTRIBUTE_ID, 0)), 0);
        set(
                40,
                PortInfo.ATTRIBUTE_ID,
                0,
                p0.toBuilder()
                        .lid(S1_LID)
                        .masterSmLid(S1_LID)
                        .portState(0)
                        .portPhysicalState(0)
                        .build()
                        .toBytes());
        set(41, NodeDescription.ATTRIBUTE_ID, 0, NodeDescription.of("renamed").toBytes());
        await("trap 144 at s1's SM", () -> onLoop(s1, traps::size) > 0);
        HostMad trap = onLoop(s1, () -> traps.get(0));
        assertEquals(Method.TRAP, trap.mad().header().method());
        assertEquals(S1_LID, trap.remoteLid());
        assertEquals(
                Notice.TRAP_LOCAL_CHANGES,
                Notice.decodeSmp(Smp.decode(trap.mad()).data(), 0).trapNumber());
    }

    /** s1 gets LID 9 and s2 LID 12 (host software on s1 as their master), and each routes the other's LID. */
    private void assignLids() {
        for (int[] node : new int[][] {{S1_LID}, {S2_LID, 2}}) {
            int[] path = java.util.Arrays.copyOfRange(node, 1, node.length);
            PortInfo now = PortInfo.decode(
                    DrSmp.decode(call(HostMad.smp(
                                            0xFFFF,
                                            directed(
                                                    100 + node[0],
                                                    Method.GET,
                                                    PortInfo.ATTRIBUTE_ID,
                                                    0,
                                                    new byte[0],
                                                    path)))
                                    .mad())
                            .data(),
                    0);
            set(
                    200 + node[0],
                    PortInfo.ATTRIBUTE_ID,
                    0,
                    now.toBuilder()
                            .lid(node[0])
                            .masterSmLid(S1_LID)
                            .portState(0)
                            .portPhysicalState(0)
                            .build()
                            .toBytes(),
                    path);
        }
        onLoop(s1, () -> {
            s1.tables().linearFdbTop(0x20);
            s1.tables().setRoute(S2_LID, 2);
            return null;
        });
        onLoop(f.s2, () -> {
            f.s2.tables().linearFdbTop(0x20);
            f.s2.tables().setRoute(S1_LID, 1);
            return null;
        });
    }

    private void set(long tid, int attributeId, int modifier, byte[] data, int... path) {
        DrSmp answer =
                DrSmp.decode(call(HostMad.smp(0xFFFF, directed(tid, Method.SET, attributeId, modifier, data, path)))
                        .mad());
        assertEquals(0, answer.status(), "SubnSet of 0x" + Integer.toHexString(attributeId));
    }

    /** Sends from s1's port 0 and waits for the answer with the same TID. */
    private HostMad call(HostMad out) {
        long tid = out.mad().header().transactionId();
        assertTrue(onLoop(s1, () -> s1.send(host, out)), "the MAD left");
        await(
                "answer " + tid,
                () -> onLoop(
                        s1,
                        () -> received.stream().anyMatch(m -> m.mad().header().transactionId() == tid)));
        return onLoop(
                s1,
                () -> received.stream()
                        .filter(m -> m.mad().header().transactionId() == tid)
                        .findFirst()
                        .orElseThrow());
    }

    private static Mad directed(long tid, int method, int attributeId, int modifier, byte[] data, int... path) {
        return DrSmp.outbound(method, tid, attributeId, modifier, 0, data, path).encode();
    }

    private static Mad lidRouted(long tid, int attributeId) {
        return Smp.of(MadHeader.of(MgmtClass.SUBN_LID_ROUTED, 1, Method.GET, tid, attributeId, 0), 0, new byte[0])
                .encode();
    }

    private static Mad portCounters(long tid, int port) {
        return PmaMad.of(
                        MadHeader.of(MgmtClass.PERF_MGT, 1, Method.GET, tid, PortCounters.ATTRIBUTE_ID, 0),
                        PortCounters.zero(port).toBytes())
                .encode();
    }

    /** Packets s1 sent on all its external ports. */
    private long packetsSentByS1() {
        ToLongFunction<Port> sent = p -> p.counters().value(Counter.PORT_XMIT_PKTS);
        return onLoop(s1, () -> s1.ports().stream().mapToLong(sent).sum());
    }
}
