package dev.ibmesh.device.sw;

import static dev.ibmesh.device.sw.SwitchTestKit.activateAll;
import static dev.ibmesh.device.sw.SwitchTestKit.await;
import static dev.ibmesh.device.sw.SwitchTestKit.hostConfig;
import static dev.ibmesh.device.sw.SwitchTestKit.onLoop;
import static dev.ibmesh.device.sw.SwitchTestKit.switchConfig;
import static dev.ibmesh.device.sw.SwitchTestKit.switchOn;
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
import dev.ibmesh.mad.pma.PortCounters.Counter;
import dev.ibmesh.mad.smp.NodeDescription;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.mad.smp.Notice;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.mad.smp.SlToVlMappingTable;
import dev.ibmesh.mad.smp.SwitchInfo;
import dev.ibmesh.proto.link.v1.Frame;
import dev.ibmesh.runtime.device.Device;
import dev.ibmesh.runtime.device.FabricTestKit;
import dev.ibmesh.runtime.device.LinkPlan;
import dev.ibmesh.runtime.device.RecordingDevice;
import dev.ibmesh.runtime.link.Blocks;
import dev.ibmesh.runtime.port.DropReason;
import dev.ibmesh.runtime.port.PortConfig;
import dev.ibmesh.runtime.port.ReceiveDeparture;
import dev.ibmesh.runtime.sma.GmpPackets;
import dev.ibmesh.runtime.sma.SmpPackets;
import dev.ibmesh.runtime.sma.dr.DirectedRoute;
import dev.ibmesh.runtime.sma.dr.DrDecision;
import dev.ibmesh.runtime.sma.dr.DrNode;
import dev.ibmesh.runtime.time.ManualScheduler;
import dev.ibmesh.runtime.transport.InProcessLinkTransport;
import dev.ibmesh.wire.Bits;
import dev.ibmesh.wire.Bth;
import dev.ibmesh.wire.Deth;
import dev.ibmesh.wire.Lrh;
import dev.ibmesh.wire.OpCode;
import dev.ibmesh.wire.PacketBuilder;
import io.vertx.core.Vertx;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Data packets through three switches in a line, h1 - s1 - s2 - s3 - h2 (switch port 1 faces h1, port 2 faces h2),
 * forwarded by the LFTs, with SL-to-VL retagging, relay errors, and backpressure instead of loss. Each switch runs
 * on its own hand-driven clock (its trap repeats and lifetimes pass only when a test moves it); the hosts on real
 * time.
 */
class SwitchForwardingTest {
    private static final int H1 = 1;
    private static final int H2 = 2;
    private final Vertx vertx = Vertx.vertx();
    private final InProcessLinkTransport transport = new InProcessLinkTransport("sw-" + System.nanoTime());
    private RecordingDevice h1;
    private RecordingDevice h2;
    private final List<SwitchDevice> switches = new ArrayList<>();
    private final List<ManualScheduler> clocks = new ArrayList<>();

    @BeforeEach
    void setUp() throws Exception {
        h1 = new RecordingDevice(hostConfig("h1", 0x11, new LinkPlan(1, "s1", 1, "s1", true)), transport);
        h2 = new RecordingDevice(hostConfig("h2", 0x12, new LinkPlan(1, "s3", 2, "s3", true)), transport);
        for (int i = 1; i <= 3; i++) {
            List<LinkPlan> links = List.of(
                    new LinkPlan(1, i == 1 ? "h1" : "s" + (i - 1), i == 1 ? 1 : 2, null, false),
                    new LinkPlan(2, i == 3 ? "h2" : "s" + (i + 1), 1, i == 3 ? null : "s" + (i + 1), i != 3));
            ManualScheduler clock = new ManualScheduler();
            clocks.add(clock);
            switches.add(switchOn(clock, switchConfig("s" + i, 0x20 + i, links), transport));
        }
        // Each device it dials is up before it: s3, s2, s1, then the hosts.
        for (Device d : List.<Device>of(switches.get(2), switches.get(1), switches.get(0), h1, h2)) {
            vertx.deployVerticle(d).await(10, TimeUnit.SECONDS);
        }
        for (SwitchDevice s : switches) {
            onLoop(s, () -> {
                s.tables().setRoute(H1, 1);
                s.tables().setRoute(H2, 2);
                s.tables().linearFdbTop(H2);
                return null;
            });
        }
        activateAll(List.of(h1, h2, switches.get(0), switches.get(1), switches.get(2)));
        onLoop(h1, () -> h1.port(1).receivePolicy().lid(H1, 0));
        onLoop(h2, () -> h2.port(1).receivePolicy().lid(H2, 0));
    }

