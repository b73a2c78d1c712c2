package dev.ibmesh.tester.report;

import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.LogEvent;
import dev.ibmesh.tester.engine.ProcedureResult;
import dev.ibmesh.tester.engine.Step;
import dev.ibmesh.tester.engine.Verdict;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The HTML report: {@code index.html} with the counts per suite and one row per run in catalog order, each linking
 * to the run's page {@code runs/NAME.html}: the procedure's descriptor, the verdict, a link to the run's pcap, the
 * packet ladder diagram and the step log with every event (decoded fields folded under each frame).
 */
final class HtmlReport {
    static final String INDEX = "index.html";
    static final String RUNS = "runs";

    private HtmlReport() {}

    static void write(List<ProcedureResult> unordered, Duration wallTime, Instant finished, Path root)
            throws IOException {
        List<ProcedureResult> results = ResultOrder.sorted(unordered);
        Map<ProcedureResult, String> pages = pageNames(results);
        Path runs = root.resolve(RUNS);
        Files.createDirectories(runs);
        for (ProcedureResult r : results) {
            ReportDir.writeText(runs.resolve(pages.get(r)), runPage(r, root, runs));
        }
        ReportDir.writeText(root.resolve(INDEX), index(results, pages, wallTime, finished, root));
    }

    /** Page file names from the runs' file names, unique even when the same run appears twice. */
    static Map<ProcedureResult, String> pageNames(List<ProcedureResult> results) {
        Map<ProcedureResult, String> names = new LinkedHashMap<>();
        Set<String> taken = new HashSet<>();
        for (ProcedureResult r : results) {
            String base = r.item().fileName().replaceAll("[^A-Za-z0-9._-]", "_");
            String name = base + ".html";
            for (int n = 2; !taken.add(name); n++) {
                name = base + "-" + n + ".html";
            }
            names.put(r, name);
        }
        return names;
    }

    private static String index(
            List<ProcedureResult> results,
            Map<ProcedureResult, String> pages,
            Duration wallTime,
            Instant finished,
            Path root) {
        Tally tally = Tally.of(results);
        StringBuilder b = new StringBuilder("<h1>ibmesh conformance report</h1>\n<p>Finished ")
                .append(Xml.escape(finished.toString()))
                .append(", wall time ")
                .append(VerdictText.seconds(wallTime))
                .append(", ")
                .append(results.size())
                .append(
                        " procedure runs.</p>\n<h2>Verdicts by suite</h2>\n<table class=\"counts\">\n<tr><th>suite</th>");
        for (Verdict.Kind k : Verdict.Kind.values()) {
            b.append("<th>").append(HtmlPage.badge(k)).append("</th>");
        }
        b.append("<th>runs</th></tr>\n");
        tally.bySuite().forEach((suite, counts) -> countsRow(b, suite, counts));
        countsRow(b, "all", tally.all());
        b.append("</table>\n<h2>Runs</h2>\n<table class=\"runs\">\n<tr><th>procedure</th><th>configuration</th>"
                + "<th>DUT</th><th>verdict</th><th>duration</th><th>detail</th><th>trace</th></tr>\n");
        for (ProcedureResult r : results) {
            Cts cts = r.item().procedure().cts();
            b.append("<tr><td><a href=\"")
                    .append(Xml.escape(RUNS + "/" + pages.get(r)))
                    .append("\">")
                    .append(Xml.escape(cts.id()))
                    .append("</a><div class=\"title\">")
                    .append(Xml.escape(cts.title()))
                    .append("</div></td><td class=\"mono\">")
                    .append(Xml.escape(r.item().configuration().label()))
                    .append("</td><td>")
                    .append(Xml.escape(r.item().dutKind()))
                    .append("</td><td>")
                    .append(HtmlPage.badge(r.verdict().kind()))
                    .append("</td><td class=\"n\">")
                    .append(VerdictText.seconds(r.duration()))
                    .append("</td><td>")
                    .append(Xml.escape(VerdictText.detail(r.verdict())))
                    .append("</td><td>")
                    .append(traceLink(r, root, root))
                    .append("</td></tr>\n");
        }
        b.append("</table>\n");
        return HtmlPage.page("ibmesh conformance report", b.toString());
    }

    private static void countsRow(StringBuilder b, String name, Tally.Counts counts) {
        b.append("<tr><td>").append(Xml.escape(name)).append("</td>");
        for (Verdict.Kind k : Verdict.Kind.values()) {
            b.append("<td class=\"n\">").append(counts.get(k)).append("</td>");
        }
        b.append("<td class=\"n\">").append(counts.total()).append("</td></tr>\n");
    }

