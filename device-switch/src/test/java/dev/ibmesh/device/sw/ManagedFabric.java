package dev.ibmesh.device.sw;

import static dev.ibmesh.device.sw.SwitchTestKit.activateAll;
import static dev.ibmesh.device.sw.SwitchTestKit.await;
import static dev.ibmesh.device.sw.SwitchTestKit.hostConfig;
import static dev.ibmesh.device.sw.SwitchTestKit.onLoop;
import static dev.ibmesh.device.sw.SwitchTestKit.switchConfig;
import static dev.ibmesh.device.sw.SwitchTestKit.switchOn;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.mad.Smp;
import dev.ibmesh.mad.pma.PmaMad;
import dev.ibmesh.mad.pma.PortCounters;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.mad.smp.Notice;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.runtime.device.Device;
import dev.ibmesh.runtime.device.FabricTestKit;
import dev.ibmesh.runtime.device.LinkPlan;
import dev.ibmesh.runtime.device.RecordingDevice;
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
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.vertx.core.Vertx;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;

/**
 * sm - s1 - s2: a host playing the SM on s1's port 1, and a second switch on s1's port 2, every link Active. s1 is
 * started with the given deviations, on a hand-driven clock ({@link #advanceS1}: its traps repeat only when the test
 * says time passed). {@link #configureS1()} does what an SM does before traps can flow: s1's port 0 gets LID
 * {@link #S1_LID} with the SM as its master, and s1 routes the SM's LID back out of port 1.
 *
 * <p>To show that something did not arrive, a test flushes ({@link #flushQp0}, {@link #flushQp1}): s1 answers a
 * marker request after everything it received before, on the same VL back, so once the marker's answer is at the SM
 * whatever s1 sent before it is too.
 */
final class ManagedFabric implements AutoCloseable {
    static final int SM_LID = 1;
    static final int S1_LID = 9;
    /** The SL the SM wants traps on (PortInfo.MasterSMSL of s1's port 0). */
    static final int SM_SL = 5;
    /** GMPs leave the SM from its QP1, so the answers come back to QP1. */
    private static final int SM_QP = 1;
    /** The TID of the flush markers; their answers are left out of what the SM received. */
    private static final long MARKER_TID = 0x5EA1_0000L;

    private final Vertx vertx = Vertx.vertx();
    private final ManualScheduler clock = new ManualScheduler();
    final RecordingDevice sm;
    final SwitchDevice s1;
    final SwitchDevice s2;

    ManagedFabric(List<String> s1Deviations) throws Exception {
        InProcessLinkTransport transport = new InProcessLinkTransport("managed-" + System.nanoTime());
        sm = new RecordingDevice(hostConfig("sm", 0x11, new LinkPlan(1, "s1", 1, "s1", true)), transport);
        s1 = switchOn(
                clock,
                switchConfig(
                        "s1",
                        0x21,
                        List.of(new LinkPlan(1, "sm", 1, null, false), new LinkPlan(2, "s2", 1, "s2", true)),
                        s1Deviations),
                transport);
        s2 = new SwitchDevice(
                switchConfig("s2", 0x22, List.of(new LinkPlan(1, "s1", 2, null, false))),
                transport,
                new SimpleMeterRegistry());
        List<Device> all = List.of(s2, s1, sm); // each one it dials is up before it
        for (Device d : all) {
            vertx.deployVerticle(d).await(10, TimeUnit.SECONDS);
        }
        activateAll(all);
    }

    @Override
    public void close() throws Exception {
        vertx.close().await(10, TimeUnit.SECONDS);
    }

    /** Moves s1's clock by {@code nanos}: its timers due by then run. */
    void advanceS1(long nanos) {
        FabricTestKit.advance(s1, clock, nanos);
    }

    /** s1 gets LID 9 and the SM as master (SubnSet(PortInfo) of port 0); the SM's LID is routed back to it. */
    void configureS1() {
        onLoop(sm, () -> sm.port(1).receivePolicy().lid(SM_LID, 0));
        onLoop(s1, () -> {
            s1.tables().setRoute(SM_LID, 1);
            s1.tables().linearFdbTop(S1_LID);
            return null;
        });
        setPortInfo(
                0,
                p -> p.toBuilder()
                        .lid(S1_LID)
                        .masterSmLid(SM_LID)
                        .masterSmSl(SM_SL)
                        .build());
    }

