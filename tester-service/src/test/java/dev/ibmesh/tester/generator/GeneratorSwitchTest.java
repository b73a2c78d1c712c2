package dev.ibmesh.tester.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.mad.Smp;
import dev.ibmesh.mad.pma.PortCounters.Counter;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.runtime.sma.SmpPackets;
import dev.ibmesh.runtime.topology.LinkSpeed;
import dev.ibmesh.runtime.topology.LinkWidth;
import dev.ibmesh.tester.bench.Bench;
import dev.ibmesh.tester.bench.EmbeddedBench;
import dev.ibmesh.tester.bench.SimpleLinkSpec;
import dev.ibmesh.tester.bench.Trace;
import dev.ibmesh.trace.Direction;
import dev.ibmesh.wire.Bth;
import dev.ibmesh.wire.Deth;
import dev.ibmesh.wire.Lrh;
import dev.ibmesh.wire.OpCode;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The generator against an embedded switch on a SimpleLink: SubnGet(NodeInfo) SMPs to the switch, each with one
 * error, are dropped by the link layer of the switch's port (IBA figure 25-20; ICRC by port 0, the destination) and
 * counted in the PMA counter the spec names for them (IBA 16.1.3.5); flow-control packets with values the spec does not
 * allow are dropped and counted as malformed link packets.
 */
class GeneratorSwitchTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(20);
    /** The receive error counters: an injected error moves exactly one of them, by one. */
    private static final Set<Counter> RECEIVE_ERRORS = EnumSet.of(
            Counter.SYMBOL_ERROR_COUNTER,
            Counter.PORT_RCV_ERRORS,
            Counter.PORT_RCV_REMOTE_PHYSICAL_ERRORS,
            Counter.PORT_RCV_SWITCH_RELAY_ERRORS,
            Counter.VL15_DROPPED);

    private static final AtomicLong TIDS = new AtomicLong(0x6E00);

    private static Vertx vertx;
    private static Trace trace;
    private static Bench bench;
    private static PacketGenerator generator;
    private static PortCountersReader counters;

    @BeforeAll
    static void start() {
        vertx = Vertx.vertx();
        trace = new Trace("tester", false);
        bench = EmbeddedBench.start(
                vertx,
                new SimpleLinkSpec(
                        "switch", List.of(), LinkWidth.W4X, LinkSpeed.QDR, Optional.empty(), Optional.empty()),
                trace,
                TIMEOUT);
        generator = PacketGenerator.on(bench);
        counters = PortCountersReader.of(bench, TIMEOUT);
    }

    @AfterAll
    static void stop() {
        bench.close();
        vertx.close().await();
    }

    /** A LID-routed SubnGet(NodeInfo) from the tester to the switch's port 0. */
    private static DataPacketSpec smp(long tid) {
        return DataPacketSpec.iba(
                Lrh.of(
                        Lrh.VL15,
                        0,
                        Lrh.LNH_IBA_LOCAL,
                        bench.link().dutLid(),
                        bench.link().testerLid()),
                Bth.of(OpCode.UD_SEND_ONLY, 0xFFFF, 0, false, 0),
                List.of(new Deth(0, 0)),
                Smp.of(
                                MadHeader.of(MgmtClass.SUBN_LID_ROUTED, 1, Method.GET, tid, NodeInfo.ATTRIBUTE_ID, 0),
                                0,
                                new byte[0])
                        .encode()
                        .toBytes());
    }

    /**
     * A directed-route SubnGet(NodeInfo) along the route to the switch (out of the tester's port), as it is on the
     * wire: the originator's SMI has moved its HopPointer to 1 (C14-9:1).
     */
    private static DataPacketSpec directedSmp(long tid) {
        return DataPacketSpec.iba(
                Lrh.of(Lrh.VL15, 0, Lrh.LNH_IBA_LOCAL, Lrh.PERMISSIVE_LID, Lrh.PERMISSIVE_LID),
                Bth.of(OpCode.UD_SEND_ONLY, 0xFFFF, 0, false, 0),
                List.of(new Deth(0, 0)),
                DrSmp.outbound(
                                Method.GET,
                                tid,
                                NodeInfo.ATTRIBUTE_ID,
                                0,
                                0,
                                new byte[0],
                                bench.link().pathToDut())
                        .withHopPointer(1)
                        .encode()
                        .toBytes());
    }

    /** What one packet did: the counters that moved, and whether the switch answered its TransactionID. */
    private record Outcome(Map<Counter, Long> moved, boolean answered) {}

    private static Outcome send(PacketSpec packet, long tid) {
        var before = counters.read();
        generator.send(Sequence.of(packet), TIMEOUT);
        // The counters' GMP follows the packet on the link, so the switch has dealt with the packet (and sent any
        // answer, which the trace recorded as it arrived) before it answers the GMP.
        List<CounterChange> changes = CounterChange.between(before, counters.read());
        Map<Counter, Long> moved = changes.stream()
                .filter(c -> RECEIVE_ERRORS.contains(c.counter()) && c.changed())
                .collect(Collectors.toMap(CounterChange::counter, CounterChange::delta));
        boolean answered = trace.frames().stream()
                .anyMatch(f -> f.direction() == Direction.RX
                        && SmpPackets.isSmp(f.bytes())
                        && SmpPackets.mad(f.bytes()).header().transactionId() == tid
                        && SmpPackets.mad(f.bytes()).header().isResponse());
        return new Outcome(moved, answered);
    }

    @Test
    void aGoodSmpIsAnsweredAndCountsNoError() {
        long tid = TIDS.incrementAndGet();
        Outcome o = send(smp(tid), tid);
        assertTrue(o.answered(), "the switch answers a good SubnGet(NodeInfo)");
        assertEquals(Map.of(), o.moved());
    }

    static Stream<Arguments> errors() {
        return Stream.of(
                Arguments.of(Fault.of(Fault.Kind.BAD_VCRC), Counter.PORT_RCV_ERRORS),
                Arguments.of(Fault.of(Fault.Kind.BAD_ICRC), Counter.PORT_RCV_ERRORS),
                Arguments.of(Fault.of(Fault.Kind.PKTLEN), Counter.PORT_RCV_ERRORS),
                Arguments.of(Fault.of(Fault.Kind.LVER), Counter.PORT_RCV_ERRORS),
                // The switch's port operates VL0-7: VL 8 is beyond its OperationalVLs.
                Arguments.of(Fault.of(Fault.Kind.VL, 8), Counter.PORT_RCV_ERRORS),
                Arguments.of(Fault.of(Fault.Kind.TRUNCATE), Counter.PORT_RCV_ERRORS),
                Arguments.of(Fault.of(Fault.Kind.EXCESS, 8), Counter.PORT_RCV_ERRORS),
                Arguments.of(Fault.of(Fault.Kind.EBP), Counter.PORT_RCV_REMOTE_PHYSICAL_ERRORS),
                // DLID 0 is no LID: the switch has no route for it (IBA 18.2.4.3.1).
                Arguments.of(Fault.of(Fault.Kind.DLID), Counter.PORT_RCV_SWITCH_RELAY_ERRORS));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("errors")
    void anSmpWithAnErrorIsDroppedAndCountedInItsCounter(Fault fault, Counter counter) {
        long tid = TIDS.incrementAndGet();
        Outcome o = send(smp(tid).withFaults(fault), tid);
        assertFalse(o.answered(), "the switch must not answer an SMP with " + fault);
        assertEquals(Map.of(counter, 1L), o.moved());
    }

    @Test
    void aDirectedRouteSmpWithABadIcrcIsDroppedByTheSwitchItIsFor() {
        long good = TIDS.incrementAndGet();
        assertTrue(send(directedSmp(good), good).answered(), "the directed route reaches the switch");
        long tid = TIDS.incrementAndGet();
        Outcome o = send(directedSmp(tid).withFaults(Fault.of(Fault.Kind.BAD_ICRC)), tid);
        assertFalse(o.answered(), "the switch is the SMP's destination: it checks the ICRC (IBA 7.8.1)");
        assertEquals(Map.of(Counter.PORT_RCV_ERRORS, 1L), o.moved());
    }

    static Stream<Arguments> oddFlowControl() {
        return Stream.of(
                Arguments.of("reserved Op 2", LinkPacketSpec.of(2, 0, 0, 0)),
                Arguments.of("bad LPCRC", LinkPacketSpec.of(0, 0, 0, 0).withFaults(Fault.of(Fault.Kind.BAD_LPCRC))),
                Arguments.of("VL15, which has no flow control", LinkPacketSpec.of(0, 0, 15, 0)),
                Arguments.of("VL8, beyond OperationalVLs", LinkPacketSpec.of(0, 0, 8, 0)),
                Arguments.of("5 bytes", LinkPacketSpec.of(0, 0, 0, 0).withFaults(Fault.of(Fault.Kind.TRUNCATE, 1))),
                Arguments.of("7 bytes", LinkPacketSpec.of(0, 0, 0, 0).withFaults(Fault.of(Fault.Kind.EXCESS, 1))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("oddFlowControl")
    void aMalformedFlowControlPacketIsDroppedAndCounted(String what, LinkPacketSpec packet) {
        Outcome o = send(packet, -1);
        assertEquals(Map.of(Counter.PORT_RCV_ERRORS, 1L), o.moved(), what);
    }

    @Test
    void aWellFormedFlowControlPacketIsTakenWhateverItsLimit() {
        // FCCL 0 leaves the switch no credit on VL0 until the tester's port advertises its real limit again, which
        // it does periodically: the counters' answer (a GMP on VL0) waits for that, and nothing is counted.
        Outcome o = send(LinkPacketSpec.of(0, 0, 0, 0), -1);
        assertEquals(Map.of(), o.moved());
    }

    @Test
    void aSequenceLeavesItsGapsBetweenPackets() {
        long tid = TIDS.incrementAndGet();
        Duration gap = Duration.ofMillis(20);
        List<Long> left = generator.send(Sequence.of(smp(tid)).count(3).gap(gap), TIMEOUT);
        assertEquals(3, left.size());
        for (int i = 1; i < left.size(); i++) {
            assertTrue(
                    left.get(i) - left.get(i - 1) >= gap.toNanos(),
                    "packet " + (i + 1) + " left " + (left.get(i) - left.get(i - 1)) + " ns after the one before");
        }
        counters.read(); // after the answers to all three
        long answers = trace.frames().stream()
                .filter(f -> f.direction() == Direction.RX
                        && SmpPackets.isSmp(f.bytes())
                        && SmpPackets.mad(f.bytes()).header().transactionId() == tid)
                .count();
        assertEquals(3, answers, "every copy is answered");
    }
}
