package dev.ibmesh.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.device.hca.HcaDevice;
import dev.ibmesh.device.hca.HcaHostPort;
import dev.ibmesh.mad.smp.SmInfo;
import dev.ibmesh.runtime.device.FabricTestKit;
import dev.ibmesh.runtime.madport.AgentMadPort;
import dev.ibmesh.runtime.umad.OfedTools;
import dev.ibmesh.sm.SmOptions;
import dev.ibmesh.sm.SmService;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * OpenSM and ibmesh's SM on one fabric (IBA 14.4.1 SM election between two implementations nobody here wrote both
 * of): whichever has the higher priority ends up master, the other standby, and `sminfo` agrees.
 */
class OpenSmElectionTest {
    private static final Path TOPOLOGY = Path.of("..", "examples", "topologies", "two-switches-four-hcas.yaml");

    @Test
    void openSmOfHigherPriorityTakesTheSubnetOverFromIbmeshsSm() throws Exception {
        electWith(0, 10, (f, ours) -> {
            // OpenSM finds a master and stands by; ours learns of it (trap 144), finds it outranks itself and hands
            // the subnet over.
            FabricTestKit.await("ibmesh's SM standby", 30_000, () -> ours.state() == SmInfo.STATE_STANDBY);
            FabricTestKit.await("OpenSM master", 30_000, () -> openSmInfo(f).contains("SMINFO_MASTER"));
            assertTrue(openSmInfo(f).contains("priority 10"), () -> openSmInfo(f));
            assertEquals(SmInfo.STATE_STANDBY, ours.state());
        });
    }

    @Test
    void ibmeshsSmOfHigherPriorityStaysMasterAndOpenSmStandsBy() throws Exception {
        electWith(15, 1, (f, ours) -> {
            FabricTestKit.await("OpenSM standby", 30_000, () -> openSmInfo(f).contains("SMINFO_STANDBY"));
            assertEquals(SmInfo.STATE_MASTER, ours.state());
            long ourGuid = f.topology.device("h2").orElseThrow().portGuid(1);
            String asked = sminfo(f, "h3");
            assertTrue(asked.contains("sm guid 0x" + Long.toHexString(ourGuid) + ","), asked);
            assertTrue(asked.contains("SMINFO_MASTER") && asked.contains("priority 15"), asked);
        });
    }

    /** What a test checks once both SMs run. */
    @FunctionalInterface
    private interface Election {
        void check(OfedFabric f, SmService ours) throws Exception;
    }

    /**
     * ibmesh's SM of priority {@code ours} on h2, up first, then OpenSM of priority {@code theirs} on h1; a failed
     * check carries ibmesh's SM's log.
     */
    private static void electWith(int ours, int theirs, Election election) throws Exception {
        OfedTools.require("opensm", "opensm");
        List<String> log = new CopyOnWriteArrayList<>();
        try (OfedFabric f = OfedFabric.start(TOPOLOGY);
                SmService sm = ibmeshSm(f, "h2", ours, log)) {
            sm.start().get(30, TimeUnit.SECONDS);
            OfedTools.Started osm = openSm(f, theirs);
            try {
                election.check(f, sm);
            } catch (AssertionError e) {
                throw new AssertionError(e.getMessage() + "; ibmesh's SM's log: " + log, e);
            } finally {
                stop(osm);
            }
        }
    }

    private static SmService ibmeshSm(OfedFabric f, String hca, int priority, List<String> log) throws Exception {
        HcaDevice device = (HcaDevice) f.device(hca);
        return new SmService(
                AgentMadPort.open(new HcaHostPort(device, 1)).get(10, TimeUnit.SECONDS),
                SmOptions.defaults(),
                priority,
                Duration.ofMillis(500),
                log::add);
    }

    private static OfedTools.Started openSm(OfedFabric f, int priority) throws Exception {
        Path conf = Files.writeString(f.dir.resolve("opensm.conf"), "force_log_flush TRUE\n");
        return f.start(
                "h1",
                "opensm",
                "-F",
                conf.toString(),
                "-p",
                Integer.toString(priority),
                "-s",
                "1",
                "-f",
                f.dir.resolve("opensm.log").toString());
    }

    /** OpenSM's own SMInfo: `sminfo -D 0` on its port (h1). */
    private static String openSmInfo(OfedFabric f) {
        return sminfo(f, "h1", "-D", "0");
    }

    /** What `sminfo` says when run on {@code host}'s port (no arguments: the master's, found by MasterSMLID). */
    private static String sminfo(OfedFabric f, String host, String... args) {
        try {
            String[] command = new String[args.length + 1];
            command[0] = "sminfo";
            System.arraycopy(args, 0, command, 1, args.length);
            OfedTools.Run run = f.run(host, command);
            return run.out() + run.err();
        } catch (Exception e) {
            return e.toString();
        }
    }

    private static void stop(OfedTools.Started osm) throws InterruptedException {
        osm.process().destroy();
        osm.process().waitFor(10, TimeUnit.SECONDS);
    }
}
