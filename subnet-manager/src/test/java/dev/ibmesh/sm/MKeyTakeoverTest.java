package dev.ibmesh.sm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.runtime.madport.MadPort;
import dev.ibmesh.sm.activation.MKeyPolicy;
import dev.ibmesh.sm.discovery.Discovery;
import dev.ibmesh.sm.discovery.SmPort;
import dev.ibmesh.sm.smp.SmpDispatcher;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An SM takes over a subnet another SM keyed with an M_Key it does not know (IBA 14.2.4): at once where the ports show
 * the key (M_KeyProtectBits 0), and where they hide it (protect bits 1) once the lease its refused Sets started has run
 * out (C14-17, C14-18). Afterwards every end port carries the new SM's key, protect bits and lease.
 */
class MKeyTakeoverTest {
    private static final long OLD_KEY = 0x0BAD_0000_0000_0001L;
    private static final long NEW_KEY = 0x1234_ABCD_0000_0042L;
    private static final MKeyPolicy NEW = new MKeyPolicy(NEW_KEY, 1, 60);

    @Test
    void portsShowingAnotherSmsKeyAreTakenOverInTheFirstSweep() throws Exception {
        try (SmFabric f = SmFabric.start(Topologies.fatTree(16, 8))) {
            keyAll(f, new MKeyPolicy(OLD_KEY, 0, 0));
            List<String> log = new ArrayList<>();
            SubnetManager sm =
                    new SubnetManager(f.madPort("h3"), SmOptions.defaults().withMKey(NEW), log::add);

            SweepResult first = sm.sweep();

            assertTrue(first.up(), first::summary);
            assertEquals(
                    16 + 8, log.stream().filter(l -> l.startsWith("took over")).count(), String.join("\n", log));
            assertTrue(
                    first.phases().phases().containsKey("M_Key takeover"),
                    () -> first.phases().toString());
            assertEquals(
                    16 + 8,
                    first.phases().phases().get("M_Key takeover").smps(),
                    () -> "the takeover is a phase of its own: " + first.phases());
            assertEveryEndPortHas(f, NEW);
        }
    }

    @Test
    void portsHidingAnotherSmsKeyAreTakenOverWhenTheirLeaseRunsOut() throws Exception {
        try (SmFabric f = SmFabric.start(Topologies.fatTree(16, 8))) {
            keyAll(f, new MKeyPolicy(OLD_KEY, 1, 1));
            SubnetManager sm =
                    new SubnetManager(f.madPort("h3"), SmOptions.defaults().withMKey(NEW), line -> {});

            SweepResult first = sm.sweep();
            assertFalse(first.up(), "the key is hidden and the lease has not run out: " + first.summary());

            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            SweepResult last = first;
            while (!last.up() && System.nanoTime() < deadline) {
                last = sm.sweep(); // each sweep waits for its refused Sets to time out: no busy loop
            }
            assertTrue(last.up(), last::summary);
            assertEveryEndPortHas(f, NEW);
        }
    }

    /** Another SM, on h1, brings the subnet up with {@code policy} on every end port. */
    private static void keyAll(SmFabric f, MKeyPolicy policy) throws Exception {
        SweepResult old =
                new SubnetManager(f.madPort("h1"), SmOptions.defaults().withMKey(policy), line -> {}).sweep();
        assertTrue(old.up(), old::summary);
    }

    private static void assertEveryEndPortHas(SmFabric f, MKeyPolicy policy) throws Exception {
        MadPort reader = f.madPort("h5");
        List<SmPort> ends = new Discovery(new SmpDispatcher(reader, 8, Duration.ofSeconds(2), 1, policy.key()))
                .sweep()
                .endPorts();
        assertEquals(16 + 8, ends.size(), "every HCA port and every switch's port 0");
        for (SmPort p : ends) {
            assertEquals(policy.key(), p.info().mKey(), p + " has the new SM's M_Key");
            assertEquals(policy.protectBits(), p.info().mKeyProtectBits(), p.toString());
            assertEquals(policy.leasePeriod(), p.info().mKeyLeasePeriod(), p.toString());
        }
    }
}