    @AfterEach
    void tearDown() throws Exception {
        vertx.close().await(10, TimeUnit.SECONDS);
    }

    @Test
    void unicastCrossesThreeSwitchesBothWays() {
        onLoop(h1, () -> sendN(h1, H2, H1, 0, 200));
        onLoop(h2, () -> sendN(h2, H1, H2, 0, 100));
        await(
                "delivered",
                () -> onLoop(h2, () -> h2.received.size()) == 200 && onLoop(h1, () -> h1.received.size()) == 100);
        for (SwitchDevice s : switches) {
            assertEquals(300, onLoop(s, s::relayed), s.name());
        }
        List<Integer> psns =
                onLoop(h2, () -> h2.received.stream().map(f -> Bth.psn(f, 8)).toList());
        for (int i = 0; i < psns.size(); i++) {
            assertEquals(i, psns.get(i), "in order");
        }
    }

    @Test
    void multicastCrossesThreeSwitchesByTheirMfts() {
        int mlid = 0xC002;
        for (SwitchDevice s : switches) {
            onLoop(s, () -> {
                s.tables().setMulticastMember(mlid, 1, true);
                s.tables().setMulticastMember(mlid, 2, true);
                return null;
            });
        }
        byte[] packet = PacketBuilder.iba(
                        Lrh.of(0, 0, Lrh.LNH_IBA_LOCAL, mlid, H1),
                        Bth.of(OpCode.UD_SEND_ONLY, 0xFFFF, 0xFFFFFF, false, 0))
                .headers(new Deth(0x1234, 5))
                .payload(new byte[32])
                .build();
        onLoop(h1, () -> h1.port(1).transmit(packet));
        await("h2 gets the copy", () -> onLoop(h2, () -> h2.received.size()) == 1);
        onLoop(s2(), () -> {
            s2().tables().setMulticastMember(mlid, 2, false); // s2 takes s3 out of the group
            return null;
        });
        onLoop(h1, () -> h1.port(1).transmit(packet.clone()));
        // Unicast markers behind the multicasts, on their VL and along their way: once a marker is at a host, any
        // copy sent that way before it is there too.
        onLoop(h1, () -> h1.port(1).transmit(packet(0, H2, H1, 1)));
        awaitUnicast(h2, H2);
        onLoop(h2, () -> h2.port(1).transmit(packet(0, H1, H2, 2)));
        awaitUnicast(h1, H1);
        assertEquals(2, onLoop(h2, () -> h2.received.size()), "s2's MFT no longer names the way to h2");
        assertEquals(1, onLoop(h1, () -> h1.received.size()), "never back out of the input port");
        assertEquals(mlid, Lrh.dlid(onLoop(h2, () -> h2.received.get(0)), 0));
        assertEquals(
                1,
                onLoop(s2(), () -> s2().port(1).counters().portCounters(1)).portRcvSwitchRelayErrors(),
                "a group with no member but the input port is a relay error at s2");
    }

    private SwitchDevice s2() {
        return switches.get(1);
    }

    /** Waits until {@code host} has a packet for its own (unicast) LID. */
    private static void awaitUnicast(RecordingDevice host, int lid) {
        await(
                "a packet for LID " + lid + " at " + host.name(),
                () -> onLoop(host, () -> host.received.stream().anyMatch(f -> Lrh.dlid(f, 0) == lid)));
    }

