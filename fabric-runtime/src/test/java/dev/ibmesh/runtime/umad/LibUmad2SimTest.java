package dev.ibmesh.runtime.umad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.pma.PortCounters;
import dev.ibmesh.mad.smp.PortInfo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real OpenFabrics programs, unmodified, attached to the endpoint by {@code libumad2sim.so} over UDP: infiniband-diags'
 * {@code smpquery}, {@code perfquery} and {@code ibstat}, and OpenSM, against a CA port whose SMA and PMA are the
 * common {@link dev.ibmesh.runtime.sma.Sma} and {@link dev.ibmesh.runtime.pma.Pma}. They need Debian's
 * {@code ibsim-utils}, {@code libumad2sim0}, {@code infiniband-diags} and {@code opensm}; a missing one fails the test
 * with the package to install.
 */
class LibUmad2SimTest {
    private static final List<String> NO_ENV = List.of();

    @TempDir
    Path dir;

    private SmaUmadPort port;
    private UmadServerFixture fixture;

    @BeforeAll
    static void tools() {
        OfedTools.require("perfquery", "infiniband-diags");
        OfedTools.require("smpquery", "infiniband-diags");
        OfedTools.require("ibstat", "infiniband-diags");
    }

    @BeforeEach
    void start() {
        port = new SmaUmadPort();
        fixture = UmadServerFixture.of(port);
    }

    @AfterEach
    void stop() throws Exception {
        fixture.close();
    }

    private OfedTools.Run run(String... command) throws Exception {
        return OfedTools.run(dir, fixture.port, SmaUmadPort.NAME, NO_ENV, command);
    }

    private static String field(OfedTools.Run run, String name) {
        for (String line : run.out().split("\n")) {
            if (line.startsWith(name + ":")) {
                return line.substring(line.lastIndexOf('.') + 1).trim();
            }
        }
        throw new AssertionError("no " + name + " in\n" + run);
    }

    @Test
    void smpqueryReadsNodeInfoOverADirectedRouteOfHopCountZero() throws Exception {
        OfedTools.Run r = run("smpquery", "-D", "nodeinfo", "0");
        assertEquals(0, r.exitCode(), r::toString);
        assertEquals("Channel Adapter", field(r, "NodeType"), r::toString);
        assertEquals(String.format("0x%016x", port.nodeGuid()), field(r, "Guid"));
        assertEquals(String.format("0x%016x", port.portGuid()), field(r, "PortGuid"));
        assertEquals(String.format("0x%016x", port.node.systemImageGuid()), field(r, "SystemGuid"));
        assertEquals("1", field(r, "NumPorts"));
        assertEquals("64", field(r, "PartCap"));
        assertEquals("0x1017", field(r, "DevId"));
        assertEquals("1", field(r, "LocalPort"));
        assertEquals("0x0002c9", field(r, "VendorId"));
        assertTrue(fixture.counters().get(UmadCounter.MADS_FROM_CLIENTS) >= 1);
        UmadServerFixture.await(
                "the client's DISCONNECT", () -> fixture.counters().activeSessions() == 0);
        assertEquals(1, fixture.counters().get(UmadCounter.SESSIONS_DISCONNECTED));
        assertEquals(0, fixture.counters().get(UmadCounter.CONTROL_ERRORS));
        assertEquals(1, port.detaches.get());
    }

    @Test
    void smpqueryReadsPortInfo() throws Exception {
        OfedTools.Run r = run("smpquery", "-D", "portinfo", "0");
        assertEquals(0, r.exitCode(), r::toString);
        PortInfo pi = port.node.portInfo(1);
        assertEquals(Integer.toString(pi.lid()), field(r, "Lid"));
        assertEquals(Integer.toString(pi.masterSmLid()), field(r, "SMLid"));
        assertEquals("Initialize", field(r, "LinkState"));
        assertEquals("LinkUp", field(r, "PhysLinkState"));
        assertEquals("1", field(r, "LocalPort"));
        assertEquals("4X", field(r, "LinkWidthActive"));
    }

