package dev.ibmesh.tester.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.tester.engine.Catalog;
import dev.ibmesh.tester.engine.Configuration;
import dev.ibmesh.tester.engine.LogEvent;
import dev.ibmesh.tester.engine.ProcedureDescriptor;
import dev.ibmesh.tester.engine.ProcedureResult;
import dev.ibmesh.tester.engine.RunItem;
import dev.ibmesh.tester.engine.RunListener;
import dev.ibmesh.tester.engine.Runner;
import dev.ibmesh.tester.engine.Speed;
import dev.ibmesh.tester.engine.Step;
import dev.ibmesh.tester.engine.Verdict;
import dev.ibmesh.tester.engine.Width;
import dev.ibmesh.tester.target.EmbeddedTarget;
import dev.ibmesh.trace.ErfTraceReader;
import dev.ibmesh.tshark.Tshark;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.ByteArrayOutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * A report directory of real runs of C14_024_06_SW_06, a PASS on the compliant switch (4X QDR) and a FAIL on the
 * switch that takes a reserved LinkWidthEnabled (1X SDR), with the pcaps the runner wrote into {@code traces/}, plus a
 * synthetic NOT_APPLICABLE and ERROR: every file read back and compared with the results.
 */
class ReportDirTest {
    private static final String ID = "C14_024_06_SW_06";
    private static final Instant FINISHED = Instant.parse("2026-11-25T12:00:00Z");
    private static final Duration WALL = Duration.ofMillis(4321);

    @TempDir
    static Path tmp;

    private static Vertx vertx;
    private static ReportDir reports;
    private static ProcedureResult pass;
    private static ProcedureResult fail;
    private static String failConsole;
    private static List<ProcedureResult> results;

    @BeforeAll
    static void runAndReport() throws Exception {
        vertx = Vertx.vertx();
        reports = new ReportDir(tmp.resolve("report"));
        ProcedureDescriptor d = Catalog.load().byId(ID).orElseThrow();
        pass = run(d, d.defaultConfiguration(), List.of(), RunListener.NONE);
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        fail = run(
                d,
                new Configuration(Width.X1, Speed.SDR, Map.of()),
                List.of("accept-reserved-link-width-enabled"),
                new ConsoleReport(
                        new PrintWriter(new OutputStreamWriter(console, StandardCharsets.UTF_8), true),
                        false,
                        System::nanoTime));
        failConsole = console.toString(StandardCharsets.UTF_8);
        assertEquals(Verdict.Kind.PASS, pass.verdict().kind(), pass.verdict().describe());
        assertEquals(Verdict.Kind.FAIL, fail.verdict().kind(), fail.verdict().describe());
        // Out of catalog order on purpose: the reports must sort them.
        results = List.of(SyntheticResults.error(), pass, SyntheticResults.notApplicable(Optional.empty()), fail);
        reports.write(results, WALL, FINISHED);
    }

    private static ProcedureResult run(
            ProcedureDescriptor d, Configuration c, List<String> deviations, RunListener listener) {
        EmbeddedTarget target =
                new EmbeddedTarget(vertx, Map.of("switch", deviations), Optional.empty(), Duration.ofSeconds(20));
        Runner runner = new Runner(target, 1, Duration.ofSeconds(60), listener, Optional.of(reports.traces()));
        return runner.run(List.of(new RunItem(d, c, "switch"))).get(0);
    }

    @AfterAll
    static void stop() {
        vertx.close().await();
    }

    /** Catalog order: C14 before C99; 1X-SDR (first in the matrix) before 4X-QDR. */
    private static List<ProcedureResult> inCatalogOrder() {
        return List.of(fail, pass, SyntheticResults.error(), SyntheticResults.notApplicable(Optional.empty()));
    }