    @Test
    void aPortThatDoesNotCheckTheVcrcRelaysUnsealedSoTheNextHopStillDropsABadOne() {
        SwitchDevice s1 = switches.get(0);
        SwitchDevice s2 = switches.get(1);
        onLoop(s1, () -> s1.port(1).receivePolicy().depart(Set.of(ReceiveDeparture.NO_VCRC_CHECK)));
        byte[] bad = PacketBuilder.iba(
                        Lrh.of(0, 0, Lrh.LNH_IBA_LOCAL, H2, H1), Bth.of(OpCode.RC_SEND_ONLY, 0xFFFF, 0x99, false, 0))
                .payload(new byte[64])
                .badVcrc()
                .build();
        onLoop(h1, () -> h1.port(1).inject(Frame.Kind.DATA, bad, false));
        onLoop(h1, () -> h1.port(1).transmit(packet(0, H2, H1, 1)));
        await("the good packet behind it arrives", () -> onLoop(h2, () -> h2.received.size()) == 1);
        assertEquals(2, onLoop(s1, s1::relayed), "s1 relays both: it does not check the VCRC");
        assertEquals(1, onLoop(s2, () -> s2.port(1).drops(DropReason.BAD_VCRC)), "s2 checks what s1 did not");
        assertEquals(1, Bth.psn(onLoop(h2, () -> h2.received.get(0)), 8));
    }

    @Test
    void theOutputVlComesFromTheSlToVlTableOfThePortPair() {
        SwitchDevice s3 = switches.get(2);
        byte[] table = new byte[8];
        table[1] = 0x01; // SL2 -> VL0, SL3 -> VL1
        onLoop(s3, () -> {
            s3.slToVl(1, 2).program(SlToVlMappingTable.decode(table, 0));
            return null;
        });
        onLoop(h1, () -> h1.port(1).transmit(packet(3, H2, H1, 7)));
        await("delivered", () -> onLoop(h2, () -> h2.received.size()) == 1);
        byte[] got = onLoop(h2, () -> h2.received.get(0));
        assertEquals(1, Lrh.vl(got, 0), "retagged to VL1 by s3; its VCRC was recomputed or h2 would have dropped it");
        assertEquals(3, Lrh.sl(got, 0));
    }

    @Test
    void unroutableAndLoopingPacketsAreRelayErrors() {
        SwitchDevice s1 = switches.get(0);
        onLoop(s1, () -> {
            s1.tables().setRoute(5, 1); // LID 5 would go back out of the port it came in on
            s1.tables().linearFdbTop(5);
            return null;
        });
        onLoop(h1, () -> h1.port(1).transmit(packet(0, 4, H1, 1))); // LID 4: no route
        onLoop(h1, () -> h1.port(1).transmit(packet(0, 5, H1, 2))); // loop
        onLoop(h1, () -> h1.port(1).transmit(packet(0, 40, H1, 3))); // above LinearFDBTop
        onLoop(h1, () -> h1.port(1).transmit(packet(0, H2, H1, 4))); // fine
        await("the good one arrives", () -> onLoop(h2, () -> h2.received.size()) == 1);
        PortCounters c = onLoop(s1, () -> s1.port(1).counters().portCounters(1));
        assertEquals(3, c.portRcvSwitchRelayErrors());
        assertEquals(4, c.portRcvPkts());
    }

    @Test
    void aBlockedOutputPushesBackInsteadOfDropping() {
        onLoop(h2, () -> h2.hold = true);
        int n = 3000; // far more than h2's buffer, the switches' queues and their buffers together
        int[] accepted = {0};
        onLoop(h1, () -> {
            for (int i = 0; i < n; i++) {
                if (h1.port(1).transmit(packet(0, H2, H1, i))) {
                    accepted[0]++;
                }
            }
            return null;
        });
        // h2 takes what its buffer holds and no more: from there on, every hop waits for credit.
        await("h2's buffer full", () -> onLoop(h2, () -> h2.received.size()) == H2_BUFFER_PACKETS);
        onLoop(h2, () -> {
            h2.releaseHeld();
            return null;
        });
        int sent = accepted[0];
        await("everything h1 queued arrives", () -> onLoop(h2, () -> h2.received.size()) == sent);
        assertTrue(sent >= PortConfig.DEFAULT_QUEUE_PACKETS_PER_VL, "h1 queued " + sent);
        // Counters only grow: none counted now means none counted while the line was blocked. (The switches' clocks
        // stand still, so no lifetime could run out and excuse a discard.)
        for (SwitchDevice s : switches) {
            PortCounters out = onLoop(s, () -> s.port(2).counters().portCounters(2));
            PortCounters in = onLoop(s, () -> s.port(1).counters().portCounters(1));
            assertEquals(0, out.portXmitDiscards() + in.portRcvErrors() + in.portRcvSwitchRelayErrors(), s.name());
        }
    }

