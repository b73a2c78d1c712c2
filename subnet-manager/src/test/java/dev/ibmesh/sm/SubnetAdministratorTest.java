package dev.ibmesh.sm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.ClassPortInfo;
import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.MadStatus;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.mad.sa.InformInfo;
import dev.ibmesh.mad.sa.InformInfoRecord;
import dev.ibmesh.mad.sa.LinearForwardingTableRecord;
import dev.ibmesh.mad.sa.McMemberRecord;
import dev.ibmesh.mad.sa.NodeRecord;
import dev.ibmesh.mad.sa.PathRecord;
import dev.ibmesh.mad.sa.PortInfoRecord;
import dev.ibmesh.mad.sa.SaMad;
import dev.ibmesh.mad.sa.ServiceRecord;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.mad.smp.Notice;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.runtime.device.Device;
import dev.ibmesh.runtime.device.FabricTestKit;
import dev.ibmesh.runtime.device.LinkPlan;
import dev.ibmesh.runtime.madport.MadPort;
import dev.ibmesh.runtime.port.LinkImpairment;
import dev.ibmesh.runtime.sa.SaAnswer;
import dev.ibmesh.runtime.sa.SaClient;
import dev.ibmesh.sm.discovery.Discovery;
import dev.ibmesh.sm.discovery.SmNode;
import dev.ibmesh.sm.discovery.SmPort;
import dev.ibmesh.sm.discovery.Subnet;
import dev.ibmesh.sm.routing.ForwardingTableReader;
import dev.ibmesh.sm.sa.SubnetAdministrator;
import dev.ibmesh.sm.smp.SmpDispatcher;
import dev.ibmesh.wire.Bits;
import dev.ibmesh.wire.Gid;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The SA of ibmesh's SM, queried from another HCA's port over the fabric as saquery would: tables that span many
 * RMPP segments, Get's status codes, and PathRecords checked against the routes read back from the switches.
 */
class SubnetAdministratorTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private static SaAnswer ask(SaClient sa, int lid, int method, int attribute, long mask, byte[] template)
            throws Exception {
        return sa.query(lid, method, attribute, mask, template).get(20, TimeUnit.SECONDS);
    }

    private static int smLid(SweepResult r) {
        return r.lids().lid(r.subnet().smPort());
    }

    @Test
    void tablesListEveryRecordAndGetAnswersOneOrSaysWhyNot() throws Exception {
        try (SaFixture x = SaFixture.start(Topologies.fatTree(16, 8), SmOptions.defaults(), "h2", TIMEOUT)) {
            int endPorts = x.up().lids().bases().size();

            SaAnswer nodes = x.ask(Method.GET_TABLE, NodeRecord.ATTRIBUTE_ID, 0, new byte[0]);
            List<NodeRecord> all = nodes.records(NodeRecord::decode);
            assertEquals(0, nodes.status());
            assertEquals(endPorts, all.size(), "one NodeRecord per end port");
            assertTrue(nodes.data().length > 200 * 10, "the table needed many RMPP segments");
            assertEquals(
                    endPorts,
                    all.stream().map(r -> r.nodeInfo().portGuid()).distinct().count());
            for (NodeRecord r : all) {
                SmPort port = portWithGuid(x.up(), r.nodeInfo().portGuid());
                assertEquals(x.up().lids().lid(port), r.lid(), port + " LID");
                assertEquals(port.number(), r.nodeInfo().localPortNum());
            }

            NodeRecord h5 = all.stream()
                    .filter(r -> description(r).equals("ibmesh hca h5"))
                    .findFirst()
                    .orElseThrow();
            SaAnswer one = x.ask(Method.GET, NodeRecord.ATTRIBUTE_ID, NodeRecord.COMP_LID, h5.toBytes());
            assertEquals(List.of(h5), one.records(NodeRecord::decode));
            assertEquals(
                    NodeInfo.NODE_TYPE_CA,
                    one.records(NodeRecord::decode).get(0).nodeInfo().nodeType());

            assertEquals(
                    SaMad.STATUS_TOO_MANY_RECORDS,
                    x.ask(Method.GET, NodeRecord.ATTRIBUTE_ID, 0, new byte[0]).status());
            byte[] noSuchLid = new byte[NodeRecord.SIZE];
            Bits.put16(noSuchLid, 0, 0xBFFF);
            assertEquals(
                    SaMad.STATUS_NO_RECORDS,
                    x.ask(Method.GET, NodeRecord.ATTRIBUTE_ID, NodeRecord.COMP_LID, noSuchLid)
                            .status());
            SaAnswer none = x.ask(Method.GET_TABLE, NodeRecord.ATTRIBUTE_ID, NodeRecord.COMP_LID, noSuchLid);
            assertEquals(0, none.status(), "an empty table is no error");
            assertEquals(List.of(), none.records(NodeRecord::decode));

            // saquery -s: the ports whose CapabilityMask has IsSM.
            byte[] isSm = new byte[PortInfoRecord.SIZE];
            Bits.put32(isSm, 4 + 20, PortInfo.CAP_IS_SM);
            List<PortInfoRecord> sms = x.ask(Method.GET_TABLE, PortInfoRecord.ATTRIBUTE_ID, 1L << 7, isSm)
                    .records(PortInfoRecord::decode);
            assertEquals(1, sms.size(), sms::toString);
            assertEquals(x.saLid(), sms.get(0).endportLid());

            assertEquals(
                    MadStatus.ofCode(MadStatus.CODE_METHOD_ATTRIBUTE_UNSUPPORTED),
                    x.ask(Method.GET, 0x0039, 0, new byte[0]).status(),
                    "TraceRecord is not answered");
            ClassPortInfo cpi = x.ask(Method.GET, ClassPortInfo.ATTRIBUTE_ID, 0, new byte[0])
                    .records(ClassPortInfo::decode)
                    .get(0);
            assertEquals(2, cpi.classVersion());
            assertEquals(16, cpi.respTimeValue());
            assertEquals(1, cpi.redirectQp());
            assertEquals(1 << 13, cpi.capabilityMask() & (1 << 13), "IsPortInfoCapMaskMatchSupported");

            assertEquals(
                    MadStatus.ofCode(MadStatus.CODE_METHOD_UNSUPPORTED),
                    x.ask(Method.SET, NodeRecord.ATTRIBUTE_ID, 0, new byte[0]).status());
            assertTrue(x.sm().sa().answered() >= 8);
        }
    }

    @Test
    void forwardingTablesAreWhatTheSwitchesHold() throws Exception {
        try (SaFixture x = SaFixture.start(Topologies.fatTree(16, 8), SmOptions.defaults(), "h3", TIMEOUT)) {
            Subnet seen = independentSweep(x.client());
            Map<SmNode, int[]> held = new ForwardingTableReader(reader(x.client())).read(seen.switches(), e -> {});
            for (SmNode sw : seen.switches()) {
                int lid = sw.port(0).info().lid();
                byte[] template = new byte[LinearForwardingTableRecord.SIZE];
                Bits.put16(template, 0, lid);
                List<LinearForwardingTableRecord> blocks = x.ask(
                                Method.GET_TABLE,
                                LinearForwardingTableRecord.ATTRIBUTE_ID,
                                LinearForwardingTableRecord.COMP_LID,
                                template)
                        .records(LinearForwardingTableRecord::decode);
                int[] table = held.get(sw);
                assertEquals((table.length + 63) / 64, blocks.size(), sw + " blocks");
                for (LinearForwardingTableRecord b : blocks) {
                    assertEquals(lid, b.lid());
                    for (int i = 0; i < 64; i++) {
                        int l = b.blockNum() * 64 + i;
                        int expected = l < table.length ? table[l] : LinearForwardingTableRecord.NO_ROUTE;
                        assertEquals(expected, b.linearForwardingTable()[i] & 0xFF, sw + " LID " + l);
                    }
                }
            }
        }
    }

    /** SA PathRecord for every pair, each checked by walking the tables the switches hold to the DLID's port. */
    @Test
    void aPathForEveryPairFollowsTheRoutes() throws Exception {
        try (SaFixture x =
                SaFixture.start(Topologies.fatTree(16, 8), SmOptions.defaults(), "h7", Duration.ofSeconds(30))) {
            Subnet seen = independentSweep(x.client());
            Map<SmNode, int[]> held = new ForwardingTableReader(reader(x.client())).read(seen.switches(), e -> {});
            Map<Integer, SmPort> owners = new HashMap<>();
            seen.endPorts().forEach(p -> owners.put(p.info().lid(), p));

            List<PathRecord> paths = x.ask(Method.GET_TABLE, PathRecord.ATTRIBUTE_ID, 0, new byte[0])
                    .records(PathRecord::decode);
            assertEquals(owners.size() * owners.size(), paths.size(), "one path per ordered pair of end ports");
            Set<String> pairs = new HashSet<>();
            for (PathRecord p : paths) {
                SmPort from = owners.get(p.slid());
                SmPort to = owners.get(p.dlid());
                assertNotNull(from, "SLID " + p.slid());
                assertNotNull(to, "DLID " + p.dlid());
                assertTrue(pairs.add(p.slid() + ">" + p.dlid()), "pair listed once");
                assertEquals(from.guid(), Bits.u64(p.sgid(), 8), "SGID names the SLID's port");
                assertEquals(to.guid(), Bits.u64(p.dgid(), 8), "DGID names the DLID's port");
                assertEquals(0xFE80_0000_0000_0000L, Bits.u64(p.dgid(), 0));
                assertEquals(to, walk(from, p.dlid(), held), "the route from " + from + " to LID " + p.dlid());
                assertEquals(1, p.reversible());
                assertEquals(PortInfo.MTU_4096, p.mtu());
                if (from != to) { // a loopback crosses no link: the port's own rate
                    assertEquals(7, p.rate(), () -> "4x QDR: 40 Gb/s from " + from + " to " + to + ": " + p);
                }
                assertEquals(from == to ? 0 : 18, p.packetLifeTime());
                assertEquals(0xFFFF, p.pKey());
            }
        }
    }

    /** A path promises what its weakest link carries; selectors narrow it; LMC gives one path per LID pair. */
    @Test
    void aPathIsAsGoodAsItsWeakestLink() throws Exception {
        String line = Topologies.line()
                .replace(
                        "  - ends: [sw2/2, sw3/1]\n",
                        "  - ends: [sw2/2, sw3/1]\n    linkWidthEnabled: 1x\n    mtuCap: 1024\n");
        try (SaFixture x = SaFixture.start(line, SmOptions.defaults().withLmc(2), "h2", TIMEOUT)) {
            int h1 = x.saLid();
            int h2 = x.client().lid().get(5, TimeUnit.SECONDS);
            PathRecord between = pathTemplate(h1, h2, 0, 0, 0);
            long ends = PathRecord.COMP_SLID | PathRecord.COMP_DLID;

            PathRecord p = x.ask(Method.GET, PathRecord.ATTRIBUTE_ID, ends, between.toBytes())
                    .records(PathRecord::decode)
                    .get(0);
            assertEquals(PortInfo.MTU_1024, p.mtu(), "the 1x link's MTU");
            assertEquals(3, p.rate(), "1x QDR: 10 Gb/s");

            long mtuBits = PathRecord.COMP_MTU_SELECTOR | PathRecord.COMP_MTU;
            assertEquals(
                    SaMad.STATUS_NO_RECORDS,
                    x.ask(
                                    Method.GET,
                                    PathRecord.ATTRIBUTE_ID,
                                    ends | mtuBits,
                                    pathTemplate(h1, h2, PathRecord.SELECTOR_GREATER_THAN, PortInfo.MTU_1024, 0)
                                            .toBytes())
                            .status(),
                    "no path carries more than 1024");
            assertEquals(
                    PortInfo.MTU_512,
                    x.ask(
                                    Method.GET,
                                    PathRecord.ATTRIBUTE_ID,
                                    ends | mtuBits,
                                    pathTemplate(h1, h2, PathRecord.SELECTOR_LESS_THAN, PortInfo.MTU_1024, 0)
                                            .toBytes())
                            .records(PathRecord::decode)
                            .get(0)
                            .mtu());

            // LMC 2: 4 LIDs each end, 16 pairs; the 4 pairs base+i to base+i come first with Preference 0.
            long guids = PathRecord.COMP_SGID | PathRecord.COMP_DGID;
            PathRecord byGid =
                    new PathRecord(0, p.dgid(), p.sgid(), 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
            List<PathRecord> all = x.ask(Method.GET_TABLE, PathRecord.ATTRIBUTE_ID, guids, byGid.toBytes())
                    .records(PathRecord::decode);
            assertEquals(16, all.size());
            for (int i = 0; i < 4; i++) {
                assertEquals(h1 + i, all.get(i).slid());
                assertEquals(h2 + i, all.get(i).dlid());
                assertEquals(0, all.get(i).preference());
            }
            assertTrue(all.subList(4, 16).stream().allMatch(r -> r.preference() == 2));
            assertEquals(
                    2,
                    x.ask(Method.GET_TABLE, PathRecord.ATTRIBUTE_ID, guids | PathRecord.COMP_NUMB_PATH, byGid.toBytes())
                            .records(PathRecord::decode)
                            .size(),
                    "NumbPath 2");
            byte[] unknownGid = byGid.toBytes();
            unknownGid[8 + 15] ^= 0x55; // DGID with a GUID nobody has
            assertEquals(
                    SaMad.STATUS_INVALID_GID,
                    x.ask(Method.GET_TABLE, PathRecord.ATTRIBUTE_ID, guids, unknownGid)
                            .status());
        }
    }

    /**
     * RMPP over a cable that loses a tenth of the frames each way: the PathRecord table (576 records, 185 segments)
     * costs resent segments and ACKs, and no record is lost.
     */
    @Test
    void aLossyCableCostsResendsNotRecords() throws Exception {
        try (SaFixture x = SaFixture.start(Topologies.fatTree(16, 8), SmOptions.defaults(), "h2", TIMEOUT)) {
            List<PathRecord> clean = x.ask(Method.GET_TABLE, PathRecord.ATTRIBUTE_ID, 0, new byte[0])
                    .records(PathRecord::decode);
            LinkPlan cable = x.f().fabric.device("h2").deviceConfig().links().get(0);
            impair(x.f().fabric.device("h2"), cable.localPort(), 0.1, 7);
            impair(x.f().fabric.device(cable.peerDevice()), cable.peerPort(), 0.1, 11);

            List<PathRecord> lossy = null;
            try (SaClient patient = new SaClient(x.client(), Duration.ofSeconds(4))) {
                for (int attempt = 0; attempt < 10 && lossy == null; attempt++) { // the request itself may be lost
                    try {
                        lossy = ask(patient, x.saLid(), Method.GET_TABLE, PathRecord.ATTRIBUTE_ID, 0, new byte[0])
                                .records(PathRecord::decode);
                    } catch (ExecutionException e) {
                        // lost request or an aborted transfer: ask again, as saquery's user would
                    }
                }
            }
            assertEquals(clean, lossy);
            Device h2 = x.f().fabric.device("h2");
            Device sw = x.f().fabric.device(cable.peerDevice());
            long dropped = h2.port(cable.localPort()).impaired(LinkImpairment.Effect.DROPPED, true)
                    + sw.port(cable.peerPort()).impaired(LinkImpairment.Effect.DROPPED, true);
            assertTrue(dropped > 0, "the cable lost MADs");
            assertTrue(x.sm().sa().resentSegments() > 0, () -> "the loss of " + dropped + " cost resends");
        }
    }

    /** The Notices reported to {@code client}, each acknowledged with a ReportResp as a subscriber must. */
    private static BlockingQueue<Notice> reportsAt(MadPort client) {
        BlockingQueue<Notice> reports = new LinkedBlockingQueue<>();
        client.subscribe(Set.of(MgmtClass.SUBN_ADM.code()), m -> {
            if (m.mad().header().method() == Method.REPORT) {
                reports.add(Notice.decode(SaMad.decode(m.mad()).data(), 0));
                byte[] b = m.mad().toBytes();
                m.mad().header().withMethod(Method.REPORT_RESP).encode(b, 0);
                client.send(m.reply(Mad.copyOf(b)));
            }
        });
        return reports;
    }

    /** InformInfo for generic trap {@code number} from any issuer, to QP1. */
    private static InformInfo trap(int number, boolean subscribe) {
        return InformInfo.generic(new byte[16], 0xFFFF, 0, subscribe, 0xFFFF, number, 1, 18, 0xFFFFFF);
    }

    private static void impair(Device d, int port, double drop, long seed) throws Exception {
        d.run(() -> d.port(port).impair(new LinkImpairment.Settings(drop, 0, 0, 0, 0, seed)))
                .await(5, TimeUnit.SECONDS);
    }

    /** InformInfo: a subscriber to trap 128 hears of a cut cable as a Report, acknowledges it, and can unsubscribe. */
    @Test
    void trapsReachTheirSubscribersAsReports() throws Exception {
        try (SaFixture x = SaFixture.start(Topologies.fatTree(16, 8), SmOptions.defaults(), "h2", TIMEOUT)) {
            BlockingQueue<Notice> reports = reportsAt(x.client());
            InformInfo trap128 = trap(128, true);
            SaAnswer subscribed = x.ask(Method.SET, InformInfo.ATTRIBUTE_ID, 0, trap128.toBytes());
            assertEquals(0, subscribed.status());
            assertEquals(trap128, subscribed.records(InformInfo::decode).get(0), "the GetResp echoes the InformInfo");
            assertEquals(1, x.sm().sa().subscriptions());
            List<InformInfoRecord> listed = x.ask(Method.GET_TABLE, InformInfoRecord.ATTRIBUTE_ID, 0, new byte[0])
                    .records(InformInfoRecord::decode);
            assertEquals(1, listed.size(), "saquery -I lists the subscription");
            assertEquals(trap128, listed.get(0).informInfo());
            assertEquals(
                    x.f().fabric.device("h2").deviceConfig().portGuid(1),
                    Bits.u64(listed.get(0).subscriberGid(), 8));

            Device leaf = x.f().fabric.device("leaf2");
            leaf.run(() -> leaf.port(5).disable()).await(5, TimeUnit.SECONDS);
            Notice n = reports.poll(10, TimeUnit.SECONDS);
            assertNotNull(n, "a Report of the trap");
            assertEquals(128, n.trapNumber());
            // Both ends of the cable trap: the leaf, and the spine at the other end.
            String spine = leaf.deviceConfig().links().stream()
                    .filter(l -> l.localPort() == 5)
                    .findFirst()
                    .orElseThrow()
                    .peerDevice();
            Set<Long> ends = Set.of(
                    leaf.deviceConfig().nodeGuid(),
                    x.f().fabric.device(spine).deviceConfig().nodeGuid());
            assertTrue(ends.contains(Bits.u64(n.issuerGid(), 8)), "IssuerGID names a switch at the cable");
            FabricTestKit.await(
                    "the Report acknowledged", 5_000, () -> x.sm().sa().reportsAcknowledged() >= 1);

            InformInfo cancel = trap(128, false);
            assertEquals(
                    0,
                    x.ask(Method.SET, InformInfo.ATTRIBUTE_ID, 0, cancel.toBytes())
                            .status());
            assertEquals(0, x.sm().sa().subscriptions());
        }
    }

    /** The SM's own trap 65: an HCA whose cable is cut leaves the subnet, and a subscriber hears of its GID. */
    @Test
    void aPortThatLeavesIsReportedOutOfService() throws Exception {
        try (SaFixture x = SaFixture.start(Topologies.fatTree(16, 8), SmOptions.defaults(), "h2", TIMEOUT)) {
            BlockingQueue<Notice> reports = reportsAt(x.client());
            InformInfo trap65 = trap(65, true);
            assertEquals(
                    0,
                    x.ask(Method.SET, InformInfo.ATTRIBUTE_ID, 0, trap65.toBytes())
                            .status());

            LinkPlan h5 = x.f().fabric.device("h5").deviceConfig().links().get(0);
            Device leaf = x.f().fabric.device(h5.peerDevice());
            leaf.run(() -> leaf.port(h5.peerPort()).disable()).await(5, TimeUnit.SECONDS);
            Notice n = reports.poll(10, TimeUnit.SECONDS);
            assertNotNull(n, "a Report of trap 65");
            assertEquals(65, n.trapNumber());
            assertEquals(Notice.PRODUCER_CLASS_MANAGER, n.producerType());
            assertEquals(x.saLid(), n.issuerLid(), "the SM issues it");
            byte[] gid = ((Notice.GidTrap) n.details()).gidAddr();
            assertEquals(x.f().fabric.device("h5").deviceConfig().portGuid(1), Bits.u64(gid, 8), "h5's GID");
            assertEquals(0xFE80_0000_0000_0000L, Bits.u64(gid, 0));
        }
    }

    /** Traps 66 and 67: a subscriber hears of a multicast group's first full member and of its last leaving. */
    @Test
    void multicastGroupsComingAndGoingAreReported() throws Exception {
        try (SaFixture x = SaFixture.start(Topologies.line(), SmOptions.defaults(), "h2", TIMEOUT)) {
            BlockingQueue<Notice> reports = reportsAt(x.client());
            for (int number : new int[] {66, 67}) {
                assertEquals(
                        0,
                        x.ask(
                                        Method.SET,
                                        InformInfo.ATTRIBUTE_ID,
                                        0,
                                        trap(number, true).toBytes())
                                .status());
            }
            Gid mgid = new Gid(0xFF12_601B_FFFF_0000L, 0x0000_0000_0000_0001L);
            Gid h2 = new Gid(
                    0xFE80_0000_0000_0000L,
                    x.f().fabric.device("h2").deviceConfig().portGuid(1));
            McMemberRecord join =
                    new McMemberRecord(mgid, h2, 0x0B1B, 0, 0, 0, 0, 0xFFFF, 0, 0, 0, 0, 0, 0, 0, 0, 1, false);
            assertEquals(
                    0,
                    x.ask(Method.SET, McMemberRecord.ATTRIBUTE_ID, MulticastTest.CREATE, join.toBytes())
                            .status());
            assertEquals(List.of(66, mgid), reported(reports));
            assertEquals(
                    0,
                    x.ask(Method.DELETE, McMemberRecord.ATTRIBUTE_ID, MulticastTest.CREATE, join.toBytes())
                            .status());
            assertEquals(List.of(67, mgid), reported(reports));
        }
    }

    /** The next Report's trap number and the GID it carries. */
    private static List<Object> reported(BlockingQueue<Notice> reports) throws InterruptedException {
        Notice n = reports.poll(10, TimeUnit.SECONDS);
        assertNotNull(n, "a Report");
        assertEquals(Notice.PRODUCER_CLASS_MANAGER, n.producerType());
        return List.of(n.trapNumber(), Gid.decode(((Notice.GidTrap) n.details()).gidAddr(), 0));
    }

    /** ServiceRecord: registered, found by name and by ServiceID, refused without its key, deleted, and leased. */
    @Test
    void servicesAreRegisteredFoundAndDeleted() throws Exception {
        try (SaFixture x = SaFixture.start(Topologies.line(), SmOptions.defaults(), "h2", TIMEOUT)) {
            byte[] gid = new byte[16];
            Bits.put64(gid, 0, 0xFE80_0000_0000_0000L);
            Bits.put64(gid, 8, x.f().fabric.device("h2").deviceConfig().portGuid(1));
            ServiceRecord service = ServiceRecord.of(0x1000_0000_0000_0042L, gid, 0xFFFF, 3600, "ibmesh storage");
            long key =
                    ServiceRecord.COMP_SERVICE_ID | ServiceRecord.COMP_SERVICE_GID | ServiceRecord.COMP_SERVICE_P_KEY;
            long keyAndLease = key | ServiceRecord.COMP_SERVICE_LEASE;

            SaAnswer set = x.ask(Method.SET, ServiceRecord.ATTRIBUTE_ID, keyAndLease, service.toBytes());
            assertEquals(0, set.status());
            assertEquals(Method.GET_RESP, set.method());
            assertEquals(List.of(service), set.records(ServiceRecord::decode));

            ServiceRecord byName = ServiceRecord.of(0, new byte[16], 0, 0, "ibmesh storage");
            assertEquals(
                    List.of(service),
                    x.ask(
                                    Method.GET_TABLE,
                                    ServiceRecord.ATTRIBUTE_ID,
                                    ServiceRecord.COMP_SERVICE_NAME,
                                    byName.toBytes())
                            .records(ServiceRecord::decode));
            assertEquals(
                    List.of(service),
                    x.ask(Method.GET, ServiceRecord.ATTRIBUTE_ID, ServiceRecord.COMP_SERVICE_ID, service.toBytes())
                            .records(ServiceRecord::decode));

            assertEquals(
                    SaMad.STATUS_INSUFFICIENT_COMPONENTS,
                    x.ask(Method.SET, ServiceRecord.ATTRIBUTE_ID, ServiceRecord.COMP_SERVICE_ID, service.toBytes())
                            .status(),
                    "a Set names ServiceID and ServiceGID");
            byte[] stranger = gid.clone();
            stranger[15] ^= 0x5A;
            assertEquals(
                    SaMad.STATUS_INVALID_GID,
                    x.ask(
                                    Method.SET,
                                    ServiceRecord.ATTRIBUTE_ID,
                                    key,
                                    ServiceRecord.of(1, stranger, 0xFFFF, 60, "nobody's")
                                            .toBytes())
                            .status());

            SaAnswer deleted = x.ask(Method.DELETE, ServiceRecord.ATTRIBUTE_ID, key, service.toBytes());
            assertEquals(Method.DELETE_RESP, deleted.method());
            assertEquals(List.of(service), deleted.records(ServiceRecord::decode));
            assertEquals(
                    SaMad.STATUS_NO_RECORDS,
                    x.ask(Method.GET, ServiceRecord.ATTRIBUTE_ID, ServiceRecord.COMP_SERVICE_ID, service.toBytes())
                            .status());

            // A lease of 0 s has ended by the time anyone asks.
            x.ask(
                    Method.SET,
                    ServiceRecord.ATTRIBUTE_ID,
                    keyAndLease,
                    service.withLease(0).toBytes());
            assertEquals(
                    List.of(),
                    x.ask(Method.GET_TABLE, ServiceRecord.ATTRIBUTE_ID, 0, new byte[0])
                            .records(ServiceRecord::decode));
        }
    }

    /** C15-0.1.3: an SA whose SM is not master of a subnet that is up does not answer. */
    @Test
    void anSaThatDoesNotServeStaysSilent() throws Exception {
        try (SmFabric f = SmFabric.start(Topologies.line());
                MadPort port = f.madPort("h1");
                SubnetAdministrator sa = new SubnetAdministrator(port, s -> {});
                MadPort client = f.madPort("h2");
                SaClient query = new SaClient(client, Duration.ofMillis(300))) {
            sa.start();
            new SubnetManager(port, SmOptions.defaults(), s -> {}).sweep();
            int lid = port.lid().get(5, TimeUnit.SECONDS);
            ExecutionException e = assertThrows(
                    ExecutionException.class,
                    () -> query.query(lid, Method.GET_TABLE, NodeRecord.ATTRIBUTE_ID, 0, new byte[0])
                            .get(5, TimeUnit.SECONDS));
            assertTrue(
                    e.getCause() instanceof java.util.concurrent.TimeoutException
                            || e.getCause() instanceof dev.ibmesh.runtime.madport.MadTimeoutException,
                    e::toString);
            FabricTestKit.await("the request counted as ignored", 5_000, () -> sa.ignored() == 1);
            assertEquals(0, sa.answered());
        }
    }

    /** A fabric ibmesh's SM on h1 brought up, and an SA client on another HCA's port. */
    private record SaFixture(SmFabric f, SmService sm, MadPort client, SaClient sa, SweepResult up)
            implements AutoCloseable {
        static SaFixture start(String yaml, SmOptions options, String clientHca, Duration timeout) throws Exception {
            SmFabric f = SmFabric.start(yaml);
            SmService sm = new SmService(f.madPort("h1"), options, 0, Duration.ofHours(1), s -> {});
            SweepResult up = sm.start().get(30, TimeUnit.SECONDS);
            MadPort client = f.madPort(clientHca);
            return new SaFixture(f, sm, client, new SaClient(client, timeout), up);
        }

        int saLid() {
            return smLid(up);
        }

        SaAnswer ask(int method, int attribute, long mask, byte[] template) throws Exception {
            return SubnetAdministratorTest.ask(sa, saLid(), method, attribute, mask, template);
        }

        @Override
        public void close() throws Exception {
            sa.close();
            client.close();
            sm.close();
            f.close();
        }
    }

    private static PathRecord pathTemplate(int slid, int dlid, int mtuSelector, int mtu, int numbPath) {
        return new PathRecord(
                0,
                new byte[16],
                new byte[16],
                dlid,
                slid,
                0,
                0,
                0,
                0,
                0,
                0,
                numbPath,
                0,
                0,
                0,
                mtuSelector,
                mtu,
                0,
                0,
                0,
                0,
                0,
                0);
    }

    /** Follows the LFTs read from the switches from {@code from} to the end port that owns {@code dlid}. */
    private static SmPort walk(SmPort from, int dlid, Map<SmNode, int[]> tables) {
        SmPort at = from.node().isSwitch() ? from : from.peer();
        for (int hops = 0; at != null && hops < 64; hops++) {
            if (!at.node().isSwitch()) {
                return at;
            }
            int[] t = tables.get(at.node());
            int out = dlid < t.length ? t[dlid] : 0xFF;
            if (out == 0) {
                return at.node().port(0);
            }
            SmPort egress = at.node().port(out);
            at = egress == null ? null : egress.peer();
        }
        return null;
    }

    private static Subnet independentSweep(MadPort port) {
        Subnet seen = new Discovery(reader(port)).sweep();
        assertEquals(List.of(), seen.problems());
        return seen;
    }

    private static SmpDispatcher reader(MadPort port) {
        return new SmpDispatcher(port, 8, Duration.ofSeconds(2), 1);
    }

    private static SmPort portWithGuid(SweepResult r, long guid) {
        List<SmPort> found = new ArrayList<>();
        r.lids().bases().keySet().stream().filter(p -> p.guid() == guid).forEach(found::add);
        assertEquals(1, found.size(), () -> String.format("end ports with GUID 0x%x", guid));
        return found.get(0);
    }

    private static String description(NodeRecord r) {
        return new String(r.nodeDescription(), StandardCharsets.UTF_8).replace("\0", "");
    }
}
