package dev.ibmesh.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.runtime.umad.IbsimProcess;
import dev.ibmesh.runtime.umad.OfedTools;
import java.io.IOException;
import java.net.DatagramSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code ibmesh test --target ibsim:HOST:PORT,NODE}: the tester attached at a node of a running simulator through
 * ibsim's client protocol, the DUT the node at the other end of its link. Against ibmesh's own umad endpoint (the same
 * protocol) the verdicts must be the embedded ones, PASS on the compliant switch and FAIL on the deviant one, so the
 * backend itself distorts nothing; against Debian's ibsim they are what its devices earn.
 */
class TestTargetTest {
    private static final String C14 = "C14_024_06_SW_06";
    private static final String NET = """
            Switch 8 "sw1"
            [1] "h1"[1]

            Hca 1 "h1"
            [1] "sw1"[1]
            """;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "deviation ''{0}'' -> {1}")
    @CsvSource({"'', PASS", "accept-reserved-link-width-enabled, FAIL"})
    void throughTheUmadEndpointTheVerdictIsTheEmbeddedOne(String deviation, String verdict) throws Exception {
        Path topology = write(
                "fabric.yaml",
                "devices:",
                "  - {name: h1, kind: hca, ports: 1}",
                "  - {name: sw1, kind: switch, ports: 8"
                        + (deviation.isEmpty() ? "" : ", deviations: [" + deviation + "]") + "}",
                "links:",
                "  - ends: [h1/1, sw1/1]");
        try (OfedFabric f = OfedFabric.start(topology)) {
            CliRun run = CliRun.of(
                    "test", "--target", "ibsim:127.0.0.1:" + f.umadPort + ",h1", "--procedure", C14, "--no-report");
            assertTrue(run.out().contains("DUT: ibmesh switch sw1, a switch"), run.out() + run.err());
            assertTrue(verdictLine(run, C14).startsWith(verdict), run.out());
            assertEquals(verdict.equals("PASS") ? 0 : TestCommand.EXIT_FAIL, run.exit(), run.out() + run.err());
        }
    }

    @Test
    void ibsimsSwitchIsJudgedByWhatItDoes() throws Exception {
        try (IbsimProcess ibsim = IbsimProcess.start(dir, write("fabric.net", NET), "h1")) {
            CliRun run = CliRun.of(
                    "test",
                    "--target",
                    "ibsim:127.0.0.1:" + ibsim.port() + ",h1",
                    "--procedure",
                    C14,
                    "--procedure",
                    "C14_902_01",
                    "--procedure",
                    "C14_016_Get",
                    "--procedure",
                    "C07_*",
                    "--no-report");
            assertTrue(run.out().contains("DUT: sw1, a switch"), run.out() + run.err());
            // ibsim's switch has a base port 0: the enhanced-port-0 procedure does not apply.
            assertTrue(verdictLine(run, C14).startsWith("NOT_APPLICABLE"), run.out());
            assertTrue(run.out().contains("EnhancedPort0"), run.out());
            // The protocol has no Q_Key field: a GMP with a wrong one cannot be sent, so that part cannot be judged.
            assertTrue(verdictLine(run, "C14_902_01").startsWith("NOT_APPLICABLE"), run.out());
            assertTrue(verdictLine(run, "C14_902_01").contains("carries no SL, Q_Key or P_Key index"), run.out());
            // ibsim's SMA ignores M_Key: a foreign FAIL, with its evidence.
            assertTrue(verdictLine(run, "C14_016_Get").startsWith("FAIL"), run.out());
            assertTrue(verdictLine(run, "C14_016_Get").contains("SMPData.M_Key"), run.out());
            // Link-layer procedures need raw packets, which a MAD-only backend cannot send.
            assertTrue(verdictLine(run, "C07_").startsWith("NOT_APPLICABLE"), run.out());
            assertTrue(verdictLine(run, "C07_").contains("carries only MADs"), run.out());
            assertEquals(TestCommand.EXIT_FAIL, run.exit());
        }
    }

    /**
     * The umad backend is libibumad; under ibsim-run, libumad2sim takes its calls to the same simulator, exactly the
     * path a lab host's HCA driver would take. Both backends must judge the DUT alike.
     */
    @Test
    void underIbsimRunTheUmadBackendGivesTheVerdictsOfTheIbsimBackend() throws Exception {
        List<String> procedures =
                List.of(C14, "C14_016_Get", "C14_902_01", "C13_013", "C14_924_02", "C14_024_10_02", "C18_901_01_SW");
        List<String> args = new ArrayList<>(List.of("test", "--no-report"));
        procedures.forEach(p -> args.addAll(List.of("--procedure", p)));
        try (IbsimProcess ibsim = IbsimProcess.start(dir, write("fabric.net", NET), "h1")) {
            List<String> viaIbsim = new ArrayList<>(args);
            viaIbsim.addAll(List.of("--target", "ibsim:127.0.0.1:" + ibsim.port() + ",h1"));
            CliRun direct = CliRun.of(viaIbsim.toArray(String[]::new));

            List<String> viaUmad = new ArrayList<>(List.of(
                    "java",
                    "-XX:TieredStopAtLevel=1",
                    "-cp",
                    System.getProperty("java.class.path"),
                    Ibmesh.class.getName()));
            viaUmad.addAll(args);
            viaUmad.addAll(List.of("--target", "umad:ibsim0:1"));
            OfedTools.Run umad = OfedTools.run(dir, ibsim.port(), "h1", List.of(), viaUmad.toArray(String[]::new));

            for (String id : procedures) {
                String ours = verdictLine(direct, id).split(" +")[0];
                String theirs = verdictLine(new CliRun(umad.exitCode(), umad.out(), umad.err()), id)
                        .split(" +")[0];
                assertEquals(ours, theirs, id + ": ibsim backend\n" + direct.out() + "\numad backend\n" + umad);
            }
            assertTrue(verdictLine(direct, "C14_016_Get").startsWith("FAIL"), direct.out());
            assertTrue(verdictLine(direct, "C14_924_02").startsWith("PASS"), direct.out());
        }
    }

    @Test
    void anIbsimThatIsNotThereIsAnErrorNamingWhereItWasLookedFor() throws Exception {
        int nobody;
        try (DatagramSocket s = new DatagramSocket(0)) {
            nobody = s.getLocalPort();
        }
        CliRun run = CliRun.of("test", "--target", "ibsim:127.0.0.1:" + nobody + ",h1", "--no-report");
        assertEquals(TestCommand.EXIT_ERROR, run.exit(), run.out() + run.err());
        assertTrue(run.err().contains("nothing listens at 127.0.0.1:" + nobody), run.err());
        assertFalse(run.err().contains("\tat "), run.err());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "ibsim:localhost|is not HOST:PORT[,NODE]",
                "ibsim:localhost:port,h1|is not a number",
                "ibsim:localhost:7070,|names no node",
                "gateway:localhost|is not gateway:HOST:PORT",
                "gateway:localhost:0|is not gateway:HOST:PORT",
                "lab:localhost:1|--target must be embedded, ibsim:HOST:PORT,NODE"
            })
    void aTargetThatCannotBeReadIsAUsageError(String target, String says) {
        CliRun run = CliRun.of("test", "--target", target, "--no-report");
        assertEquals(TestCommand.EXIT_USAGE, run.exit(), run.out() + run.err());
        assertTrue(run.err().contains(says), run.err());
    }

    @Test
    void aForeignDutTakesNoDeviationsOrTopology() {
        CliRun run = CliRun.of(
                "test", "--target", "ibsim:localhost:7070,h1", "--deviation", "accept-reserved-link-width-enabled");
        assertEquals(TestCommand.EXIT_USAGE, run.exit(), run.out() + run.err());
        assertTrue(run.err().contains("tests a device that runs already"), run.err());
    }

    private static String verdictLine(CliRun run, String id) {
        return run.lines().stream()
                .filter(l -> l.matches("(PASS|FAIL|NOT_APPLICABLE|ERROR) +" + id + ".*"))
                .findFirst()
                .orElse("no verdict line for " + id + " in\n" + run.out());
    }

    private Path write(String name, String... lines) throws IOException {
        return Files.writeString(dir.resolve(name), String.join("\n", lines) + "\n");
    }
}
