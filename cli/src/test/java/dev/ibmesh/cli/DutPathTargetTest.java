package dev.ibmesh.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.runtime.umad.IbsimProcess;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code ibmesh test --target ibsim:... --dut-path 0,1,2}: the DUT is not the tester's neighbour but the node at the
 * end of a directed route, on Debian's ibsim net of a switch and two HCAs: the tester at h1, the DUT h2 behind sw1.
 * Such a route crosses a switch the bench must not configure, so an SM brings the subnet up first.
 */
class DutPathTargetTest {
    private static final String CA_PROCEDURE = "C14_024_03";
    private static final String DR_PROCEDURE = "C14_913_01";
    private static final String DIRECT_ONLY_CA_PROCEDURE = "C07_906_01_CA";
    private static final String BACK_TO_BACK = """
            Hca 1 "h1"
            [1] "h2"[1]

            Hca 1 "h2"
            [1] "h1"[1]
            """;

    private static final String TWO_SWITCHES = """
            Switch 8 "sw1"
            [1] "h1"[1]
            [2] "sw2"[1]

            Switch 8 "sw2"
            [1] "sw1"[2]
            [2] "h2"[1]

            Hca 1 "h1"
            [1] "sw1"[1]

            Hca 1 "h2"
            [1] "sw2"[2]
            """;

    @TempDir
    Path dir;

    @Test
    void aCaBehindTheSwitchIsTestedAlongTheRouteOnceAnSmBroughtTheSubnetUp() throws Exception {
        try (IbsimProcess ibsim = IbsimProcess.start(dir, net(), "h1")) {
            String target = "ibsim:127.0.0.1:" + ibsim.port() + ",h1";
            CliRun sm = CliRun.of("sm", "--target", target, "--once");
            assertEquals(0, sm.exit(), sm.out() + sm.err());

            Path report = dir.resolve("report");
            CliRun run = CliRun.of(
                    "test",
                    "--target",
                    target,
                    "--dut-path",
                    "0,1,2",
                    "--procedure",
                    CA_PROCEDURE,
                    "--procedure",
                    DR_PROCEDURE,
                    "--procedure",
                    DIRECT_ONLY_CA_PROCEDURE,
                    "--report-dir",
                    report.toString());
            assertTrue(
                    run.out().contains("DUT: h2, a hca (ibsim 127.0.0.1:" + ibsim.port() + ",h1 via 0,1,2)"),
                    run.out() + run.err());
            // The DUT answered SMPs sent two hops out, and recorded the port the route entered at the last hop.
            assertTrue(verdictLine(run, DR_PROCEDURE).startsWith("PASS"), run.out());
            // A packet to LID + 1 would be the switch's to route or drop, not the DUT's.
            assertTrue(verdictLine(run, DIRECT_ONLY_CA_PROCEDURE).startsWith("NOT_APPLICABLE"), run.out());
            assertTrue(
                    verdictLine(run, DIRECT_ONLY_CA_PROCEDURE).contains("not at the other end of the tester's link"));
            String pages;
            try (Stream<Path> runs = Files.list(report.resolve("runs"))) {
                pages = runs.map(DutPathTargetTest::read).collect(Collectors.joining("\n"));
            }
            assertTrue(pages.contains("hop=0/2"), "no directed-route SMP of HopCount 2 in the run pages");
            assertFalse(pages.contains("hop=0/1 "), "a directed-route SMP of HopCount 1 in the run pages");

            // The same procedure on the same kind of CA as the tester's direct neighbour, ibsim's back-to-back net:
            // the same verdict, at the same step for the same reason, so the longer route distorts nothing.
            try (IbsimProcess backToBack = IbsimProcess.start(dir, write("b2b.net", BACK_TO_BACK), "h1")) {
                CliRun direct = CliRun.of(
                        "test",
                        "--target",
                        "ibsim:127.0.0.1:" + backToBack.port() + ",h1",
                        "--procedure",
                        CA_PROCEDURE,
                        "--no-report");
                assertTrue(direct.out().contains("DUT: h2, a hca"), direct.out() + direct.err());
                assertEquals(outcome(verdictLine(direct, CA_PROCEDURE)), outcome(verdictLine(run, CA_PROCEDURE)));
            }

            CliRun nowhere = CliRun.of(
                    "test", "--target", target, "--dut-path", "0,1,7", "--procedure", CA_PROCEDURE, "--no-report");
            assertEquals(TestCommand.EXIT_ERROR, nowhere.exit(), nowhere.out() + nowhere.err());
            assertTrue(
                    nowhere.err()
                            .contains(
                                    "the route 0,1,7 to the DUT leads nowhere: port 7 of the node at 0,1 is" + " Down"),
                    nowhere.err());
            assertFalse(nowhere.err().contains("\tat "), nowhere.err());

            CliRun noPort = CliRun.of(
                    "test", "--target", target, "--dut-path", "0,1,9", "--procedure", CA_PROCEDURE, "--no-report");
            assertEquals(TestCommand.EXIT_ERROR, noPort.exit(), noPort.out() + noPort.err());
            assertTrue(noPort.err().contains("leads nowhere: port 9 of the node at 0,1 is not there"), noPort.err());

            CliRun otherPort = CliRun.of(
                    "test", "--target", target, "--dut-path", "0,2", "--procedure", CA_PROCEDURE, "--no-report");
            assertEquals(TestCommand.EXIT_ERROR, otherPort.exit(), otherPort.out() + otherPort.err());
            assertTrue(otherPort.err().contains("start the route with 0,1"), otherPort.err());
        }
    }