    private static String runPage(ProcedureResult r, Path root, Path runs) {
        Cts cts = r.item().procedure().cts();
        Verdict v = r.verdict();
        StringBuilder b = new StringBuilder("<p><a href=\"../")
                .append(INDEX)
                .append("\">all runs</a></p>\n<h1>")
                .append(Xml.escape(r.item().label()))
                .append("</h1>\n<p class=\"title\">")
                .append(Xml.escape(cts.title()))
                .append("</p>\n<div class=\"verdict ")
                .append(HtmlPage.cssClass(v.kind()))
                .append("-box\">")
                .append(HtmlPage.badge(v.kind()));
        String detail = VerdictText.detail(v);
        if (!detail.isEmpty()) {
            b.append(' ').append(Xml.escape(detail));
        }
        b.append("</div>\n<h2>Procedure</h2>\n<table class=\"descriptor\">\n");
        row(b, "ID", cts.id() + (cts.ownId() ? " (ibmesh's own ID in the CTS scheme)" : ""));
        row(b, "section", cts.section());
        row(b, "title", cts.title());
        row(b, "topology", r.item().procedure().topology());
        row(b, "coverage", String.join(", ", cts.coverage()));
        row(b, "assertions", String.join(", ", cts.assertions()));
        row(b, "DUT qualifiers", String.join("; ", cts.qualifiers()));
        row(b, "configuration", r.item().configuration().label());
        row(b, "DUT kind", r.item().dutKind());
        row(b, "bench", r.bench());
        row(b, "duration", VerdictText.seconds(r.duration()));
        b.append("<tr><th>trace</th><td>")
                .append(traceLink(r, root, runs))
                .append(" (")
                .append(r.frames().size())
                .append(" frames)</td></tr>\n</table>\n<h2>Packet ladder</h2>\n");
        String ladder = LadderDiagram.render(r.steps(), r.item().dutKind());
        b.append(ladder.isEmpty() ? "<p>No frame crossed the tester's port.</p>\n" : ladder);
        b.append("<h2>Step log</h2>\n");
        for (Step s : r.steps()) {
            stepLog(b, s, v.kind() != Verdict.Kind.PASS && s.number() == v.step());
        }
        return HtmlPage.page(r.item().label(), b.toString());
    }

    private static void stepLog(StringBuilder b, Step s, boolean verdictStep) {
        b.append("<h3")
                .append(verdictStep ? " class=\"failed-step\"" : "")
                .append(">Step ")
                .append(s.number())
                .append(". ")
                .append(Xml.escape(s.text()))
                .append("</h3>\n");
        if (s.events().isEmpty()) {
            return;
        }
        b.append("<table class=\"events\">\n");
        for (LogEvent e : s.events()) {
            b.append("<tr class=\"")
                    .append(e.type().name().toLowerCase(Locale.ROOT))
                    .append("\"><td class=\"t\">")
                    .append(VerdictText.sinceStart(e.nanos()))
                    .append("</td><td class=\"k mono\">")
                    .append(Xml.escape(StepLogText.mark(e.type())))
                    .append("</td><td class=\"f\">")
                    .append(e.frame() >= 0 ? "#" + StepLogText.pcapFrame(e.frame()) : "")
                    .append("</td><td><span class=\"mono\">")
                    .append(Xml.escape(e.text()))
                    .append("</span>");
            if (!e.details().isEmpty()) {
                b.append("<details><summary>fields</summary><pre>")
                        .append(Xml.escape(String.join("\n", e.details())))
                        .append("</pre></details>");
            }
            b.append("</td></tr>\n");
        }
        b.append("</table>\n");
    }

    private static void row(StringBuilder b, String name, String value) {
        b.append("<tr><th>")
                .append(Xml.escape(name))
                .append("</th><td>")
                .append(Xml.escape(value))
                .append("</td></tr>\n");
    }

    private static String traceLink(ProcedureResult r, Path root, Path fromDir) {
        return TracePaths.of(r, root, fromDir)
                .map(path -> "<a href=\"" + Xml.escape(href(path)) + "\">" + Xml.escape(fileName(path)) + "</a>")
                .orElse("none");
    }

    /** A relative path as a URL path (each part percent-encoded); an absolute one as a file URL. */
    private static String href(String path) {
        Path p = Path.of(path);
        if (p.isAbsolute()) {
            return p.toUri().toString();
        }
        StringBuilder out = new StringBuilder();
        for (byte c : path.getBytes(StandardCharsets.UTF_8)) {
            if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || "/._-".indexOf(c) >= 0) {
                out.append((char) c);
            } else {
                out.append('%').append(String.format(Locale.ROOT, "%02X", c & 0xFF));
            }
        }
        return out.toString();
    }

    private static String fileName(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }
}
