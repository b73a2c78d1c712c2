package dev.ibmesh.device.sw;

import static dev.ibmesh.device.sw.ManagedFabric.S1_LID;
import static dev.ibmesh.device.sw.SwitchTestKit.await;
import static dev.ibmesh.device.sw.SwitchTestKit.onLoop;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.mad.pma.PortCounters;
import dev.ibmesh.mad.smp.NodeDescription;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.mad.smp.Notice;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.proto.link.v1.Frame;
import dev.ibmesh.wire.Bth;
import dev.ibmesh.wire.Deth;
import dev.ibmesh.wire.Lrh;
import dev.ibmesh.wire.OpCode;
import dev.ibmesh.wire.PacketBuilder;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The traps s1 sends its master SM (IBA 14.3.11): 256 for a refused M_Key, 257/258 for GMPs with bad keys at port
 * 0's QP1, 129 when a port's local physical errors cross LocalPhyErrors, 144 on local changes; and the PMA counters
 * the bad packets leave behind, cleared by CounterSelect.
 */
class SwitchTrapTest {
    private static final long KEY = 0xCAFEL;
    private static final long WRONG = 0xBADL;
    private ManagedFabric fabric;

    @BeforeEach
    void setUp() throws Exception {
        fabric = new ManagedFabric(List.of());
        fabric.configureS1();
    }

    @AfterEach
    void tearDown() throws Exception {
        fabric.close();
    }

    private void protect(int level) {
        fabric.setPortInfo(
                0, p -> p.toBuilder().mKey(KEY).mKeyProtectBits(level).build());
    }

    @ParameterizedTest(name = "level {0}")
    @ValueSource(ints = {0, 1, 2, 3})
    void aSetWithTheWrongMKeyRaisesTrap256(int level) {
        protect(level);
        fabric.sendDr(DrSmp.outbound(
                Method.SET,
                0x33,
                NodeDescription.ATTRIBUTE_ID,
                0,
                WRONG,
                NodeDescription.of("taken").toBytes(),
                1));
        Notice trap = fabric.awaitTrap(Notice.TRAP_BAD_M_KEY);
        assertEquals(Notice.TYPE_SECURITY, trap.type());
        assertEquals(Notice.PRODUCER_SWITCH, trap.producerType());
        assertEquals(S1_LID, trap.issuerLid());
        Notice.BadMKeyTrap details = (Notice.BadMKeyTrap) trap.details();
        assertEquals(Method.SET, details.method());
        assertEquals(NodeDescription.ATTRIBUTE_ID, details.attributeId());
        assertEquals(WRONG, details.mKey());
        assertEquals(S1_LID, details.lidAddr());
        assertEquals(1, details.drNotice(), "it came over a directed route");
        assertEquals(1, details.drHopCount());
        fabric.advanceS1(TimeUnit.SECONDS.toNanos(1)); // past the repeat period
        await("the trap repeated", () -> fabric.traps().size() > 1);
        fabric.flushQp0(KEY);
        assertTrue(fabric.smps(MgmtClass.SUBN_DIRECTED_ROUTE).isEmpty(), "the Set itself gets no answer");
        assertTrue(fabric.traps().size() > 1, "repeated until repressed");
        assertTrue(fabric.traps().stream().allMatch(t -> t.equals(trap)));
    }

    @ParameterizedTest(name = "level {0}")
    @ValueSource(ints = {0, 1, 2, 3})
    void aGetWithTheWrongMKeyRaisesTrap256WhereItIsRefused(int level) {
        protect(level);
        fabric.sendDr(DrSmp.outbound(Method.GET, 0x34, NodeInfo.ATTRIBUTE_ID, 0, WRONG, new byte[0], 1));
        await("answer or trap", () -> fabric.receivedCount() >= 1);
        fabric.flushQp0(KEY);
        boolean refused = level >= 2;
        assertEquals(
                refused ? 0 : 1,
                fabric.smps(MgmtClass.SUBN_DIRECTED_ROUTE).size(),
                refused ? "levels 2 and 3 refuse the Get" : "levels 0 and 1 answer it");
        assertEquals(refused, fabric.traps().stream().anyMatch(t -> t.trapNumber() == Notice.TRAP_BAD_M_KEY));
    }