    /** The packets of {@link #packet} h2's receive buffer holds. */
    private static final int H2_BUFFER_PACKETS =
            PortConfig.DEFAULT_BUFFER_BLOCKS_PER_VL / Blocks.ofFrame(packet(0, H2, H1, 0).length);

    @Test
    void packetsHeldPastTheSwitchLifetimeAreDiscarded() {
        SwitchDevice s3 = switches.get(2);
        onLoop(s3, () -> {
            SwitchInfo si = s3.smaNode().switchInfo();
            s3.smaNode()
                    .applySwitchInfo(new SwitchInfo(
                            si.linearFdbCap(),
                            si.randomFdbCap(),
                            si.multicastFdbCap(),
                            si.linearFdbTop(),
                            si.defaultPort(),
                            si.defaultMulticastPrimaryPort(),
                            si.defaultMulticastNotPrimaryPort(),
                            12,
                            false,
                            si.optimizedSlToVlMappingProgramming(),
                            si.lidsPerPort(),
                            si.partitionEnforcementCap(),
                            si.inboundEnforcementCap(),
                            si.outboundEnforcementCap(),
                            si.filterRawInboundCap(),
                            si.filterRawOutboundCap(),
                            si.enhancedPort0(),
                            si.reserved133(),
                            si.multicastFdbTop())); // 4.096 us x 2^12: about 17 ms
            return null;
        });
        onLoop(h2, () -> h2.hold = true);
        // h2's buffer and s3's output queue take this many; the rest wait at s3's input, holding its buffer.
        int waitAtS3 = 20;
        int total = H2_BUFFER_PACKETS + PortConfig.DEFAULT_QUEUE_PACKETS_PER_VL + waitAtS3;
        int[] accepted = {0};
        while (accepted[0] < total) {
            onLoop(h1, () -> {
                while (accepted[0] < total && h1.port(1).transmit(packet(0, H2, H1, accepted[0]))) {
                    accepted[0]++;
                }
                return null;
            });
            await(
                    "room in h1's queue",
                    () -> onLoop(h1, () -> h1.port(1).queued(0)) < PortConfig.DEFAULT_QUEUE_PACKETS_PER_VL);
        }
        await("everything at s3", () -> onLoop(s3, () -> s3.port(1).counters().value(Counter.PORT_RCV_PKTS)) == total);
        assertEquals(0, discards(s3, 2), "s3's clock has not moved");
        FabricTestKit.advance(s3, clocks.get(2), TimeUnit.MILLISECONDS.toNanos(20));
        assertEquals(waitAtS3, discards(s3, 2), "s3 discards what waited too long");
        onLoop(h2, () -> {
            h2.releaseHeld();
            return null;
        });
        await(
                "everything not discarded arrives",
                () -> onLoop(h2, () -> h2.received.size()) + discards(s3, 2) == accepted[0]);
        assertEquals(
                0,
                discards(switches.get(0), 2) + discards(switches.get(1), 2),
                "s1 and s2 keep the default lifetime of about a second");
        assertEquals(0, onLoop(s3, () -> s3.port(1).counters().portCounters(1)).portRcvSwitchRelayErrors());
    }

    private static long discards(SwitchDevice s, int port) {
        return onLoop(s, () -> s.port(port).counters().portCounters(port)).portXmitDiscards();
    }