    /** SubnSet(PortInfo) of s1's port {@code port} over a directed route: the current value changed by {@code edit}. */
    void setPortInfo(int port, UnaryOperator<PortInfo> edit) {
        assertEquals(0, setPortInfoAnswer(port, edit).status());
    }

    /** The same, whatever the answer's status. */
    DrSmp setPortInfoAnswer(int port, UnaryOperator<PortInfo> edit) {
        PortInfo now = PortInfo.decode(
                exchange(DrSmp.outbound(Method.GET, 1, PortInfo.ATTRIBUTE_ID, port, 0, new byte[0], 1))
                        .data(),
                0);
        // As an SM does: the states are written as 0 (no change).
        PortInfo next =
                edit.apply(now.toBuilder().portState(0).portPhysicalState(0).build());
        return exchange(DrSmp.outbound(Method.SET, 2, PortInfo.ATTRIBUTE_ID, port, 0, next.toBytes(), 1));
    }

    /** What the SM received since the last send. */
    int receivedCount() {
        return onLoop(sm, () -> sm.received.size());
    }

    byte[] received(int i) {
        return onLoop(sm, () -> sm.received.get(i));
    }

    /** Sends a directed-route SMP to s1, one hop out of port 1. */
    void sendDr(DrSmp outbound) {
        sendFrame(drFrame(outbound));
    }

    private static byte[] drFrame(DrSmp outbound) {
        DrDecision.Forward first = (DrDecision.Forward) DirectedRoute.send(outbound, DrNode.channelAdapter(1, 0));
        return SmpPackets.frame(
                Lrh.PERMISSIVE_LID, Lrh.PERMISSIVE_LID, first.smp().encode());
    }

    /**
     * Flushes s1's QP0 (and its traps): a SubnGet(NodeInfo) with {@code mKey} along the directed route; returns
     * once its answer is at the SM. SMP answers and traps share VL15.
     */
    void flushQp0(long mKey) {
        onLoop(
                sm,
                () -> sm.port(1)
                        .transmit(drFrame(DrSmp.outbound(
                                Method.GET, MARKER_TID, NodeInfo.ATTRIBUTE_ID, 0, mKey, new byte[0], 1))));
        await(
                "the QP0 marker's answer",
                () -> !markers(MgmtClass.SUBN_DIRECTED_ROUTE).isEmpty());
    }

    /** Flushes s1's QP1: a PerfMgt Get with the well-known keys; returns once its answer (on the same VL) is back. */
    void flushQp1() {
        onLoop(
                sm,
                () -> sm.port(1).transmit(gmpToS1(0xFFFF, Deth.GSI_Q_KEY, portCounters(Method.GET, 1, 0, MARKER_TID))));
        await("the QP1 marker's answer", () -> !markers(MgmtClass.PERF_MGT).isEmpty());
    }

    private List<Mad> markers(MgmtClass mgmtClass) {
        return onLoop(
                sm,
                () -> sm.received.stream()
                        .filter(f -> SmpPackets.isSmp(f) || GmpPackets.isGmp(f))
                        .map(f -> SmpPackets.isSmp(f) ? SmpPackets.mad(f) : GmpPackets.mad(f))
                        .filter(m ->
                                m.mgmtClass().equals(mgmtClass) && m.header().transactionId() == MARKER_TID)
                        .toList());
    }

    /** Sends a directed-route SMP and waits for its answer (traps may arrive around it). */
    DrSmp exchange(DrSmp outbound) {
        sendDr(outbound);
        await("answer", () -> !smps(MgmtClass.SUBN_DIRECTED_ROUTE).isEmpty());
        return DrSmp.decode(smps(MgmtClass.SUBN_DIRECTED_ROUTE).get(0));
    }

    /** The SMPs of class {@code mgmtClass} the SM received since the last send (flush markers aside). */
    List<Mad> smps(MgmtClass mgmtClass) {
        return onLoop(
                sm,
                () -> sm.received.stream()
                        .filter(SmpPackets::isSmp)
                        .map(SmpPackets::mad)
                        .filter(m ->
                                m.mgmtClass().equals(mgmtClass) && m.header().transactionId() != MARKER_TID)
                        .toList());
    }