    @Test
    void aGmpWithABadPKeyIsDroppedCountedAndTrapped() {
        fabric.sendFrame(ManagedFabric.gmpToS1(0x8123, Deth.GSI_Q_KEY, ManagedFabric.portCounters(Method.GET, 1, 0)));
        Notice trap = fabric.awaitTrap(Notice.TRAP_BAD_P_KEY);
        Notice.BadKeyTrap details = (Notice.BadKeyTrap) trap.details();
        assertEquals(0x8123, details.key());
        assertEquals(ManagedFabric.SM_LID, details.lidAddr1());
        assertEquals(S1_LID, details.lidAddr2());
        assertEquals(1, details.qp2());
        assertEquals(1, port0().pKeyViolations());
        assertEquals(0, port0().qKeyViolations());
        assertEquals(ManagedFabric.SM_SL, fabric.trapSls().get(0), "traps travel on MasterSMSL");
        assertEquals(1, onLoop(fabric.s1, fabric.s1::droppedForPort0), "the PMA never saw it");
    }

    @Test
    void aGmpWithABadQKeyIsDroppedCountedAndTrapped() {
        fabric.sendFrame(ManagedFabric.gmpToS1(0xFFFF, 0x0BAD, ManagedFabric.portCounters(Method.GET, 1, 0)));
        Notice trap = fabric.awaitTrap(Notice.TRAP_BAD_Q_KEY);
        assertEquals(0x0BAD, ((Notice.BadKeyTrap) trap.details()).key());
        assertEquals(1, port0().qKeyViolations());
        assertEquals(0, port0().pKeyViolations());
    }

    @Test
    void localPhysicalErrorsPastTheThresholdRaiseTrap129AndShowInThePma() {
        fabric.setPortInfo(1, p -> p.toBuilder().localPhyErrors(2).build());
        onLoop(fabric.sm, () -> {
            fabric.sm.received.clear();
            for (int i = 0; i < 3; i++) {
                byte[] bad = PacketBuilder.iba(
                                Lrh.of(0, 0, Lrh.LNH_IBA_LOCAL, 5, 1), Bth.of(OpCode.RC_SEND_ONLY, 0xFFFF, 3, false, i))
                        .payload(new byte[16])
                        .badVcrc()
                        .build();
                assertTrue(fabric.sm.port(1).inject(Frame.Kind.DATA, bad, false));
            }
            return null;
        });
        Notice trap = fabric.awaitTrap(Notice.TRAP_LINK_INTEGRITY_THRESHOLD);
        assertEquals(Notice.TYPE_URGENT, trap.type());
        assertEquals(new Notice.PortTrap(S1_LID, 1), trap.details());

        PortCounters counters = fabric.pma(Method.GET, 1, 0);
        assertEquals(3, counters.portRcvErrors());
        assertEquals(1, counters.localLinkIntegrityErrors());
        PortCounters cleared = fabric.pma(
                Method.SET, 1, PortCounters.SELECT_PORT_RCV_ERRORS | PortCounters.SELECT_LOCAL_LINK_INTEGRITY_ERRORS);
        assertEquals(0, cleared.portRcvErrors());
        assertEquals(0, cleared.localLinkIntegrityErrors());
        assertTrue(cleared.portRcvPkts() > 0, "counters not selected keep their value");
    }

    @Test
    void aNewNodeDescriptionRaisesTrap144() {
        DrSmp answer = fabric.exchange(DrSmp.outbound(
                Method.SET,
                0x40,
                NodeDescription.ATTRIBUTE_ID,
                0,
                0,
                NodeDescription.of("renamed").toBytes(),
                1));
        assertEquals(0, answer.status(), "port 0 advertises IsSetNodeDescriptionSupported");
        assertEquals("renamed", NodeDescription.decode(answer.data(), 0).text());
        Notice trap = fabric.awaitTrap(Notice.TRAP_LOCAL_CHANGES);
        assertEquals(Notice.TYPE_INFO, trap.type());
        Notice.LocalChangesTrap details = (Notice.LocalChangesTrap) trap.details();
        assertEquals(1, details.otherLocalChanges());
        assertTrue(details.changed(Notice.LocalChangesTrap.CHANGE_NODE_DESCRIPTION));
        assertEquals(port0().capabilityMask() & 0xFFFF_FFFFL, details.capabilityMask());
    }

    @Test
    void aNewLinkWidthEnabledRaisesTrap144WithItsFlag() {
        fabric.setPortInfo(2, p -> p.toBuilder().linkWidthEnabled(1).build());
        Notice trap = fabric.awaitTrap(Notice.TRAP_LOCAL_CHANGES);
        Notice.LocalChangesTrap details = (Notice.LocalChangesTrap) trap.details();
        assertEquals(Notice.LocalChangesTrap.CHANGE_LINK_WIDTH_ENABLED, details.changeFlags());
    }

    private PortInfo port0() {
        return onLoop(fabric.s1, () -> fabric.s1.smaNode().portInfo(0));
    }
}
