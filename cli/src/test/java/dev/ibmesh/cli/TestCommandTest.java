package dev.ibmesh.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.tester.engine.Catalog;
import dev.ibmesh.tester.engine.ProcedureDescriptor;
import dev.ibmesh.tester.run.TestPlan;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ibmesh test} as a user runs it, in this JVM: what it lists, what it runs, and its answers to bad input
 * (exit 2 with a message naming the thing and what is allowed, never a stack trace), to a DUT that breaks a rule
 * (exit 1) and to a DUT that never answers (ERROR verdicts, exit 3, within the timeout).
 */
class TestCommandTest {
    private static final String C14 = "C14_024_06_SW_06";
    private static final Path EXAMPLE = Path.of("..", "examples", "topologies", "tester-switch-hca.yaml");

    @TempDir
    Path dir;

    @Test
    void listShowsEveryProcedureTheSuitesAndTheDeviations() {
        CliRun run = CliRun.of("test", "--list");
        assertEquals(0, run.exit(), run.err());
        Catalog catalog = Catalog.load();
        for (ProcedureDescriptor d : catalog.all()) {
            assertTrue(
                    run.lines().stream()
                            .anyMatch(l -> l.startsWith(d.id() + " ")
                                    && l.contains(d.cts().title())),
                    d.id() + " in\n" + run.out());
        }
        assertTrue(run.out().contains("suites: " + String.join(", ", catalog.suites())), run.out());
        TestPlan.knownDeviations().values().stream()
                .flatMap(Set::stream)
                .forEach(name -> assertTrue(run.out().contains(name), name + " in\n" + run.out()));

        CliRun c14 = CliRun.of("test", "--list", "--suite", "c14");
        assertEquals(0, c14.exit(), c14.err());
        assertTrue(c14.out().contains(C14), c14.out());
        assertFalse(c14.out().contains("C09_130_01"), c14.out());
    }

