package dev.ibmesh.tester.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.tester.engine.LogEvent;
import dev.ibmesh.tester.engine.ProcedureResult;
import dev.ibmesh.tester.engine.Speed;
import dev.ibmesh.tester.engine.Step;
import dev.ibmesh.tester.engine.StepLog;
import dev.ibmesh.tester.engine.Verdict;
import dev.ibmesh.tester.engine.Width;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/** Report files for what real runs rarely give: no results, bytes XML forbids, repeated runs, huge traces. */
class ReportEdgeCasesTest {
    private static final Instant FINISHED = Instant.parse("2026-11-25T12:00:00Z");

    @TempDir
    Path dir;

    @Test
    void aRunWithNoResultsStillGivesWellFormedFiles() throws Exception {
        new ReportDir(dir).write(List.of(), Duration.ZERO, FINISHED);
        Element suite = ReportDirTest.parse(dir.resolve(ReportDir.JUNIT)).getDocumentElement();
        assertEquals("0", suite.getAttribute("tests"));
        assertEquals(0, suite.getElementsByTagName("testcase").getLength());
        assertEquals(
                0,
                new JsonObject(Files.readString(dir.resolve(ReportDir.RESULTS)))
                        .getJsonArray("results")
                        .size());
        ReportDirTest.parse(dir.resolve(ReportDir.INDEX));
    }

    @Test
    void preparingRemovesTheLastReportAndNothingElse() throws Exception {
        Files.createDirectories(dir.resolve("traces/old"));
        Files.writeString(dir.resolve("traces/old/C00.pcap"), "stale");
        Files.createDirectories(dir.resolve("runs"));
        Files.writeString(dir.resolve("runs/C00.html"), "stale");
        Files.writeString(dir.resolve(ReportDir.JUNIT), "stale");
        Files.writeString(dir.resolve("notes.txt"), "the user's");
        new ReportDir(dir).prepare();
        try (var left = Files.list(dir)) {
            assertEquals(List.of(dir.resolve("notes.txt")), left.toList());
        }
    }

    @Test
    void charactersXmlForbidsBecomeReplacementCharactersAndTheFilesStillParse() throws Exception {
        ProcedureResult r = SyntheticResults.withVerdict(
                Verdict.error(1, "the DUT sent \u0001\u001b[31m and a lone \uD800 surrogate; \uD83D\uDE00 stays"),
                Width.X4,
                Speed.QDR);
        new ReportDir(dir).write(List.of(r), Duration.ofSeconds(1), FINISHED);
        Element error = (Element) ReportDirTest.parse(dir.resolve(ReportDir.JUNIT))
                .getElementsByTagName("error")
                .item(0);
        assertEquals(
                "step 1: the DUT sent \uFFFD\uFFFD[31m and a lone \uFFFD surrogate; \uD83D\uDE00 stays",
                error.getAttribute("message"));
        Document page = ReportDirTest.parse(dir.resolve("runs/C99_001_01_4X-QDR.html"));
        assertTrue(page.getDocumentElement().getTextContent().contains("\uFFFD\uFFFD[31m"));
        // JSON escapes the control characters; only the lone surrogate, which UTF-8 cannot carry, is replaced.
        assertEquals(
                r.verdict().reason().replace('\uD800', '\uFFFD'),
                new JsonObject(Files.readString(dir.resolve(ReportDir.RESULTS)))
                        .getJsonArray("results")
                        .getJsonObject(0)
                        .getJsonObject("verdict")
                        .getString("reason"));
    }

