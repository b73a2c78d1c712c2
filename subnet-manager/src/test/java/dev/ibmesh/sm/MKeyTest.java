package dev.ibmesh.sm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.runtime.madport.MadPort;
import dev.ibmesh.sm.activation.MKeyPolicy;
import dev.ibmesh.sm.discovery.Discovery;
import dev.ibmesh.sm.discovery.SmPort;
import dev.ibmesh.sm.discovery.Subnet;
import dev.ibmesh.sm.smp.SmpDispatcher;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/**
 * The SM with an M_Key (IBA 14.2.4): it puts the key, the protect bits and the lease period on every end port, its own
 * sweeps keep working with the key, and the ports refuse what an SMP without it may not do: with protect bits 1 a
 * SubnGet reads the M_Key as 0, and a SubnSet goes unanswered.
 */
class MKeyTest {
    private static final long KEY = 0x1234_ABCD_0000_0042L;

    @Test
    void portsGuardTheSmsKeyAndTheSmKeepsConfiguringThem() throws Exception {
        try (SmFabric f = SmFabric.start(Topologies.fatTree(16, 8))) {
            SmOptions options = SmOptions.defaults().withMKey(new MKeyPolicy(KEY, 1, 60));
            MadPort smPort = f.madPort("h1");
            SubnetManager sm = new SubnetManager(smPort, options, line -> {});
            SweepResult first = sm.sweep();
            assertTrue(first.up(), first::summary);

            MadPort other = f.madPort("h3");
            Subnet keyed = new Discovery(new SmpDispatcher(other, 8, Duration.ofSeconds(2), 1, KEY)).sweep();
            List<SmPort> ends = keyed.endPorts();
            assertEquals(16 + 8, ends.size(), "every HCA port and every switch's port 0");
            for (SmPort p : ends) {
                assertEquals(KEY, p.info().mKey(), p + " has the SM's M_Key");
                assertEquals(1, p.info().mKeyProtectBits(), p.toString());
                assertEquals(60, p.info().mKeyLeasePeriod(), p.toString());
            }

            SmpDispatcher keyless = new SmpDispatcher(other, 8, Duration.ofMillis(300), 0);
            Subnet seen = new Discovery(keyless).sweep();
            for (SmPort p : seen.endPorts()) {
                assertEquals(0, p.info().mKey(), p + ": a Get with another key reads the M_Key as 0");
            }
            SmPort target = ends.stream()
                    .filter(p -> !p.node().isSwitch()
                            && p.guid() != smPort.identity().portGuid()
                            && p.guid() != other.identity().portGuid())
                    .findFirst()
                    .orElseThrow();
            byte[] same = target.info().toBuilder()
                    .portState(0)
                    .portPhysicalState(PortInfo.PHYS_STATE_NO_CHANGE)
                    .build()
                    .toBytes();
            assertThrows(
                    CompletionException.class,
                    () -> keyless.set(PortInfo.ATTRIBUTE_ID, target.number(), same, target.path())
                            .join(),
                    "a SubnSet with another key is not answered");

            SweepResult again = sm.sweep();
            assertTrue(again.up(), again::summary);
            assertEquals(List.of(), again.problems(), "the SM's SMPs carry the key");
        }
    }
}
