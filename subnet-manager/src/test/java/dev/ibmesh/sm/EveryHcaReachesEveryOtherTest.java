package dev.ibmesh.sm;

import static dev.ibmesh.runtime.device.FabricTestKit.onLoop;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ibmesh.device.hca.HcaDevice;
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
import dev.ibmesh.device.hca.verbs.WcStatus;
import dev.ibmesh.device.hca.verbs.WorkCompletion;
import dev.ibmesh.device.hca.verbs.WrOpcode;
import dev.ibmesh.mad.sa.PathRecord;
import dev.ibmesh.runtime.device.FabricTestKit;
import dev.ibmesh.runtime.madport.MadPort;
import dev.ibmesh.runtime.sa.SaClient;
import dev.ibmesh.wire.Bits;
import dev.ibmesh.wire.Mtu;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * After ibmesh's SM brought a fabric up, every HCA reaches every other over RC, on the path its SA gives: each HCA
 * asks the SA for the PathRecord to each other HCA, connects an RC QP with that DLID and MTU, and sends the other a
 * message it must receive intact. Data packets, not SMPs, so the LFTs, the port states, the VLs and the MTUs are all
 * what real traffic needs.
 */
class EveryHcaReachesEveryOtherTest {
    private static final long VA = 0x10_0000L;
    private static final int LEN = 1 << 16;

    /** One HCA's verbs objects: a PD, a CQ, a region, and one RC QP per peer. */
    private record Host(String name, HcaDevice hca, int pd, int cq, MrInfo mr, Map<String, Integer> qps) {
        Verbs verbs() {
            return hca.verbs();
        }
    }

    @ParameterizedTest(name = "{0} routed by {1}, SM on {2}")
    @CsvSource({"fat tree, minhop, h1", "3x3 mesh, updown, h11"})
    void everyPairExchangesAMessage(String shape, String routing, String smHost) throws Exception {
        String yaml = shape.equals("fat tree") ? Topologies.fatTree(16, 8) : Topologies.grid(3, 3, false);
        try (SmFabric f = SmFabric.start(yaml);
                SmService sm = new SmService(
                        f.madPort(smHost),
                        SmOptions.defaults().withRouting(routing),
                        0,
                        Duration.ofHours(1),
                        s -> {})) {
            SweepResult up = sm.start().get(30, TimeUnit.SECONDS);
            int saLid = up.lids().lid(up.subnet().smPort());
            List<String> names = f.fabric.devices().stream()
                    .filter(d -> d instanceof HcaDevice)
                    .map(d -> d.name())
                    .toList();
            Map<String, Host> hosts = new HashMap<>();
            Map<String, Integer> lids = new HashMap<>();
            for (String n : names) {
                hosts.put(n, open(n, (HcaDevice) f.fabric.device(n), names));
                MadPort port = f.madPort(n);
                lids.put(n, port.lid().get(5, TimeUnit.SECONDS));
                port.close();
            }
            for (String from : names) {
                try (MadPort port = f.madPort(from);
                        SaClient sa = new SaClient(port, Duration.ofSeconds(10))) {
                    for (String to : names) {
                        if (!to.equals(from)) {
                            PathRecord p = path(sa, saLid, lids.get(from), lids.get(to));
                            connect(hosts.get(from), hosts.get(to), p);
                        }
                    }
                }
            }
            for (String to : names) {
                Host h = hosts.get(to);
                onLoop(h.hca(), () -> {
                    h.qps()
                            .values()
                            .forEach(qp -> h.verbs()
                                    .postRecv(qp, List.of(new RecvWr(qp, List.of(new Sge(VA, 256, h.mr().lkey()))))));
                    return null;
                });
            }
            for (String from : names) {
                Host h = hosts.get(from);
                onLoop(h.hca(), () -> {
                    h.qps()
                            .forEach((to, qp) -> h.verbs()
                                    .postSend(
                                            qp,
                                            List.of(SendWr.builder(qp, WrOpcode.SEND)
                                                    .sge(new Sge(VA, 64, h.mr().lkey()))
                                                    .build())));
                    return null;
                });
            }
            int peers = names.size() - 1;
            for (String n : names) {
                List<WorkCompletion> done = completions(hosts.get(n), 2 * peers);
                assertEquals(
                        List.of(),
                        done.stream()
                                .filter(c -> c.status() != WcStatus.SUCCESS)
                                .toList(),
                        n + ": every send and receive succeeded");
                assertEquals(2 * peers, done.size(), n + ": a send to and a receive from each peer");
            }
        }
    }

    private static PathRecord path(SaClient sa, int saLid, int slid, int dlid) throws Exception {
        PathRecord template = new PathRecord(
                0, new byte[16], new byte[16], dlid, slid, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
        List<PathRecord> found = sa.get(saLid, PathRecord.COMP_SLID | PathRecord.COMP_DLID, template)
                .get(10, TimeUnit.SECONDS)
                .records(PathRecord::decode);
        assertEquals(1, found.size(), "PathRecord " + slid + " -> " + dlid);
        return found.get(0);
    }

    private static Host open(String name, HcaDevice hca, List<String> names) {
        return onLoop(hca, () -> {
            Verbs v = hca.verbs();
            int pd = v.allocPd();
            int cq = v.createCq(4 * names.size());
            MrInfo mr = v.regMr(pd, VA, LEN, EnumSet.allOf(Access.class));
            Map<String, Integer> qps = new HashMap<>();
            for (String peer : names) {
                if (!peer.equals(name)) {
                    qps.put(peer, v.createQp(new QpInitAttr(QpType.RC, pd, cq, cq, new QpCaps(4, 4, 1, 1, 0), false)));
                }
            }
            return new Host(name, hca, pd, cq, mr, qps);
        });
    }

    /** Brings {@code from}'s QP for {@code to} to RTS on the SA's path, addressed to {@code to}'s QP for it. */
    private static void connect(Host from, Host to, PathRecord path) {
        int qp = from.qps().get(to.name());
        int remoteQp = to.qps().get(from.name());
        onLoop(from.hca(), () -> {
            Verbs v = from.verbs();
            v.modifyQp(
                    qp,
                    new QpAttr().state(QpState.INIT).pkeyIndex(0).port(1).accessFlags(EnumSet.noneOf(Access.class)));
            v.modifyQp(
                    qp,
                    new QpAttr()
                            .state(QpState.RTR)
                            .av(AddressVector.local(path.dlid(), path.sl(), 1))
                            .pathMtu(Mtu.ofCode(path.mtu()))
                            .destQpn(remoteQp)
                            .rqPsn(0)
                            .maxDestRdAtomic(1)
                            .minRnrTimer(1));
            v.modifyQp(
                    qp,
                    new QpAttr()
                            .state(QpState.RTS)
                            .sqPsn(0)
                            .timeout(14)
                            .retryCnt(7)
                            .rnrRetry(7)
                            .maxRdAtomic(1));
            return null;
        });
        assertEquals(to.hca().deviceConfig().portGuid(1), Bits.u64(path.dgid(), 8), "the path leads to " + to.name());
    }

    private static List<WorkCompletion> completions(Host h, int expected) {
        List<WorkCompletion> got = new ArrayList<>();
        FabricTestKit.await(h.name() + ": " + expected + " completions", 20_000, () -> {
            got.addAll(onLoop(h.hca(), () -> h.verbs().pollCq(h.cq(), expected)));
            return got.size() >= expected;
        });
        return got;
    }
}