    @Test
    void directedRouteNodeInfoThroughThreeSwitchesAndBack() {
        DrSmp request = DrSmp.outbound(Method.GET, 0xABCDL, NodeInfo.ATTRIBUTE_ID, 0, 0, new byte[0], 1, 2, 2);
        sendDr(request);
        DrSmp response = awaitDrResponse();
        assertTrue(response.direction(), "D bit");
        assertEquals(1, response.hopPointer(), "as it arrives on the SM's link");
        DrDecision home = DirectedRoute.receive(response, DrNode.channelAdapter(1, H1), 1);
        response = ((DrDecision.Deliver) home).smp();
        assertEquals(Method.GET_RESP, response.header().method());
        assertEquals(0xABCDL, response.header().transactionId());
        assertEquals(0, response.status());
        assertEquals(0, response.hopPointer(), "home");
        assertEquals(List.of(1, 1, 1), List.of(response.returnPath(1), response.returnPath(2), response.returnPath(3)));
        NodeInfo info = NodeInfo.decode(response.data(), 0);
        assertEquals(NodeInfo.NODE_TYPE_SWITCH, info.nodeType());
        assertEquals(0x23, info.nodeGuid(), "s3 answered");
        assertEquals(2, info.numPorts());
        assertEquals(1, info.localPortNum(), "the port the SMP came in on");
    }

    @Test
    void illegalPortInfoSetAnswersSevenAndChangesNothing() {
        // SubnGet(PortInfo) of s1 port 1, one hop away.
        sendDr(DrSmp.outbound(Method.GET, 1, PortInfo.ATTRIBUTE_ID, 1, 0, new byte[0], 1));
        PortInfo before = PortInfo.decode(awaitDrResponse().data(), 0);
        assertEquals(3, before.linkWidthSupported(), "1x and 4x");
        // As an SM does: the states are written as 0 (no change), so only the width is at issue.
        PortInfo.Builder set = before.toBuilder().portState(0).portPhysicalState(0);
        byte[] illegal = set.linkWidthEnabled(8).build().toBytes(); // 12x: not supported
        sendDr(DrSmp.outbound(Method.SET, 2, PortInfo.ATTRIBUTE_ID, 1, 0, illegal, 1));
        DrSmp answer = awaitDrResponse();
        assertEquals(MadStatus.ofCode(MadStatus.CODE_INVALID_FIELD), answer.status());
        assertEquals(0x801C, answer.header().status(), "D bit and code 7 on the wire");
        sendDr(DrSmp.outbound(Method.GET, 3, PortInfo.ATTRIBUTE_ID, 1, 0, new byte[0], 1));
        assertEquals(
                before.linkWidthEnabled(),
                PortInfo.decode(awaitDrResponse().data(), 0).linkWidthEnabled());
        // A legal value is taken.
        sendDr(DrSmp.outbound(
                Method.SET,
                7,
                PortInfo.ATTRIBUTE_ID,
                1,
                0,
                set.linkWidthEnabled(1).build().toBytes(),
                1));
        DrSmp ok = awaitDrResponse();
        assertEquals(0, ok.status());
        assertEquals(1, PortInfo.decode(ok.data(), 0).linkWidthEnabled());
    }

    @Test
    void lidRoutedSmpToTheSwitchOnceItHasALid() {
        giveS1Lid9();
        byte[] get = SmpPackets.frame(
                9,
                H1,
                Smp.of(
                                MadHeader.of(
                                        MgmtClass.SUBN_LID_ROUTED, 1, Method.GET, 6, NodeDescription.ATTRIBUTE_ID, 0),
                                0,
                                new byte[0])
                        .encode());
        onLoop(h1, () -> {
            h1.received.clear();
            return h1.port(1).transmit(get);
        });
        await("LID-routed answer", () -> onLoop(h1, () -> h1.received.size()) == 1);
        byte[] frame = onLoop(h1, () -> h1.received.get(0));
        assertEquals(9, Lrh.slid(frame, 0));
        assertEquals(H1, Lrh.dlid(frame, 0));
        Smp answer = Smp.decode(SmpPackets.mad(frame));
        assertEquals("s1", NodeDescription.decode(answer.data(), 0).text());
    }

