package dev.ibmesh.sm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.smp.SmInfo;
import dev.ibmesh.runtime.device.FabricTestKit;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Two ibmesh SMs on one fabric (IBA 14.4.1): the one with the higher priority ends up master, the other standby, and
 * when the master goes silent the standby takes over and the subnet is still routed.
 */
class ElectionTest {
    private static final Duration POLL = Duration.ofMillis(100);

    @Test
    void theHigherPriorityWinsAndTheStandbyTakesOverWhenTheMasterDies() throws Exception {
        try (SmFabric f = SmFabric.start(Topologies.fatTree(16, 8))) {
            List<String> logA = new CopyOnWriteArrayList<>();
            List<String> logB = new CopyOnWriteArrayList<>();
            SmOptions quick = SmOptions.defaults();
            try (SmService a = new SmService(f.madPort("h1"), quick, 1, POLL, logA::add)) {
                a.start().get(30, TimeUnit.SECONDS);
                assertEquals(SmInfo.STATE_MASTER, a.state());

                SmService b = new SmService(f.madPort("h9"), quick, 5, POLL, logB::add);
                b.start();
                // A learns of B (trap 144: h9's CapabilityMask got IsSM), finds it outranks itself, hands over.
                FabricTestKit.await(
                        "B master, A standby",
                        20_000,
                        () -> b.state() == SmInfo.STATE_MASTER && a.state() == SmInfo.STATE_STANDBY && b.up());
                assertTrue(logA.stream().anyMatch(l -> l.startsWith("handing over to SM on")), logA::toString);
                // B became master either by A's handover or, when the handover reached it while it was still
                // discovering, by finding A already standing by: both are legal orders of IBA 14.4.1.
                assertTrue(
                        logB.stream()
                                .anyMatch(l -> l.startsWith("handover from the SM") || l.startsWith("entering MASTER")),
                        logB::toString);
                BringUpTest.verifyAsTheFabricIs(f.madPort("h3"));

                b.close(); // the master dies: it stops answering and its port drops IsSM
                FabricTestKit.await("A master again", 20_000, () -> a.state() == SmInfo.STATE_MASTER && a.up());
                assertTrue(logA.stream().anyMatch(l -> l.contains("DISCOVERING")), logA::toString);
                BringUpTest.verifyAsTheFabricIs(f.madPort("h3"));
            }
        }
    }

    @Test
    void aSecondSmOfLowerPriorityStaysStandby() throws Exception {
        try (SmFabric f = SmFabric.start(Topologies.line())) {
            List<String> log = new CopyOnWriteArrayList<>();
            try (SmService a = new SmService(f.madPort("h1"), SmOptions.defaults(), 7, POLL, line -> {});
                    SmService b = new SmService(f.madPort("h2"), SmOptions.defaults(), 2, POLL, log::add)) {
                a.start().get(30, TimeUnit.SECONDS);
                b.start();
                FabricTestKit.await("B standby", 10_000, () -> b.state() == SmInfo.STATE_STANDBY);
                assertTrue(log.get(0).contains("master is SM on CA"), log::toString);
                assertEquals(SmInfo.STATE_MASTER, a.state());
                assertEquals(SmInfo.STATE_STANDBY, b.state());
                assertEquals(0, b.sweeps(), "a standby does not configure the subnet");
            }
        }
    }

    /**
     * SMs with different SM_Keys take no part in each other's election (IBA 14.4.1.2): the master does not hand over to
     * an SM of higher priority with another key, and that SM does not stand by for it.
     */
    @Test
    void anSmWithAnotherSmKeyIsIgnored() throws Exception {
        try (SmFabric f = SmFabric.start(Topologies.line())) {
            List<String> logA = new CopyOnWriteArrayList<>();
            List<String> logB = new CopyOnWriteArrayList<>();
            try (SmService a = new SmService(f.madPort("h1"), SmOptions.defaults(), 1, POLL, logA::add);
                    SmService b =
                            new SmService(f.madPort("h2"), SmOptions.defaults().withSmKey(0x2), 5, POLL, logB::add)) {
                a.start().get(30, TimeUnit.SECONDS);
                b.start();
                FabricTestKit.await(
                        "each ignores the other",
                        10_000,
                        () -> logA.stream().anyMatch(l -> l.contains("its SM_Key 0x2 is not this subnet's (0x1)"))
                                && logB.stream()
                                        .anyMatch(l -> l.contains("its SM_Key 0x1 is not this subnet's (0x2)")));
                assertEquals(SmInfo.STATE_MASTER, a.state(), "no handover to an SM with another key");
                assertTrue(logA.stream().noneMatch(l -> l.startsWith("handing over")), logA::toString);
                assertTrue(logB.stream().noneMatch(l -> l.contains("STANDBY")), logB::toString);
            }
        }
    }
}
