package dev.ibmesh.sm;

import static dev.ibmesh.runtime.device.FabricTestKit.onLoop;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.device.hca.HcaDevice;
import dev.ibmesh.device.hca.verbs.Access;
import dev.ibmesh.device.hca.verbs.AddressVector;
import dev.ibmesh.device.hca.verbs.GlobalRoute;
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
import dev.ibmesh.device.hca.verbs.WcStatus;
import dev.ibmesh.device.hca.verbs.WorkCompletion;
import dev.ibmesh.device.hca.verbs.WrOpcode;
import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.sa.McMemberRecord;
import dev.ibmesh.mad.sa.SaMad;
import dev.ibmesh.mad.smp.MulticastForwardingTable;
import dev.ibmesh.runtime.device.FabricTestKit;
import dev.ibmesh.runtime.madport.MadPort;
import dev.ibmesh.runtime.sa.SaAnswer;
import dev.ibmesh.runtime.sa.SaClient;
import dev.ibmesh.sm.discovery.Discovery;
import dev.ibmesh.sm.discovery.SmNode;
import dev.ibmesh.sm.discovery.SmPort;
import dev.ibmesh.sm.discovery.Subnet;
import dev.ibmesh.sm.smp.SmpDispatcher;
import dev.ibmesh.wire.Gid;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Multicast groups through the SA (MCMemberRecord join and leave, IBA 15.2.5.17) and the trees the SM writes into the
 * switches' multicast forwarding tables, checked by reading the tables back and flooding them from each member: every
 * other member is reached exactly once, no non-member is, and no switch sees the packet twice.
 */
class MulticastTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final Gid BROADCAST = new Gid(0xFF12_401B_FFFF_0000L, 0x0000_0000_FFFF_FFFFL);
    private static final int BROADCAST_MLID = 0xC000;
    private static final long VA = 0x10_0000L;

    /** The components a join that creates a group names (MGID, PortGID, JoinState, Q_Key, TClass, P_Key, SL, FlowLabel). */
    static final long CREATE = McMemberRecord.COMP_MGID
            | McMemberRecord.COMP_PORT_GID
            | McMemberRecord.COMP_JOIN_STATE
            | McMemberRecord.COMP_Q_KEY
            | McMemberRecord.COMP_TCLASS
            | McMemberRecord.COMP_P_KEY
            | McMemberRecord.COMP_SL
            | McMemberRecord.COMP_FLOW_LABEL;

    @Test
    void membersOfTheBroadcastGroupAreJoinedByATreeAndALeaverIsPrunedFromIt() throws Exception {
        try (SmFabric f = SmFabric.start(Topologies.fatTree(16, 8));
                SmService sm = new SmService(f.madPort("h1"), SmOptions.defaults(), 0, Duration.ofHours(1), s -> {})) {
            SweepResult up = sm.start().get(30, TimeUnit.SECONDS);
            int saLid = up.lids().lid(up.subnet().smPort());
            List<String> members = List.of("h2", "h7", "h12", "h16");
            for (String h : members) {
                SaAnswer joined = ask(f, h, saLid, Method.SET, join(f, h, BROADCAST, 1));
                assertEquals(0, joined.status(), h);
                McMemberRecord r = joined.records(McMemberRecord::decode).get(0);
                assertEquals(BROADCAST_MLID, r.mlid());
                assertEquals(0x0B1B, r.qKey());
                assertEquals(1, r.joinState());
            }
            MadPort reader = f.madPort("h3");
            awaitTree(f, reader, members);

            assertEquals(
                    Method.DELETE_RESP,
                    ask(f, "h7", saLid, Method.DELETE, join(f, "h7", BROADCAST, 1))
                            .method());
            awaitTree(f, reader, List.of("h2", "h12", "h16"));

            List<McMemberRecord> groups =
                    ask(f, "h2", saLid, Method.GET_TABLE, new byte[0], 0).records(McMemberRecord::decode);
            assertEquals(1, groups.size(), "the broadcast group stays after a leave");
            assertEquals(BROADCAST, groups.get(0).mgid());
        }
    }

    /**
     * A UD send to the broadcast group (DLID 0xC000, GRH to the MGID, QPN 0xFFFFFF) reaches the QP each joined member
     * attached, along the tree, and not a QP attached on an HCA that never joined (the tree does not lead there).
     */
    @Test
    void aUdSendToTheGroupReachesEveryAttachedMemberAndNoOneElse() throws Exception {
        try (SmFabric f = SmFabric.start(Topologies.fatTree(16, 8));
                SmService sm = new SmService(f.madPort("h1"), SmOptions.defaults(), 0, Duration.ofHours(1), s -> {})) {
            SweepResult up = sm.start().get(30, TimeUnit.SECONDS);
            int saLid = up.lids().lid(up.subnet().smPort());
            List<String> members = List.of("h2", "h7", "h12");
            for (String h : members) {
                assertEquals(
                        0,
                        ask(f, h, saLid, Method.SET, join(f, h, BROADCAST, 1)).status(),
                        h);
            }
            awaitTree(f, f.madPort("h3"), members);
            Map<String, UdHost> hosts = new HashMap<>();
            for (String h : List.of("h2", "h7", "h12", "h5")) {
                hosts.put(h, UdHost.open((HcaDevice) f.fabric.device(h), 0x0B1B));
            }
            for (String h : List.of("h7", "h12", "h5")) {
                UdHost host = hosts.get(h);
                onLoop(host.hca(), () -> {
                    host.hca().verbs().attachMcast(host.qp(), BROADCAST, BROADCAST_MLID);
                    host.hca()
                            .verbs()
                            .postRecv(
                                    host.qp(),
                                    List.of(new RecvWr(
                                            1,
                                            List.of(new Sge(VA, 256, host.mr().lkey())))));
                    return null;
                });
            }
            UdHost sender = hosts.get("h2");
            onLoop(sender.hca(), () -> {
                sender.hca().verbs().writeMemory(sender.mr().handle(), VA, "hello, group".getBytes(UTF_8));
                AddressVector toGroup =
                        new AddressVector(BROADCAST_MLID, 0, 0, 1, new GlobalRoute(BROADCAST, 0, 0, 0, 0));
                sender.hca()
                        .verbs()
                        .postSend(
                                sender.qp(),
                                List.of(SendWr.builder(7, WrOpcode.SEND)
                                        .sge(new Sge(VA, 12, sender.mr().lkey()))
                                        .ud(toGroup, 0xFFFFFF, 0x0B1B)
                                        .build()));
                return null;
            });
            for (String h : List.of("h7", "h12")) {
                UdHost host = hosts.get(h);
                List<WorkCompletion> got = new ArrayList<>();
                FabricTestKit.await(h + " receives the group's message", 10_000, () -> {
                    got.addAll(onLoop(host.hca(), () -> host.hca().verbs().pollCq(host.cq(), 1)));
                    return !got.isEmpty();
                });
                assertEquals(WcStatus.SUCCESS, got.get(0).status(), h);
                byte[] payload = onLoop(
                        host.hca(),
                        () -> host.hca().verbs().readMemory(host.mr().handle(), VA + UdHost.GRH, 12));
                assertEquals("hello, group", new String(payload, UTF_8), h);
            }
            UdHost outsider = hosts.get("h5");
            assertEquals(
                    List.of(),
                    onLoop(outsider.hca(), () -> outsider.hca().verbs().pollCq(outsider.cq(), 1)),
                    "h5 attached a QP but never joined: the tree does not reach it");
        }
    }

    /** A UD QP in RTS with a CQ and a registered region, on an HCA's port 1. */
    private record UdHost(HcaDevice hca, int cq, MrInfo mr, int qp) {
        static final int GRH = 40;

        static UdHost open(HcaDevice hca, int qKey) {
            return onLoop(hca, () -> {
                Verbs v = hca.verbs();
                int pd = v.allocPd();
                int cq = v.createCq(8);
                MrInfo mr = v.regMr(pd, VA, 4096, EnumSet.allOf(Access.class));
                int qp = v.createQp(new QpInitAttr(QpType.UD, pd, cq, cq, new QpCaps(4, 4, 1, 1, 0), false));
                v.modifyQp(
                        qp,
                        new QpAttr().state(QpState.INIT).pkeyIndex(0).port(1).qkey(qKey));
                v.modifyQp(qp, new QpAttr().state(QpState.RTR));
                v.modifyQp(qp, new QpAttr().state(QpState.RTS).sqPsn(0));
                return new UdHost(hca, cq, mr, qp);
            });
        }
    }

    @Test
    void aGroupIsCreatedWithAMadeUpMgidAndJoinsAreChecked() throws Exception {
        try (SmFabric f = SmFabric.start(Topologies.line());
                SmService sm = new SmService(f.madPort("h1"), SmOptions.defaults(), 0, Duration.ofHours(1), s -> {})) {
            SweepResult up = sm.start().get(30, TimeUnit.SECONDS);
            int saLid = up.lids().lid(up.subnet().smPort());
            McMemberRecord fresh = join(f, "h2", new Gid(0, 0), 1);
            SaAnswer created = ask(f, "h2", saLid, Method.SET, fresh, CREATE);
            assertEquals(0, created.status());
            McMemberRecord group = created.records(McMemberRecord::decode).get(0);
            assertEquals(0xC001, group.mlid(), "the next MLID after the broadcast group's");
            assertEquals(0xFF12_A01B_0000_0000L, group.mgid().prefix() & 0xFFFF_FFFF_0000_0000L);

            assertEquals(
                    SaMad.STATUS_INSUFFICIENT_COMPONENTS,
                    ask(f, "h2", saLid, Method.SET, join(f, "h2", new Gid(0xFF12_0000_0000_0001L, 1), 1))
                            .status(),
                    "a new group needs Q_Key, TClass, P_Key, SL and FlowLabel");
            McMemberRecord wrongKey = new McMemberRecord(
                    BROADCAST, portGid(f, "h2"), 0x1234, 0, 0, 0, 0, 0xFFFF, 0, 0, 0, 0, 0, 0, 0, 0, 1, false);
            assertEquals(
                    SaMad.STATUS_REQ_INVALID,
                    ask(f, "h2", saLid, Method.SET, wrongKey, CREATE).status(),
                    "the broadcast group's Q_Key is 0x0B1B");
            assertEquals(
                    SaMad.STATUS_INSUFFICIENT_COMPONENTS,
                    ask(f, "h2", saLid, Method.SET, join(f, "h2", BROADCAST, 1), McMemberRecord.COMP_MGID)
                            .status());
            assertEquals(
                    SaMad.STATUS_REQ_INVALID,
                    ask(f, "h2", saLid, Method.DELETE, join(f, "h1", BROADCAST, 0))
                            .status(),
                    "JoinState 0");
        }
    }

    private static SaAnswer ask(SmFabric f, String host, int saLid, int method, McMemberRecord r) throws Exception {
        return ask(
                f,
                host,
                saLid,
                method,
                r,
                McMemberRecord.COMP_MGID | McMemberRecord.COMP_PORT_GID | McMemberRecord.COMP_JOIN_STATE);
    }

    private static SaAnswer ask(SmFabric f, String host, int saLid, int method, McMemberRecord r, long mask)
            throws Exception {
        return ask(f, host, saLid, method, r.toBytes(), mask);
    }

    private static SaAnswer ask(SmFabric f, String host, int saLid, int method, byte[] template, long mask)
            throws Exception {
        try (MadPort port = f.madPort(host);
                SaClient sa = new SaClient(port, TIMEOUT)) {
            return sa.query(saLid, method, McMemberRecord.ATTRIBUTE_ID, mask, template)
                    .get(20, TimeUnit.SECONDS);
        }
    }

    private static McMemberRecord join(SmFabric f, String host, Gid mgid, int joinState) {
        return new McMemberRecord(mgid, portGid(f, host), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, joinState, false);
    }

    private static Gid portGid(SmFabric f, String host) {
        return new Gid(
                0xFE80_0000_0000_0000L, f.fabric.device(host).deviceConfig().portGuid(1));
    }

    /** Waits until the tables the switches hold carry the broadcast group to exactly {@code members}. */
    private static void awaitTree(SmFabric f, MadPort reader, List<String> members) {
        Set<Long> wanted = new TreeSet<>();
        members.forEach(h -> wanted.add(f.fabric.device(h).deviceConfig().portGuid(1)));
        List<String> last = new ArrayList<>();
        FabricTestKit.await("the broadcast group's tree joins " + members, 10_000, () -> {
            last.clear();
            last.addAll(floodProblems(reader, wanted));
            return last.isEmpty();
        });
        assertTrue(last.isEmpty(), last::toString);
    }

    /** Floods the MFTs read from the switches from each member; what went wrong, empty if nothing did. */
    private static List<String> floodProblems(MadPort port, Set<Long> members) {
        SmpDispatcher smps = new SmpDispatcher(port, 8, TIMEOUT, 1);
        Subnet seen = new Discovery(smps).sweep();
        Map<SmNode, BitSet> masks = new HashMap<>();
        for (SmNode sw : seen.switches()) {
            DrSmp a = smps.get(MulticastForwardingTable.ATTRIBUTE_ID, 0, sw.path())
                    .join();
            int mask = MulticastForwardingTable.decode(a.data(), 0).portMask(0);
            masks.put(sw, BitSet.valueOf(new long[] {mask}));
        }
        List<String> problems = new ArrayList<>();
        for (SmPort from : seen.endPorts()) {
            if (!members.contains(from.guid())) {
                continue;
            }
            Map<Long, Integer> reached = new HashMap<>();
            List<SmNode> visited = new ArrayList<>();
            flood(from.peer(), masks, reached, visited);
            Set<Long> others = new TreeSet<>(members);
            others.remove(from.guid());
            if (!reached.keySet().equals(others) || reached.values().stream().anyMatch(n -> n != 1)) {
                problems.add(from + " reached " + reached + ", wanted " + others);
            }
            if (visited.size() != Set.copyOf(visited).size()) {
                problems.add(from + ": a switch saw the packet twice");
            }
        }
        return problems;
    }

    /** A multicast packet entering switch port {@code in}: out of every port of the mask but {@code in}. */
    private static void flood(SmPort in, Map<SmNode, BitSet> masks, Map<Long, Integer> reached, List<SmNode> visited) {
        SmNode sw = in.node();
        visited.add(sw);
        if (visited.size() > 64) {
            return;
        }
        BitSet mask = masks.get(sw);
        for (int out = mask.nextSetBit(1); out >= 0; out = mask.nextSetBit(out + 1)) {
            SmPort peer = out == in.number() || sw.port(out) == null
                    ? null
                    : sw.port(out).peer();
            if (peer == null) {
                continue;
            }
            if (peer.node().isSwitch()) {
                flood(peer, masks, reached, visited);
            } else {
                reached.merge(peer.guid(), 1, Integer::sum);
            }
        }
    }
}
