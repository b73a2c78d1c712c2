package dev.ibmesh.sm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.runtime.device.Device;
import dev.ibmesh.runtime.device.FabricTestKit;
import dev.ibmesh.runtime.madport.MadPort;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The SM as a service: up at start, and a cut cable is noticed (trap 128), re-swept and routed around. */
class SmServiceTest {
    @Test
    void aCutCableIsTrappedResweptAndRoutedAround() throws Exception {
        try (SmFabric f = SmFabric.start(Topologies.fatTree(16, 8))) {
            MadPort port = f.madPort("h1");
            List<String> log = new CopyOnWriteArrayList<>();
            // No light sweeps within the test: only the trap can start the second sweep.
            try (SmService sm = new SmService(port, SmOptions.defaults(), 0, Duration.ofHours(1), log::add)) {
                SweepResult first = sm.start().get(30, TimeUnit.SECONDS);
                assertTrue(first.up());
                assertEquals(1, sm.sweeps());

                Device leaf = f.fabric.device("leaf2");
                leaf.run(() -> leaf.port(5).disable()).await(5, TimeUnit.SECONDS); // an uplink to a spine
                FabricTestKit.await("a heavy sweep after the trap", 10_000, () -> sm.sweeps() >= 2 && sm.up());

                assertTrue(log.get(log.size() - 1).startsWith("SUBNET UP: 24 nodes"), log::toString);
                BringUpTest.verifyAsTheFabricIs(port);
                assertEquals(List.of("spine1/2 1", "leaf2/5 1"), f.portsNotIn(PortInfo.PORT_STATE_ACTIVE));
            }
        }
    }
}