    @Test
    void docsCatalogMdIsWhatListFormatMarkdownPrints() throws IOException {
        CliRun run = CliRun.of("test", "--list", "--format", "markdown");
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.out().contains("| **All** | **" + Catalog.load().all().size() + "** |"), run.out());
        assertEquals(
                run.out(),
                Files.readString(Path.of("..", "docs", "catalog.md")),
                "docs/catalog.md is out of date: ./ibmesh test --list --format markdown > docs/catalog.md");
    }

    @Test
    void anUnknownProcedureOrAGlobMatchingNothingIsNamedWithAPointerToList() {
        for (String asked : List.of("C14_024_06_SW_99", "C77_*")) {
            CliRun run = CliRun.of("test", "--procedure", C14, "--procedure", asked);
            assertUsage(run, "'" + asked + "'", "ibmesh test --list");
        }
    }

    @Test
    void proveRunsTheProcedureOnTheCompliantDutAndWithItsDeviation() {
        CliRun run = CliRun.of("test", "--prove", "--procedure", C14);
        assertEquals(0, run.exit(), run.out() + run.err());
        assertTrue(
                run.lines().stream()
                        .anyMatch(l -> l.startsWith(C14) && l.contains("(compliant)") && l.contains("PASS")),
                run.out());
        assertTrue(
                run.lines().stream()
                        .anyMatch(l -> l.startsWith(C14)
                                && l.contains("accept-reserved-link-width-enabled")
                                && l.contains("FAIL step 10")
                                && l.endsWith("yes")),
                run.out());
        assertTrue(run.out().contains("every run as intended"), run.out());
        assertUsage(CliRun.of("test", "--prove", "--deviation", "ignore-m-key"), "--prove starts its own DUTs");
    }

    @Test
    void anUnknownSuiteOrDeviationListsTheKnownOnes() {
        CliRun suite = CliRun.of("test", "--suite", "c99");
        assertUsage(suite, "unknown suite 'c99'", "c14", "transport");
        CliRun deviation = CliRun.of("test", "--deviation", "be-nice");
        assertUsage(deviation, "unknown deviation 'be-nice'", "accept-reserved-link-width-enabled", "no-rnr-nak");
    }

    @Test
    void topologyProblemsAreUsageErrorsThatSayWhatIsWrong() throws IOException {
        assertUsage(
                CliRun.of("test", "--topology", dir.resolve("missing.yaml").toString(), "--dut", "sw1"),
                "missing.yaml: no such file");

        Path invalid = write("invalid.yaml", "devices:", "  - {name: t1, kind: tester, ports: 9}", "links: []");
        assertUsage(
                CliRun.of("test", "--topology", invalid.toString(), "--dut", "t1"),
                "is not a valid topology",
                "invalid.yaml:2:");

        assertUsage(
                CliRun.of("test", "--topology", EXAMPLE.toString(), "--dut", "sw9"), "no device 'sw9'", "sw1", "h1");
        assertUsage(CliRun.of("test", "--topology", EXAMPLE.toString(), "--dut", "t1"), "'t1' is a tester");
        assertUsage(CliRun.of("test", "--topology", EXAMPLE.toString()), "--topology and --dut go together");
        assertUsage(
                CliRun.of("test", "--topology", EXAMPLE.toString(), "--dut", "h1", "--procedure", C14),
                "none of the selected procedures applies to h1",
                "DUT=Switch");

        Path untested = write(
                "untested.yaml",
                "devices:",
                "  - {name: t1, kind: tester, ports: 1}",
                "  - {name: sw1, kind: switch, ports: 4}",
                "  - {name: sw2, kind: switch, ports: 4}",
                "links:",
                "  - ends: [t1/1, sw1/1]",
                "  - ends: [sw1/2, sw2/1]");
        assertUsage(
                CliRun.of("test", "--topology", untested.toString(), "--dut", "sw2"), "no tester is cabled to 'sw2'");
    }

    @Test
    void theSwitchWithItsDeviationFailsC14AtStep10() throws IOException {
        Path report = dir.resolve("report");
        CliRun run = CliRun.of(
                "test",
                "--deviation",
                "accept-reserved-link-width-enabled",
                "--procedure",
                "C14_024_06_SW_06",
                "--report-dir",
                report.toString());
        assertEquals(TestCommand.EXIT_FAIL, run.exit(), run.out() + run.err());
        String line = verdictLine(run, C14);
        assertTrue(line.startsWith("FAIL") && line.contains("step 10 [v1c13-024#07]"), line);
        String junit = Files.readString(report.resolve("junit.xml"));
        assertTrue(junit.contains("<failure") && junit.contains("v1c13-024#07"), junit);
    }

    @Test
    void theExampleTopologysSwitchPassesItsProcedures() {
        CliRun run = CliRun.of("test", "--topology", EXAMPLE.toString(), "--dut", "sw1", "--no-report");
        assertEquals(0, run.exit(), run.out() + run.err());
        assertTrue(verdictLine(run, C14).startsWith("PASS"), run.out());
        assertFalse(run.out().contains("C09_"), "no CA procedure on a switch:\n" + run.out());
    }

    @Test
    void aDutThatNeverAnswersGivesErrorVerdictsAndExit3WithinTheTimeout() throws IOException {
        // sw1 "runs" at an address where nothing listens: the tester dials it in vain.
        Path silent = write(
                "silent.yaml",
                "devices:",
                "  - {name: t1, kind: tester, ports: 1, listen: '127.0.0.1:" + freePort() + "'}",
                "  - {name: sw1, kind: switch, ports: 4, listen: '127.0.0.1:" + freePort() + "'}",
                "links:",
                "  - ends: [t1/1, sw1/1]");
        long start = System.nanoTime();
        CliRun run = CliRun.of(
                "test",
                "--topology",
                silent.toString(),
                "--dut",
                "sw1",
                "--attach",
                "--ready",
                "2",
                "--timeout",
                "20",
                "--no-report");
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        assertEquals(TestCommand.EXIT_ERROR, run.exit(), run.out() + run.err());
        // Every switch procedure is an ERROR; only the first waits for the link, the others see it still down.
        List<String> lines = Catalog.load().all().stream()
                .filter(d -> d.cts().dut().accepts("switch"))
                .map(d -> verdictLine(run, d.id()))
                .toList();
        assertTrue(lines.size() > 1, "switch procedures: " + lines);
        assertTrue(lines.stream().allMatch(l -> l.startsWith("ERROR")), String.join("\n", lines));
        assertEquals(
                1,
                lines.stream()
                        .filter(l -> l.contains("did not train within 2000 ms"))
                        .count(),
                run.out());
        assertEquals(
                lines.size() - 1,
                lines.stream()
                        .filter(l -> l.contains("the link to the DUT is down"))
                        .count(),
                run.out());
        assertTrue(took.compareTo(Duration.ofSeconds(20)) < 0, "one procedure timeout at most, took " + took);
        assertNoStackTrace(run);
    }

    /** The line the console prints when a run of {@code id} ends: its verdict first, then the procedure. */
    private static String verdictLine(CliRun run, String id) {
        return run.lines().stream()
                .filter(l -> l.matches("(PASS|FAIL|NOT_APPLICABLE|ERROR) +" + id + " .*"))
                .findFirst()
                .orElse("no verdict line for " + id + " in\n" + run.out());
    }

    private static void assertUsage(CliRun run, String... says) {
        assertEquals(TestCommand.EXIT_USAGE, run.exit(), run.out() + run.err());
        for (String s : says) {
            assertTrue(run.err().contains(s), "'" + s + "' in\n" + run.err());
        }
        assertNoStackTrace(run);
    }

    private static void assertNoStackTrace(CliRun run) {
        assertFalse(run.err().contains("\tat ") || run.err().contains("Exception"), run.err());
    }

    private Path write(String name, String... lines) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, String.join("\n", lines) + "\n");
        return file;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