    @Test
    void lidRoutedSmpsCrossThreeSwitchesOnVl15() {
        byte[] get = SmpPackets.frame(
                H2,
                H1,
                Smp.of(
                                MadHeader.of(
                                        MgmtClass.SUBN_LID_ROUTED, 1, Method.GET, 7, NodeDescription.ATTRIBUTE_ID, 0),
                                0,
                                new byte[0])
                        .encode());
        onLoop(h1, () -> h1.port(1).transmit(get));
        await("the SMP at h2", () -> onLoop(h2, () -> h2.received.size()) == 1);
        byte[] frame = onLoop(h2, () -> h2.received.get(0));
        assertEquals(Lrh.VL15, Lrh.vl(frame, 0));
        for (SwitchDevice s : switches) {
            assertEquals(1, onLoop(s, s::relayed), s.name() + " relayed it, not as a relay error");
        }
    }

    @Test
    void thePmaOnPort0CountsAndClears() {
        SwitchDevice s1 = switches.get(0);
        giveS1Lid9();
        onLoop(h1, () -> sendN(h1, H2, H1, 0, 5));
        await("data through", () -> onLoop(h2, () -> h2.received.size()) == 5);
        PortCounters before = pma(1, Method.GET, 0);
        assertTrue(before.portRcvPkts() >= 5 + 3, "5 data packets and the SMPs, was " + before.portRcvPkts());
        assertEquals(
                onLoop(s1, () -> s1.port(1).counters().portCounters(1)).portXmitPkts(),
                before.portXmitPkts() + 1,
                "the PMA's own answer left port 1 after the counters were read");
        PortCounters cleared = pma(2, Method.SET, PortCounters.SELECT_ALL);
        assertEquals(0, cleared.portRcvPkts());
        assertEquals(0, cleared.portXmitData());
    }

    @Test
    void aLinkCutRaisesTrap128UntilTheSmRepressesIt() {
        SwitchDevice s1 = switches.get(0);
        giveS1Lid9(); // its master SM is h1
        onLoop(h1, () -> {
            h1.received.clear();
            return null;
        });
        onLoop(s1, () -> {
            s1.port(2).disable(); // cut the link to s2
            return null;
        });
        await("the trap", () -> onLoop(h1, () -> h1.received.size()) >= 1);
        FabricTestKit.advance(s1, clocks.get(0), TimeUnit.MILLISECONDS.toNanos(100)); // one repeat period
        await("its repeat", () -> onLoop(h1, () -> h1.received.size()) >= 2);
        Smp trap = Smp.decode(SmpPackets.mad(onLoop(h1, () -> h1.received.get(0))));
        assertEquals(Method.TRAP, trap.header().method());
        assertEquals(Notice.ATTRIBUTE_ID, trap.header().attributeId());
        Notice notice = Notice.decodeSmp(trap.data(), 0);
        assertEquals(Notice.TRAP_LINK_STATE_CHANGE, notice.trapNumber());
        assertEquals(9, notice.issuerLid());
        assertEquals(new Notice.LinkStateTrap(9), notice.details());
        Smp repeat = Smp.decode(SmpPackets.mad(onLoop(h1, () -> h1.received.get(1))));
        assertEquals(trap.header().transactionId(), repeat.header().transactionId(), "the same trap, repeated");

        Mad repress = Smp.of(trap.header().withMethod(Method.TRAP_REPRESS), 0, trap.data())
                .encode();
        long fromH1 = onLoop(s1, () -> s1.port(1).counters().value(Counter.PORT_RCV_PKTS));
        onLoop(h1, () -> h1.port(1).transmit(SmpPackets.frame(9, H1, repress)));
        await(
                "s1 took the TrapRepress",
                () -> onLoop(s1, () -> s1.port(1).counters().value(Counter.PORT_RCV_PKTS)) == fromH1 + 1);
        long after = onLoop(s1, s1::trapsSent);
        FabricTestKit.advance(s1, clocks.get(0), TimeUnit.MILLISECONDS.toNanos(350)); // over three repeat periods
        assertEquals(after, onLoop(s1, s1::trapsSent), "no repeats after TrapRepress");
    }

