package dev.ibmesh.tester.report;

import dev.ibmesh.tester.engine.Verdict;
import java.time.Duration;
import java.util.Locale;

/** How every report words a verdict and a duration, so the console, JUnit XML and HTML agree. */
final class VerdictText {
    private VerdictText() {}

    /**
     * What a verdict says beyond its kind, on one line: for FAIL the step, assertion, what was checked, expected and
     * actual ({@code step 10 [v1c13-024#07] MADHeader:Status.Code: expected 7, was 0}); for NOT_APPLICABLE and ERROR
     * the step (when there is one) and the reason; nothing for PASS.
     */
    static String detail(Verdict v) {
        String at = v.step() > 0 ? "step " + v.step() : "";
        String text = switch (v.kind()) {
            case PASS -> "";
            case FAIL ->
                join(at, v.assertion().isEmpty() ? "" : "[" + v.assertion() + "]")
                        + (v.reason().isEmpty() ? "" : " " + v.reason())
                        + ": expected " + v.expected() + ", was " + v.actual();
            case NOT_APPLICABLE, ERROR -> at.isEmpty() ? v.reason() : at + ": " + v.reason();
        };
        return oneLine(text.strip());
    }

    /** {@code 1.234 s}. */
    static String seconds(Duration d) {
        return String.format(Locale.ROOT, "%.3f s", d.toNanos() / 1e9);
    }

    /** {@code +12.345 ms}: a time since the run began. */
    static String sinceStart(long nanos) {
        return String.format(Locale.ROOT, "+%.3f ms", nanos / 1e6);
    }

    /** Line breaks of a DUT's answer or an exception message would break a one-line report. */
    static String oneLine(String s) {
        return s.replace("\r\n", " / ").replace('\n', ' ').replace('\r', ' ');
    }

    private static String join(String a, String b) {
        return a.isEmpty() ? b : b.isEmpty() ? a : a + " " + b;
    }
}