    @Test
    void junitXmlHasOneTestcasePerRunWithCountsThatMatchTheVerdicts() throws Exception {
        Document doc = parse(reports.dir().resolve(ReportDir.JUNIT));
        Element suite = doc.getDocumentElement();
        assertEquals("testsuite", suite.getTagName());
        assertEquals("4", suite.getAttribute("tests"));
        assertEquals("1", suite.getAttribute("failures"));
        assertEquals("1", suite.getAttribute("errors"));
        assertEquals("1", suite.getAttribute("skipped"));
        assertEquals("4.321", suite.getAttribute("time"));
        assertEquals("2026-11-25T11:59:55", suite.getAttribute("timestamp"));

        NodeList cases = suite.getElementsByTagName("testcase");
        assertEquals(4, cases.getLength());
        List<String> names = new ArrayList<>();
        for (int i = 0; i < cases.getLength(); i++) {
            names.add(((Element) cases.item(i)).getAttribute("name"));
        }
        assertEquals(List.of(ID + " [1X-SDR]", ID + " [4X-QDR]", "C99_001_01 [1X-SDR]", "C99_001_01 [4X-QDR]"), names);

        Element failCase = (Element) cases.item(0);
        assertEquals("c14", failCase.getAttribute("classname"));
        assertEquals(seconds(fail.duration()), failCase.getAttribute("time"));
        Element failure = only(failCase, "failure");
        assertEquals("v1c13-024#07", failure.getAttribute("type"));
        assertTrue(failure.getAttribute("message").contains("step 10 [v1c13-024#07]"), failure.getAttribute("message"));
        assertTrue(failure.getAttribute("message").endsWith("expected 7, was 0"), failure.getAttribute("message"));
        // The step log as text: every step of the run, and the frame lines in it.
        for (Step s : fail.steps()) {
            assertTrue(failure.getTextContent().contains("Step " + s.number() + ". " + s.text() + "\n"), s.text());
        }
        assertEquals(
                frameEvents(fail).size(),
                failure.getTextContent()
                        .lines()
                        .filter(l -> l.contains(" frame "))
                        .count());

        Element passCase = (Element) cases.item(1);
        assertEquals(0, passCase.getChildNodes().getLength(), "a PASS has no children");

        Element error = only((Element) cases.item(2), "error");
        assertEquals("the bench could not be set up: link <down> & out", error.getAttribute("message"));
        assertTrue(error.getTextContent().contains("note the bench could not be set up: link <down> & out"));

        Element skipped = only((Element) cases.item(3), "skipped");
        assertEquals("step 2: EnhancedPort0 = 0 < 1 & " + SyntheticResults.NASTY, skipped.getAttribute("message"));
        assertEquals("c99", ((Element) cases.item(3)).getAttribute("classname"));
    }

    @Test
    void resultsJsonHoldsEveryResultFieldByField() throws Exception {
        JsonObject json = new JsonObject(Files.readString(reports.dir().resolve(ReportDir.RESULTS)));
        assertEquals(FINISHED.toString(), json.getString("finished"));
        assertEquals(WALL.toNanos(), json.getLong("wallTimeNanos"));
        assertEquals(
                new JsonObject()
                        .put("PASS", 1)
                        .put("FAIL", 1)
                        .put("NOT_APPLICABLE", 1)
                        .put("ERROR", 1),
                json.getJsonObject("counts"));
        JsonArray items = json.getJsonArray("results");
        List<ProcedureResult> expected = inCatalogOrder();
        assertEquals(expected.size(), items.size());
        for (int i = 0; i < expected.size(); i++) {
            assertResult(expected.get(i), items.getJsonObject(i));
        }
        assertEquals("traces/" + ID + "_1X-SDR.pcap", items.getJsonObject(0).getString("trace"));
        assertEquals("traces/" + ID + "_4X-QDR.pcap", items.getJsonObject(1).getString("trace"));
        assertTrue(items.getJsonObject(2).containsKey("trace"), "a run without a trace says so");
        assertEquals(null, items.getJsonObject(2).getString("trace"));
    }