    /** A PerfMgt Get or Set(PortCounters) for s1's port 1, from h1 to s1's LID 9 on QP1; the answer's counters. */
    private PortCounters pma(long tid, int method, int counterSelect) {
        byte[] data = PortCounters.zero(1).toBytes();
        Bits.put16(data, 2, counterSelect);
        Mad request = PmaMad.of(MadHeader.of(MgmtClass.PERF_MGT, 1, method, tid, PortCounters.ATTRIBUTE_ID, 0), data)
                .encode();
        byte[] frame = PacketBuilder.iba(
                        Lrh.of(0, 0, Lrh.LNH_IBA_LOCAL, 9, H1), Bth.of(OpCode.UD_SEND_ONLY, 0xFFFF, 1, false, 0))
                .headers(new Deth(Deth.GSI_Q_KEY, 1))
                .payload(request.toBytes())
                .build();
        onLoop(h1, () -> {
            h1.received.clear();
            return h1.port(1).transmit(frame);
        });
        await("PMA answer", () -> onLoop(h1, () -> h1.received.size()) == 1);
        byte[] answer = onLoop(h1, () -> h1.received.get(0));
        PmaMad mad = PmaMad.decode(GmpPackets.mad(answer));
        assertEquals(Method.GET_RESP, mad.header().method());
        assertEquals(tid, mad.header().transactionId());
        assertEquals(0, mad.header().status());
        return PortCounters.decode(mad.data(), 0);
    }

    /** Gives s1's port 0 LID 9 the way an SM does: SubnSet(PortInfo) on port 0 over a directed route. */
    private void giveS1Lid9() {
        SwitchDevice s1 = switches.get(0);
        sendDr(DrSmp.outbound(Method.GET, 4, PortInfo.ATTRIBUTE_ID, 0, 0, new byte[0], 1));
        PortInfo port0 = PortInfo.decode(awaitDrResponse().data(), 0);
        sendDr(DrSmp.outbound(
                Method.SET,
                5,
                PortInfo.ATTRIBUTE_ID,
                0,
                0,
                port0.toBuilder()
                        .portState(0)
                        .portPhysicalState(0)
                        .lid(9)
                        .masterSmLid(H1)
                        .build()
                        .toBytes(),
                1));
        assertEquals(0, awaitDrResponse().status());
        onLoop(s1, () -> {
            s1.tables().linearFdbTop(9);
            return null;
        });
    }

    private void sendDr(DrSmp outbound) {
        onLoop(h1, () -> {
            h1.received.clear();
            DrDecision first = DirectedRoute.send(outbound, DrNode.channelAdapter(1, H1));
            DrDecision.Forward f = (DrDecision.Forward) first;
            return h1.port(1)
                    .transmit(SmpPackets.frame(
                            Lrh.PERMISSIVE_LID, Lrh.PERMISSIVE_LID, f.smp().encode()));
        });
    }

    private DrSmp awaitDrResponse() {
        await("DR response", () -> onLoop(h1, () -> h1.received.size()) == 1);
        return DrSmp.decode(SmpPackets.mad(onLoop(h1, () -> h1.received.get(0))));
    }

    private static int sendN(RecordingDevice from, int dlid, int slid, int sl, int n) {
        for (int i = 0; i < n; i++) {
            assertTrue(from.port(1).transmit(packet(sl, dlid, slid, i)));
        }
        return n;
    }

    private static byte[] packet(int sl, int dlid, int slid, int psn) {
        return PacketBuilder.iba(
                        Lrh.of(0, sl, Lrh.LNH_IBA_LOCAL, dlid, slid),
                        Bth.of(OpCode.RC_SEND_ONLY, 0xFFFF, 0x99, false, psn))
                .payload(new byte[64])
                .build();
    }
}
