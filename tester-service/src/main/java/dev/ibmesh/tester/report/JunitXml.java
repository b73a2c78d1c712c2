package dev.ibmesh.tester.report;

import dev.ibmesh.tester.engine.ProcedureResult;
import dev.ibmesh.tester.engine.Verdict;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;

/**
 * {@code junit.xml}: one {@code testsuite} for the run, one {@code testcase} per procedure run named {@code ID
 * [configuration]} with the procedure's chapter suite ({@code c14}) as its classname. FAIL is a {@code failure} (its
 * type the assertion ID), ERROR an {@code error}, both with the verdict as message and the step log as text;
 * NOT_APPLICABLE is {@code skipped} with its reason. What CI servers (Jenkins, GitLab) read.
 */
final class JunitXml {
    static final String SUITE_NAME = "ibmesh conformance";
    private static final DateTimeFormatter TIMESTAMP =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss", Locale.ROOT);

    private JunitXml() {}

    static String render(List<ProcedureResult> unordered, Duration wallTime, Instant finished) {
        List<ProcedureResult> results = ResultOrder.sorted(unordered);
        Tally.Counts counts = Tally.of(results).all();
        StringBuilder x = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        x.append("<testsuite")
                .append(attr("name", SUITE_NAME))
                .append(attr("tests", results.size()))
                .append(attr("failures", counts.get(Verdict.Kind.FAIL)))
                .append(attr("errors", counts.get(Verdict.Kind.ERROR)))
                .append(attr("skipped", counts.get(Verdict.Kind.NOT_APPLICABLE)))
                .append(attr("time", seconds(wallTime)))
                .append(attr("timestamp", timestamp(finished.minus(wallTime))))
                .append(">\n");
        for (ProcedureResult r : results) {
            testcase(x, r);
        }
        return x.append("</testsuite>\n").toString();
    }

    private static void testcase(StringBuilder x, ProcedureResult r) {
        x.append("  <testcase")
                .append(attr("name", r.item().label()))
                .append(attr("classname", chapterSuite(r)))
                .append(attr("time", seconds(r.duration())));
        Verdict v = r.verdict();
        switch (v.kind()) {
            case PASS -> x.append("/>\n");
            case NOT_APPLICABLE ->
                x.append(">\n    <skipped")
                        .append(attr("message", VerdictText.detail(v)))
                        .append("/>\n  </testcase>\n");
            case FAIL -> withLog(x, "failure", v.assertion().isEmpty() ? "FAIL" : v.assertion(), r);
            case ERROR -> withLog(x, "error", "ERROR", r);
        }
    }

    private static void withLog(StringBuilder x, String element, String type, ProcedureResult r) {
        x.append(">\n    <")
                .append(element)
                .append(attr("message", VerdictText.detail(r.verdict())))
                .append(attr("type", type))
                .append('>')
                .append(Xml.escape(StepLogText.render(r.steps())))
                .append("</")
                .append(element)
                .append(">\n  </testcase>\n");
    }

    /** The chapter's suite ({@code c14}), the first a descriptor gives. */
    private static String chapterSuite(ProcedureResult r) {
        return r.item().procedure().suites().iterator().next();
    }

    private static String attr(String name, Object value) {
        return " " + name + "=\"" + Xml.escape(String.valueOf(value)) + "\"";
    }

    private static String seconds(Duration d) {
        return String.format(Locale.ROOT, "%.3f", d.toNanos() / 1e9);
    }

    /** The JUnit schema's timestamp: ISO 8601 without a zone, here in UTC. */
    private static String timestamp(Instant t) {
        return TIMESTAMP.format(LocalDateTime.ofInstant(t, ZoneOffset.UTC));
    }
}
