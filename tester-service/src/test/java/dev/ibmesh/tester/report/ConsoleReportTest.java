package dev.ibmesh.tester.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.tester.catalog.c14.C14_024_06_SW_06;
import dev.ibmesh.tester.engine.Configuration;
import dev.ibmesh.tester.engine.ProcedureDescriptor;
import dev.ibmesh.tester.engine.ProcedureResult;
import dev.ibmesh.tester.engine.RunItem;
import dev.ibmesh.tester.engine.Speed;
import dev.ibmesh.tester.engine.Verdict;
import dev.ibmesh.tester.engine.Width;
import java.io.ByteArrayOutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The console report on a manual clock, fed the listener calls a runner makes, runs finishing out of order. */
class ConsoleReportTest {
    private static final ProcedureDescriptor C14 = ProcedureDescriptor.of(C14_024_06_SW_06.class);
    private static final long SECOND = 1_000_000_000L;

    private final AtomicLong now = new AtomicLong(7 * SECOND);
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

    private final ProcedureResult c14Fail = new ProcedureResult(
            new RunItem(C14, new Configuration(Width.X4, Speed.QDR, Map.of()), "switch"),
            Verdict.fail(10, "v1c13-024#07", "7", "0", "MADHeader:Status.Code"),
            SyntheticResults.steps(),
            List.of(),
            Duration.ofMillis(250),
            "bench",
            Optional.empty());
    private final ProcedureResult c99NotApplicable = SyntheticResults.notApplicable(Optional.empty());
    private final ProcedureResult c99Error = SyntheticResults.error();

    private ConsoleReport console(boolean terminal) {
        return new ConsoleReport(
                new PrintWriter(new OutputStreamWriter(bytes, StandardCharsets.UTF_8), true), terminal, now::get);
    }

    private String output() {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void plainOutputHasALinePerStartAndPerVerdictThenTheSummaryInCatalogOrder() {
        ConsoleReport c = console(false);
        c.runStarted(3);
        c.itemStarted(c99NotApplicable.item());
        now.addAndGet(SECOND / 2);
        c.itemStarted(c99Error.item());
        now.addAndGet(SECOND);
        c.itemStarted(c14Fail.item());
        c.step(c14Fail.item(), c14Fail.steps().get(1));
        c.itemFinished(c14Fail);
        c.itemFinished(c99Error);
        c.itemFinished(c99NotApplicable);
        c.runFinished(List.of(c99NotApplicable, c99Error, c14Fail), Duration.ofMillis(2500));

        assertEquals("""
                procedure 1 of 3: C99_001_01 [4X-QDR], 0.0 s
                procedure 2 of 3: C99_001_01 [1X-SDR] (+1 running), 0.5 s
                procedure 3 of 3: C14_024_06_SW_06 [4X-QDR] (+2 running), 1.5 s
                FAIL           C14_024_06_SW_06 [4X-QDR]  0.250 s  step 10 [v1c13-024#07] MADHeader:Status.Code: \
                expected 7, was 0
                ERROR          C99_001_01 [1X-SDR]  0.003 s  the bench could not be set up: link <down> & out
                NOT_APPLICABLE C99_001_01 [4X-QDR]  0.012 s  step 2: EnhancedPort0 = 0 < 1 & a < b && c > d "q" 'a'

                procedure / suite  PASS  FAIL  NOT_APPLICABLE  ERROR  runs
                C14_024_06_SW_06      0     1               0      0     1
                C99_001_01            0     0               1      1     2
                suite c14             0     1               0      0     1
                suite c99             0     0               1      1     2
                suite mad             0     1               1      1     3
                all                   0     1               1      1     3

                FAIL and ERROR:
                  FAIL           C14_024_06_SW_06 [4X-QDR]  0.250 s  step 10 [v1c13-024#07] MADHeader:Status.Code: \
                expected 7, was 0
                  ERROR          C99_001_01 [1X-SDR]  0.003 s  the bench could not be set up: link <down> & out

                wall time 2.500 s
                """, output());
    }

    @Test
    void theSummaryIsTheSameWhateverOrderTheRunsFinishedIn() {
        String catalogOrder = ConsoleReport.summary(List.of(c14Fail, c99Error, c99NotApplicable), Duration.ZERO);
        assertEquals(catalogOrder, ConsoleReport.summary(List.of(c99NotApplicable, c14Fail, c99Error), Duration.ZERO));
        assertEquals(catalogOrder, ConsoleReport.summary(List.of(c99Error, c99NotApplicable, c14Fail), Duration.ZERO));
    }

    @Test
    void onATerminalTheProgressLineIsRedrawnInPlaceAndClearedBeforeEachVerdict() {
        ConsoleReport c = console(true);
        c.runStarted(2);
        c.itemStarted(c99NotApplicable.item());
        c.itemStarted(c14Fail.item());
        now.addAndGet(SECOND / 25);
        c.step(c14Fail.item(), c14Fail.steps().get(1)); // within the redraw interval: not drawn
        now.addAndGet(SECOND / 12);
        c.step(c14Fail.item(), c14Fail.steps().get(2)); // drawn, with the new elapsed time
        c.itemFinished(c14Fail);
        now.addAndGet(SECOND);
        c.itemFinished(c99NotApplicable);
        c.runFinished(List.of(c99NotApplicable, c14Fail), Duration.ofMillis(1150));

        String out = output();
        assertTrue(out.startsWith("\rprocedure 1 of 2: C99_001_01 [4X-QDR], 0.0 s"), out);
        assertTrue(out.contains("\rprocedure 2 of 2: C14_024_06_SW_06 [4X-QDR] (+1 running), 0.1 s"), out);
        assertTrue(out.contains("\rprocedure 1 of 2: C99_001_01 [4X-QDR], 0.1 s"), out);
        assertEquals(4, out.split("\rprocedure ", -1).length - 1, "redraws: two starts, one step, one finish");
        for (String line : out.split("\n", -1)) {
            String visible = line.substring(line.lastIndexOf('\r') + 1);
            assertFalse(visible.matches("procedure \\d+ of .*"), "a progress line was left behind: " + line);
            assertFalse(visible.isBlank() && !line.isEmpty(), "a line of blanks: " + line);
        }
        assertTrue(out.contains("\r" + ConsoleReport.verdictLine(c14Fail) + "\n"), out);
        for (String drawn : out.split("\r")) {
            assertTrue(
                    drawn.length() <= ConsoleReport.PROGRESS_WIDTH || drawn.contains("\n"),
                    "wider than the terminal: " + drawn);
        }
    }

    @Test
    void aVerdictLineStaysOneLineWhenTheReasonHasLineBreaks() {
        ProcedureResult r = SyntheticResults.withVerdict(
                Verdict.error(4, "tester error: IllegalStateException: first\nsecond\r\nthird"), Width.X4, Speed.QDR);
        assertEquals(
                "ERROR          C99_001_01 [4X-QDR]  0.250 s  step 4: tester error: IllegalStateException: first"
                        + " second / third",
                ConsoleReport.verdictLine(r));
    }

    @Test
    void aFailWithoutAnAssertionIdHasNoEmptyBrackets() {
        ProcedureResult r = SyntheticResults.withVerdict(
                Verdict.fail(3, "", "an answer", "none", "no response to SubnGet(PortInfo)"), Width.X4, Speed.QDR);
        assertEquals(
                "FAIL           C99_001_01 [4X-QDR]  0.250 s  step 3 no response to SubnGet(PortInfo): expected an"
                        + " answer, was none",
                ConsoleReport.verdictLine(r));
    }
}