    private static void assertResult(ProcedureResult r, JsonObject j) {
        var cts = r.item().procedure().cts();
        String at = r.item().label() + ": ";
        assertEquals(cts.id(), j.getString("id"), at);
        assertEquals(cts.section(), j.getString("section"), at);
        assertEquals(cts.title(), j.getString("title"), at);
        assertEquals(List.of(cts.coverage()), j.getJsonArray("coverage").getList(), at);
        assertEquals(List.of(cts.assertions()), j.getJsonArray("assertions").getList(), at);
        assertEquals(r.item().procedure().topology(), j.getString("topology"), at);
        JsonObject config = j.getJsonObject("configuration");
        assertEquals(r.item().configuration().label(), config.getString("label"), at);
        assertEquals(r.item().configuration().width().label(), config.getString("width"), at);
        assertEquals(r.item().configuration().speed().name(), config.getString("speed"), at);
        assertEquals(
                r.item().configuration().params(),
                config.getJsonObject("params").getMap(),
                at);
        assertEquals(r.item().dutKind(), j.getString("dutKind"), at);
        assertEquals(r.bench(), j.getString("bench"), at);
        JsonObject v = j.getJsonObject("verdict");
        assertEquals(r.verdict().kind().name(), v.getString("kind"), at);
        assertEquals(r.verdict().step(), v.getInteger("step"), at);
        assertEquals(r.verdict().assertion(), v.getString("assertion"), at);
        assertEquals(r.verdict().expected(), v.getString("expected"), at);
        assertEquals(r.verdict().actual(), v.getString("actual"), at);
        assertEquals(r.verdict().reason(), v.getString("reason"), at);
        assertEquals(r.duration().toNanos(), j.getLong("durationNanos"), at);
        assertEquals(r.frames().size(), j.getInteger("frames"), at);
        JsonArray steps = j.getJsonArray("steps");
        assertEquals(r.steps().size(), steps.size(), at);
        for (int s = 0; s < r.steps().size(); s++) {
            Step step = r.steps().get(s);
            JsonObject js = steps.getJsonObject(s);
            assertEquals(step.number(), js.getInteger("number"), at);
            assertEquals(step.text(), js.getString("text"), at);
            assertEquals(step.startNanos(), js.getLong("startNanos"), at);
            JsonArray events = js.getJsonArray("events");
            assertEquals(step.events().size(), events.size(), at + "step " + step.number());
            for (int e = 0; e < step.events().size(); e++) {
                LogEvent event = step.events().get(e);
                JsonObject je = events.getJsonObject(e);
                assertEquals(event.type().name(), je.getString("type"), at);
                assertEquals(event.nanos(), je.getLong("nanos"), at);
                assertEquals(event.text(), je.getString("text"), at);
                assertEquals(event.frame(), je.getInteger("frame"), at);
                assertEquals(event.details(), je.getJsonArray("details").getList(), at);
            }
        }
    }

    @Test
    void everyHtmlPageIsWellFormedAndTheIndexLinksEveryRunInCatalogOrder() throws Exception {
        Path index = reports.dir().resolve(ReportDir.INDEX);
        Document doc = parse(index);
        List<String> links = new ArrayList<>();
        NodeList anchors = doc.getElementsByTagNameNS("*", "a");
        for (int i = 0; i < anchors.getLength(); i++) {
            String href = ((Element) anchors.item(i)).getAttribute("href");
            assertTrue(Files.exists(reports.dir().resolve(href)), "index links to a missing file: " + href);
            links.add(href);
        }
        assertEquals(
                List.of(
                        "runs/" + ID + "_1X-SDR.html",
                        "traces/" + ID + "_1X-SDR.pcap",
                        "runs/" + ID + "_4X-QDR.html",
                        "traces/" + ID + "_4X-QDR.pcap",
                        "runs/C99_001_01_1X-SDR.html",
                        "runs/C99_001_01_4X-QDR.html"),
                links);
        try (Stream<Path> pages = Files.list(reports.dir().resolve(HtmlReport.RUNS))) {
            for (Path page : pages.toList()) {
                parse(page);
            }
        }
        // The synthetic texts come back as written: the markup characters were escaped, not interpreted.
        Document na = parse(reports.dir().resolve("runs/C99_001_01_4X-QDR.html"));
        String text = na.getDocumentElement().getTextContent();
        assertTrue(text.contains(SyntheticResults.PROCEDURE.cts().title()), "title");
        assertTrue(text.contains("step 2: EnhancedPort0 = 0 < 1 & " + SyntheticResults.NASTY), "reason");
        assertTrue(text.contains("SubnGet(PortInfo) <mod=0> & " + SyntheticResults.NASTY), "event");
        assertTrue(text.contains("Base < 1\nClass & 2"), "details");
        assertTrue(text.contains("SwitchInfo:EnhancedPort0 = 1 & VLCap < 4"), "qualifiers");
    }

    @Test
    void everyHtmlPageIsSelfContained() throws Exception {
        try (Stream<Path> files = Files.walk(reports.dir())) {
            for (Path page : files.filter(f -> f.toString().endsWith(".html")).toList()) {
                String html = Files.readString(page);
                for (String fetch : List.of("<link", "<script", " src=", "url(", "@import")) {
                    assertFalse(html.contains(fetch), page + " fetches something: " + fetch);
                }
                assertTrue(html.contains("<style>"), page + " has its style inline");
            }
        }
    }

