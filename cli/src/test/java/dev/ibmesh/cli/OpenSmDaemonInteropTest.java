package dev.ibmesh.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.runtime.device.Device;
import dev.ibmesh.runtime.device.FabricTestKit;
import dev.ibmesh.runtime.port.Port;
import dev.ibmesh.runtime.umad.OfedTools;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * OpenSM as a daemon on h1 with periodic sweeps off ({@code -s 0}), so only traps make it look again: it answers
 * sminfo as the master, and when a cable is cut and reconnected, the switch's trap 128 makes it sweep and bring the
 * port back to Active.
 */
class OpenSmDaemonInteropTest {
    @Test
    void theMasterAnswersSminfoAndHandlesALinkCutThroughTrap128() throws Exception {
        try (OfedFabric f = OfedFabric.start(Path.of("..", "examples", "topologies", "two-switches-four-hcas.yaml"))) {
            Path log = f.dir.resolve("opensm.log");
            // A daemon buffers its log; the test reads it while OpenSM runs.
            Path conf = Files.writeString(f.dir.resolve("opensm.conf"), "force_log_flush TRUE\n");
            OfedTools.Started osm = f.start("h1", "opensm", "-F", conf.toString(), "-s", "0", "-f", log.toString());
            try {
                FabricTestKit.await("SUBNET UP", 30_000, () -> read(log).contains("SUBNET UP"));
                OfedTools.Run sminfo = f.run("h1", "sminfo");
                assertEquals(0, sminfo.exitCode(), sminfo::toString);
                long h1Guid = f.topology.device("h1").orElseThrow().portGuid(1);
                assertTrue(sminfo.out().contains("sm guid 0x" + Long.toHexString(h1Guid) + ","), sminfo::toString);
                assertTrue(sminfo.out().contains("SMINFO_MASTER"), sminfo::toString);

                Device sw2 = f.device("sw2");
                Device h4 = f.device("h4");
                Port cut = sw2.port(2);
                f.onLoop(sw2, () -> {
                    cut.disable();
                    return null;
                });
                FabricTestKit.await(
                        "h4 down",
                        10_000,
                        () -> f.onLoop(h4, () -> h4.port(1).portState()) == PortInfo.PORT_STATE_DOWN);
                f.onLoop(sw2, () -> {
                    cut.enable();
                    return null;
                });
                FabricTestKit.await(
                        "h4 Active again, by OpenSM's trap-driven sweep",
                        30_000,
                        () -> f.onLoop(h4, () -> h4.port(1).portState()) == PortInfo.PORT_STATE_ACTIVE);
                assertTrue(read(log).contains("num:128"), "OpenSM logged the trap it received");
            } finally {
                osm.process().destroy();
                osm.process().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    private static String read(Path log) {
        try {
            return Files.exists(log) ? Files.readString(log) : "";
        } catch (java.io.IOException e) {
            return "";
        }
    }
}