    @Test
    void smpqueryReachesTheSmaByLid() throws Exception {
        OfedTools.Run r = run("smpquery", "nodedesc", Integer.toString(port.lid()));
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.out().contains("fake node"), r::toString);
        UmadMad sent = port.sent.get(0);
        assertEquals(port.lid(), sent.dlid());
        assertEquals(0, sent.dqp());
    }

    @Test
    void smpqueryReadsThePKeyTable() throws Exception {
        OfedTools.Run r = run("smpquery", "-D", "pkeys", "0");
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.out().contains("64 pkeys capacity"), r::toString);
    }

    @Test
    void anUnroutableRequestFailsAtOnceWithTheTimeoutStatus() throws Exception {
        OfedTools.Run r = run("smpquery", "nodeinfo", "77");
        assertNotEquals(0, r.exitCode(), r::toString);
        assertTrue(fixture.counters().get(UmadCounter.MADS_UNDELIVERABLE) >= 1);
    }

    @Test
    void ibstatShowsWhatTheControlQueriesAnswered() throws Exception {
        OfedTools.Run r = run("ibstat");
        assertEquals(0, r.exitCode(), r::toString);
        String out = r.out();
        assertTrue(out.contains(String.format("Node GUID: 0x%016x", port.nodeGuid())), out);
        assertTrue(out.contains("State: Initializing"), out);
        assertTrue(out.contains("Physical state: LinkUp"), out);
        assertTrue(out.contains("Base lid: " + port.lid()), out);
        assertTrue(out.contains("SM lid: 1"), out);
        assertTrue(out.contains("Hardware version: a0"), out);
        assertTrue(out.contains("Rate: 104"), out); // 4X EDR (LinkSpeedExtActive), as umad2sim computes it
        assertTrue(out.contains(String.format("Port GUID: 0x%016x", port.portGuid())), out);
        assertTrue(out.contains("Firmware version: 1"), out);
    }

    @Test
    void simSetIsSmSetsTheCapabilityBitWhileTheClientRuns() throws Exception {
        OfedTools.Run r = OfedTools.run(
                dir, fixture.port, SmaUmadPort.NAME, List.of("SIM_SET_ISSM=1"), "smpquery", "-D", "portinfo", "0");
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.out().contains("IsSM"), r::toString);
        UmadServerFixture.await(
                "the SM client's DISCONNECT", () -> fixture.counters().activeSessions() == 0);
        assertEquals(List.of(true, false), port.isSmCalls);
        assertEquals(0, port.node.portInfo(1).capabilityMask() & PortInfo.CAP_IS_SM);
    }

    @Test
    void anUnknownSimHostIsRefused() throws Exception {
        OfedTools.Run r = OfedTools.run(dir, fixture.port, "no-such-node", NO_ENV, "smpquery", "-D", "nodeinfo", "0");
        assertNotEquals(0, r.exitCode(), r::toString);
        assertTrue(r.err().contains("connect failed"), r::toString);
        assertEquals(0, fixture.counters().activeSessions());
        assertEquals(1, fixture.counters().get(UmadCounter.CONTROL_ERRORS));
    }

    @Test
    void withoutSimHostTheClientGetsTheDefaultPort() throws Exception {
        OfedTools.Run r = OfedTools.run(dir, fixture.port, null, NO_ENV, "smpquery", "-D", "nodeinfo", "0");
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.err().contains("attached as client 0 at node \"" + SmaUmadPort.NAME + "\""), r::toString);
    }

    @Test
    void tenClientsAtOnce() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(10);
        try {
            List<Future<OfedTools.Run>> runs = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                runs.add(pool.submit(() -> run("smpquery", "-D", "nodeinfo", "0")));
            }
            for (Future<OfedTools.Run> f : runs) {
                OfedTools.Run r = f.get();
                assertEquals(0, r.exitCode(), r::toString);
                assertEquals(String.format("0x%016x", port.nodeGuid()), field(r, "Guid"));
            }
        } finally {
            pool.shutdownNow();
        }
        UmadServerFixture.await("every DISCONNECT", () -> fixture.counters().activeSessions() == 0);
        assertEquals(10, fixture.counters().get(UmadCounter.SESSIONS_OPENED));
        assertEquals(10, fixture.counters().get(UmadCounter.SESSIONS_DISCONNECTED));
    }

    @Test
    void perfqueryReadsThePmaOverQp1() throws Exception {
        port.counters.add(PortCounters.Counter.SYMBOL_ERROR_COUNTER, 7);
        port.counters.add(PortCounters.Counter.PORT_RCV_ERRORS, 3);
        OfedTools.Run r = run("perfquery", Integer.toString(port.lid()), "1");
        assertEquals(0, r.exitCode(), r::toString);
        assertEquals("7", field(r, "SymbolErrorCounter"));
        assertEquals("3", field(r, "PortRcvErrors"));
        UmadMad sent = port.sent.get(port.sent.size() - 1);
        assertEquals(SmaUmadPort.QP1, sent.dqp());
        assertEquals(SmaUmadPort.QP1, sent.sqp());
    }

    @Test
    void tenClientsHeldOpenAtOnceAndAnEleventhIsTurnedAway() throws Exception {
        List<OfedTools.Started> waiting = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            // each waits for an answer the port never gives, so all ten stay attached together
            waiting.add(OfedTools.start(
                    dir,
                    fixture.port,
                    SmaUmadPort.NAME,
                    NO_ENV,
                    "smpquery",
                    "-t",
                    "1500",
                    "nodeinfo",
                    Integer.toString(SmaUmadPort.SILENT_LID)));
        }
        try {
            UmadServerFixture.await(
                    "ten clients attached", () -> fixture.counters().activeSessions() == 10);
            OfedTools.Run eleventh = run("smpquery", "-D", "nodeinfo", "0");
            assertNotEquals(0, eleventh.exitCode(), eleventh::toString);
            assertTrue(eleventh.err().contains("connect failed"), eleventh::toString);
        } finally {
            for (OfedTools.Started s : waiting) {
                OfedTools.Run r = s.finish();
                assertNotEquals(0, r.exitCode(), "nobody answered, so smpquery fails: " + r);
            }
        }
        UmadServerFixture.await("every DISCONNECT", () -> fixture.counters().activeSessions() == 0);
        assertEquals(10, fixture.counters().get(UmadCounter.SESSIONS_OPENED));
        assertEquals(10, fixture.counters().get(UmadCounter.SESSIONS_DISCONNECTED));
        assertTrue(fixture.counters().get(UmadCounter.MADS_FROM_CLIENTS) >= 10);
        assertEquals(0, fixture.counters().get(UmadCounter.MADS_TO_CLIENTS));
    }

    @Test
    void aKilledSmClientIsCleanedUpAfterTheIdleTimeout() throws Exception {
        fixture.close();
        fixture = new UmadServerFixture(
                StaticUmadDirectory.builder()
                        .add(SmaUmadPort.NAME, null, List.of(port))
                        .build(),
                10,
                Duration.ofSeconds(1),
                Duration.ZERO);
        OfedTools.Started sm = OfedTools.start(
                dir,
                fixture.port,
                SmaUmadPort.NAME,
                List.of("SIM_SET_ISSM=1"),
                "smpquery",
                "-t",
                "20000",
                "nodeinfo",
                Integer.toString(SmaUmadPort.SILENT_LID));
        try {
            UmadServerFixture.await(
                    "the SM client attached",
                    () -> fixture.counters().activeSessions() == 1
                            && port.isSmCalls.equals(List.of(true))
                            && !port.sent.isEmpty());
        } finally {
            sm.process().destroyForcibly(); // SIGKILL: no atexit, no DISCONNECT
            sm.process().waitFor();
        }
        fixture.advance(Duration.ofSeconds(2)); // past the idle timeout, and a sweep
        assertEquals(0, fixture.counters().activeSessions());
        assertEquals(1, fixture.counters().get(UmadCounter.SESSIONS_IDLE));
        assertEquals(0, fixture.counters().get(UmadCounter.SESSIONS_DISCONNECTED));
        assertEquals(List.of(true, false), port.isSmCalls);
        assertEquals(0, port.node.portInfo(1).capabilityMask() & PortInfo.CAP_IS_SM);
        assertEquals(1, port.detaches.get());
        OfedTools.Run next = run("smpquery", "-D", "nodeinfo", "0");
        assertEquals(0, next.exitCode(), next::toString);
    }

    @Test
    void opensmRunsOnceOnTheCaAndBringsTheSubnetUp() throws Exception {
        OfedTools.require("opensm", "opensm");
        PortInfo unprotected =
                port.node.portInfo(1).toBuilder().mKey(0).mKeyProtectBits(0).build();
        port.node.applyPortInfo(1, unprotected, List.of());
        Path log = dir.resolve("opensm.log");
        OfedTools.Run r = OfedTools.run(
                dir,
                fixture.port,
                SmaUmadPort.NAME,
                List.of("OSM_CACHE_DIR=" + dir, "OSM_TMP_DIR=" + dir),
                "opensm",
                "-o",
                "-f",
                log.toString());
        String text = Files.readString(log);
        assertEquals(0, r.exitCode(), () -> r + "\n" + text);
        assertTrue(text.contains("SUBNET UP"), text);
        assertEquals(List.of(true, false), port.isSmCalls, "issm0 opened and closed");
        assertEquals(port.lid(), port.node.portInfo(1).masterSmLid(), "OpenSM set itself as the master SM");
        UmadServerFixture.await("OpenSM's DISCONNECT", () -> fixture.counters().activeSessions() == 0);
        assertEquals(1, fixture.counters().get(UmadCounter.SESSIONS_DISCONNECTED));
        assertEquals(0, fixture.counters().get(UmadCounter.CONTROL_ERRORS));
    }
}