    @Test
    void theSameRunTwiceGetsTwoPages() throws Exception {
        ProcedureResult once = SyntheticResults.withVerdict(Verdict.pass(), Width.X4, Speed.QDR);
        ProcedureResult twice = SyntheticResults.withVerdict(
                Verdict.fail(1, "v1c99-001#01<&>", "0", "7", "Status"), Width.X4, Speed.QDR);
        new ReportDir(dir).write(List.of(once, twice), Duration.ofSeconds(1), FINISHED);
        assertTrue(Files.exists(dir.resolve("runs/C99_001_01_4X-QDR.html")));
        assertTrue(Files.exists(dir.resolve("runs/C99_001_01_4X-QDR-2.html")));
        String index = Files.readString(dir.resolve(ReportDir.INDEX));
        assertTrue(index.contains("href=\"runs/C99_001_01_4X-QDR.html\""), index);
        assertTrue(index.contains("href=\"runs/C99_001_01_4X-QDR-2.html\""), index);
    }

    @Test
    void aTraceOutsideTheReportDirectoryIsReferredToByItsAbsolutePath() throws Exception {
        Path outside = dir.resolve("elsewhere/run 1.pcap").toAbsolutePath();
        ProcedureResult r = SyntheticResults.notApplicable(Optional.of(outside));
        Path report = dir.resolve("report");
        new ReportDir(report).write(List.of(r), Duration.ofSeconds(1), FINISHED);
        assertEquals(
                outside.toString(),
                new JsonObject(Files.readString(report.resolve(ReportDir.RESULTS)))
                        .getJsonArray("results")
                        .getJsonObject(0)
                        .getString("trace"));
        String index = Files.readString(report.resolve(ReportDir.INDEX));
        assertTrue(index.contains("href=\"" + outside.toUri() + "\""), index);
    }

    @Test
    void theLadderShowsTheFirstThousandFramesAndCountsTheRest() throws Exception {
        AtomicLong nanos = new AtomicLong();
        StepLog log = new StepLog(nanos::incrementAndGet, new StepLog.Listener() {
            @Override
            public void step(Step step) {}

            @Override
            public void event(Step step, LogEvent event) {}
        });
        int frames = LadderDiagram.MAX_ARROWS + 5;
        log.begin(1, "flood");
        for (int i = 0; i < frames; i++) {
            log.add(i % 2 == 0 ? LogEvent.Type.SENT : LogEvent.Type.RECEIVED, "packet " + i, i, List.of());
        }
        String svg = LadderDiagram.render(log.steps(), "hca");
        assertEquals(LadderDiagram.MAX_ARROWS, svg.split("<g class=", -1).length - 1);
        assertTrue(svg.contains("... 5 more frames: see the pcap"), svg.substring(svg.length() - 300));
        assertTrue(svg.contains(">#1000<") && !svg.contains(">#1001<"));
    }

    @Test
    void aLongLabelIsWrappedAtABlankOntoTwoLinesAndClippedAfterThat() {
        String headers = "VL15 SL0 0xFFFF->0xFFFF UD_SEND_ONLY QP=0x000000 PSN=0 SrcQP=0x0 SubnMgtDR GetResp PortInfo";
        assertEquals(List.of("short"), LadderDiagram.wrap("short"));
        assertEquals(
                List.of(headers, "mod=0x00000000 status=0x0000 TID=0x1"),
                LadderDiagram.wrap(headers + " mod=0x00000000 status=0x0000 TID=0x1"));
        List<String> clipped = LadderDiagram.wrap(headers + " " + "x".repeat(200));
        assertEquals(headers, clipped.get(0));
        assertEquals("x".repeat(92) + "...", clipped.get(1));
        List<String> noBlank = LadderDiagram.wrap("y".repeat(120));
        assertEquals(List.of("y".repeat(95), "y".repeat(25)), noBlank);
    }

    @Test
    void aRunWithoutFramesHasNoLadder() {
        assertEquals("", LadderDiagram.render(SyntheticResults.error().steps(), "switch"));
    }

    @Test
    void escapingCoversTheFiveMarkupCharactersAndKeepsSurrogatePairs() {
        assertEquals("&lt;a href=&quot;x&quot;&gt;&amp;&#39;\uD83D\uDE00", Xml.escape("<a href=\"x\">&'\uD83D\uDE00"));
    }
}