    /**
     * A switch two hops out: the procedures that need the DUT on the tester's own link are NOT_APPLICABLE, saying why,
     * where they would otherwise judge the switch in between (C16_902_01's unroutable packets reach sw1, not sw2, so
     * it FAILed sw2 for packets it never got).
     */
    @Test
    void aSwitchBehindASwitchIsSparedTheProceduresOnlyADirectLinkAllows() throws Exception {
        try (IbsimProcess ibsim = IbsimProcess.start(dir, write("two.net", TWO_SWITCHES), "h1")) {
            String target = "ibsim:127.0.0.1:" + ibsim.port() + ",h1";
            CliRun sm = CliRun.of("sm", "--target", target, "--once");
            assertEquals(0, sm.exit(), sm.out() + sm.err());
            List<String> directOnly =
                    List.of("C14_009_01_SW", "C14_905_01_SW", "C16_902_01", "C16_904_01_SW", "C18_901_01_SW");
            List<String> args = new ArrayList<>(List.of(
                    "test", "--target", target, "--dut-path", "0,1,2", "--procedure", DR_PROCEDURE, "--no-report"));
            directOnly.forEach(id -> args.addAll(List.of("--procedure", id)));
            CliRun run = CliRun.of(args.toArray(String[]::new));
            assertTrue(run.out().contains("DUT: sw2, a switch"), run.out() + run.err());
            for (String id : directOnly) {
                assertTrue(verdictLine(run, id).startsWith("NOT_APPLICABLE"), run.out());
                assertTrue(
                        verdictLine(run, id)
                                .contains("the DUT is reached along 0,1,2, not at the other end of the tester's link"),
                        run.out());
            }
            assertTrue(verdictLine(run, DR_PROCEDURE).startsWith("PASS"), run.out());
        }
    }

    @Test
    void withoutAnSmTheRouteIsAnErrorThatSaysToRunOne() throws Exception {
        try (IbsimProcess ibsim = IbsimProcess.start(dir, net(), "h1")) {
            CliRun run = CliRun.of(
                    "test",
                    "--target",
                    "ibsim:127.0.0.1:" + ibsim.port() + ",h1",
                    "--dut-path",
                    "0,1,2",
                    "--procedure",
                    CA_PROCEDURE,
                    "--no-report");
            assertEquals(TestCommand.EXIT_ERROR, run.exit(), run.out() + run.err());
            assertTrue(run.err().contains("the route 0,1,2 to the DUT crosses links no SM brought up"), run.err());
            assertTrue(run.err().contains("ibmesh sm --target"), run.err());
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"0", "0,1,x", "1,2", "0,255", "0,1,,2"})
    void aMalformedRouteIsAUsageError(String route) {
        CliRun run = CliRun.of("test", "--target", "ibsim:127.0.0.1:7070,h1", "--dut-path", route, "--no-report");
        assertEquals(TestCommand.EXIT_USAGE, run.exit(), run.out() + run.err());
        assertTrue(run.err().contains("--dut-path '" + route + "'"), run.err());
    }

    @Test
    void sixtyFourHopsAreAUsageError() {
        CliRun run = CliRun.of(
                "test", "--target", "ibsim:127.0.0.1:7070,h1", "--dut-path", "0" + ",1".repeat(64), "--no-report");
        assertEquals(TestCommand.EXIT_USAGE, run.exit(), run.out() + run.err());
        assertTrue(run.err().contains("at most 63 hops"), run.err());
    }

    @Test
    void theDutsTheTesterStartsAreItsNeighbours() {
        CliRun embedded = CliRun.of("test", "--dut-path", "0,1,2", "--procedure", CA_PROCEDURE, "--no-report");
        assertEquals(TestCommand.EXIT_USAGE, embedded.exit(), embedded.out() + embedded.err());
        assertTrue(embedded.err().contains("--dut-path goes with a foreign --target"), embedded.err());

        CliRun topology =
                CliRun.of("test", "--topology", "fabric.yaml", "--dut", "sw1", "--dut-path", "0,1", "--no-report");
        assertEquals(TestCommand.EXIT_USAGE, topology.exit(), topology.out() + topology.err());
        assertTrue(topology.err().contains("--dut-path goes with a foreign --target"), topology.err());
    }

    private Path net() throws IOException {
        return write("fabric.net", IbsimProcess.SWITCH_AND_TWO_HCAS);
    }

    private Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A verdict line without its duration. */
    private static String outcome(String verdictLine) {
        return verdictLine.replaceFirst(" +\\d+\\.\\d+ s", "").replaceAll(" +", " ");
    }

    private static String verdictLine(CliRun run, String id) {
        return run.lines().stream()
                .filter(l -> l.matches("(PASS|FAIL|NOT_APPLICABLE|ERROR) +" + id + ".*"))
                .findFirst()
                .orElse("no verdict line for " + id + " in\n" + run.out());
    }
}