    /** The GMPs the SM received since the last send (flush markers aside). */
    List<Mad> gmps() {
        return onLoop(
                sm,
                () -> sm.received.stream()
                        .filter(GmpPackets::isGmp)
                        .map(GmpPackets::mad)
                        .filter(m -> m.header().transactionId() != MARKER_TID)
                        .toList());
    }

    /** The LRH SLs of the traps the SM received since the last send. */
    List<Integer> trapSls() {
        return onLoop(
                sm,
                () -> sm.received.stream()
                        .filter(SmpPackets::isSmp)
                        .filter(f -> SmpPackets.mad(f).header().method() == Method.TRAP)
                        .map(f -> Lrh.sl(f, 0))
                        .toList());
    }

    /** The traps the SM received since the last send, in order. */
    List<Notice> traps() {
        return smps(MgmtClass.SUBN_LID_ROUTED).stream()
                .map(Smp::decode)
                .filter(t -> t.header().method() == Method.TRAP && t.header().attributeId() == Notice.ATTRIBUTE_ID)
                .map(t -> Notice.decodeSmp(t.data(), 0))
                .toList();
    }

    /** Sends a frame from the SM's port after forgetting what it received; call on any thread. */
    void sendFrame(byte[] frame) {
        onLoop(sm, () -> send(frame));
    }

    private boolean send(byte[] frame) {
        sm.received.clear();
        return sm.port(1).transmit(frame);
    }

    /** A GMP from the SM to s1's QP1 with the given BTH P_Key and DETH Q_Key. */
    static byte[] gmpToS1(int pKey, int qKey, Mad mad) {
        return PacketBuilder.iba(
                        Lrh.of(0, 0, Lrh.LNH_IBA_LOCAL, S1_LID, SM_LID), Bth.of(OpCode.UD_SEND_ONLY, pKey, 1, false, 0))
                .headers(new Deth(qKey, SM_QP))
                .payload(mad.toBytes())
                .build();
    }

    /** PerfMgt Get or Set(PortCounters) of {@code port} with {@code counterSelect}. */
    static Mad portCounters(int method, int port, int counterSelect) {
        return portCounters(method, port, counterSelect, 0x77);
    }

    private static Mad portCounters(int method, int port, int counterSelect, long tid) {
        byte[] data = PortCounters.zero(port).toBytes();
        Bits.put16(data, 2, counterSelect);
        return PmaMad.of(MadHeader.of(MgmtClass.PERF_MGT, 1, method, tid, PortCounters.ATTRIBUTE_ID, 0), data)
                .encode();
    }

    /** The PMA's answer to {@link #portCounters}, sent with the well-known keys. */
    PortCounters pma(int method, int port, int counterSelect) {
        sendFrame(gmpToS1(0xFFFF, Deth.GSI_Q_KEY, portCounters(method, port, counterSelect)));
        await("PMA answer", () -> !gmps().isEmpty());
        PmaMad answer = PmaMad.decode(gmps().get(0));
        assertEquals(Method.GET_RESP, answer.header().method());
        return PortCounters.decode(answer.data(), 0);
    }

    /** Waits for the first trap of {@code trapNumber} at the SM and returns its Notice. */
    Notice awaitTrap(int trapNumber) {
        await("trap " + trapNumber, () -> traps().stream().anyMatch(t -> t.trapNumber() == trapNumber));
        return traps().stream()
                .filter(t -> t.trapNumber() == trapNumber)
                .findFirst()
                .orElseThrow();
    }

    /** The TrapRepress an SM answers the first received trap with, sent LID-routed to s1. */
    void repressFirstTrap() {
        Smp trap = Smp.decode(smps(MgmtClass.SUBN_LID_ROUTED).get(0));
        Mad repress = Smp.of(trap.header().withMethod(Method.TRAP_REPRESS), 0, trap.data())
                .encode();
        sendFrame(SmpPackets.frame(S1_LID, SM_LID, repress));
    }
}