    @Test
    void theLadderHasOneArrowPerFrameInTraceOrderPointingTheWayTheFrameWent() throws Exception {
        Document page = parse(reports.dir().resolve("runs/" + ID + "_1X-SDR.html"));
        NodeList groups = page.getElementsByTagNameNS("http://www.w3.org/2000/svg", "g");
        List<LogEvent> frames = frameEvents(fail);
        assertTrue(frames.size() > 10, "a real run crosses many frames: " + frames.size());
        assertEquals(fail.frames().size(), frames.size(), "every traced frame is an event");
        assertEquals(frames.size(), groups.getLength());
        for (int i = 0; i < frames.size(); i++) {
            LogEvent e = frames.get(i);
            Element g = (Element) groups.item(i);
            boolean sent = e.type() == LogEvent.Type.SENT;
            assertEquals(sent ? "sent" : "received", g.getAttribute("class"));
            Element line = only(g, "line");
            int x1 = Integer.parseInt(line.getAttribute("x1"));
            int x2 = Integer.parseInt(line.getAttribute("x2"));
            assertTrue(sent ? x1 < x2 : x1 > x2, "frame " + e.frame() + " points the wrong way");
            NodeList texts = g.getElementsByTagNameNS("*", "text");
            assertEquals(VerdictText.sinceStart(e.nanos()), texts.item(0).getTextContent());
            assertEquals("#" + (e.frame() + 1), texts.item(1).getTextContent());
            List<String> label = new ArrayList<>();
            for (int t = 2; t < texts.getLength(); t++) {
                label.add(texts.item(t).getTextContent());
            }
            assertEquals(LadderDiagram.wrap(e.text()), label);
            assertTrue(only(g, "title").getTextContent().startsWith(e.text()));
        }
        assertEquals(
                fail.frames().stream().map(f -> f.index()).toList(),
                frames.stream().map(LogEvent::frame).toList(),
                "arrows in trace order");
        Element trace = (Element) page.getElementsByTagNameNS("*", "a").item(1);
        assertEquals("../traces/" + ID + "_1X-SDR.pcap", trace.getAttribute("href"));
    }

    @Test
    void eachRealRunHasAPcapThatErfTraceReaderAndTsharkReadFrameForFrame() throws Exception {
        for (ProcedureResult r : List.of(pass, fail)) {
            Path pcap = reports.traces().resolve(r.item().fileName() + ".pcap");
            assertEquals(Optional.of(pcap), r.traceFile());
            int read = 0;
            try (ErfTraceReader reader = ErfTraceReader.open(pcap)) {
                while (reader.next() != null) {
                    read++;
                }
            }
            assertTrue(r.frames().size() > 0);
            assertEquals(r.frames().size(), read, pcap.toString());
            Tshark.Output out = Tshark.read(pcap, "-T", "fields", "-e", "frame.number", "-e", "infiniband.lrh.dlid");
            assertEquals(r.frames().size(), out.lines().size(), out.stderr());
            for (int i = 0; i < out.lines().size(); i++) {
                String[] fields = out.lines().get(i).split("\t", -1);
                assertEquals(String.valueOf(i + 1), fields[0]);
                assertFalse(fields[1].isEmpty(), "tshark decoded no LRH in frame " + (i + 1));
            }
        }
    }

    @Test
    void theConsoleFollowedTheRealRun() {
        List<String> lines = failConsole.lines().toList();
        assertEquals(
                "procedure 1 of 1: " + ID + " [1X-SDR], 0.0 s", lines.get(0).replaceAll("[0-9.]+ s$", "0.0 s"));
        assertTrue(
                lines.get(1)
                        .matches("FAIL {11}" + ID + " \\[1X-SDR\\]  [0-9.]+ s  step 10 \\[v1c13-024#07\\] .*"
                                + ": expected 7, was 0"),
                lines.get(1));
        List<String> row = lines.stream()
                .filter(l -> l.startsWith(ID + " "))
                .map(l -> List.of(l.trim().split(" +")))
                .findFirst()
                .orElseThrow();
        assertEquals(List.of(ID, "0", "1", "0", "0", "1"), row, failConsole);
        assertFalse(failConsole.contains("\r"), "no redraws outside a terminal");
    }

    private static List<LogEvent> frameEvents(ProcedureResult r) {
        return r.steps().stream()
                .flatMap(s -> s.events().stream())
                .filter(LadderDiagram::isFrame)
                .toList();
    }

    private static Element only(Element parent, String name) {
        NodeList found = parent.getElementsByTagNameNS("*", name);
        assertEquals(1, found.getLength(), name + " in " + parent.getTagName());
        return (Element) found.item(0);
    }

    private static String seconds(Duration d) {
        return String.format(Locale.ROOT, "%.3f", d.toNanos() / 1e9);
    }

    static Document parse(Path file) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        return f.newDocumentBuilder().parse(file.toFile());
    }
}
