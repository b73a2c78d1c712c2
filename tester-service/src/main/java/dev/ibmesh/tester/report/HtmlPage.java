package dev.ibmesh.tester.report;

import dev.ibmesh.tester.engine.Verdict;
import java.util.Locale;

/**
 * The frame of every HTML page of the report: self-contained (the style inline, no script, nothing fetched), and
 * written as XHTML that HTML parsers also read, so a test can check it with an XML parser. The style avoids
 * {@code <} and {@code &}, which the two readings would treat differently.
 */
final class HtmlPage {
    private static final String STYLE = """
            body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; }
            h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 1.5em; } h3 { font-size: 1em; margin: 1em 0 .3em; }
            table { border-collapse: collapse; margin: .5em 0; }
            th, td { border: 1px solid #ccc; padding: 2px 8px; text-align: left; vertical-align: top; }
            th { background: #f0f0f0; }
            td.n { text-align: right; font-variant-numeric: tabular-nums; }
            code, pre, .mono, td.t, td.f { font-family: ui-monospace, monospace; font-size: 12px; }
            pre { margin: .2em 0; white-space: pre-wrap; }
            td.t, td.k, td.f { white-space: nowrap; }
            .title { color: #555; font-size: 12px; }
            .v { font-weight: bold; padding: 0 .4em; border-radius: 3px; color: #fff; white-space: nowrap; }
            .v-pass { background: #2e7d32; } .v-fail { background: #c62828; }
            .v-not_applicable { background: #757575; } .v-error { background: #ef6c00; }
            .verdict { border-left: 6px solid #999; padding: .4em .8em; background: #fafafa; }
            .verdict.v-fail-box { border-color: #c62828; } .verdict.v-pass-box { border-color: #2e7d32; }
            .verdict.v-error-box { border-color: #ef6c00; }
            .failed-step { color: #c62828; }
            tr.check_failed td { background: #fdecea; }
            tr.sent td.k { color: #1565c0; } tr.received td.k { color: #6a1b9a; }
            details summary { cursor: pointer; color: #555; }
            svg text { font-family: ui-monospace, monospace; font-size: 11px; }
            """;

    private HtmlPage() {}

    static String page(String title, String body) {
        return "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n"
                + "<meta charset=\"utf-8\"/>\n<title>" + Xml.escape(title) + "</title>\n<style>\n" + STYLE
                + "</style>\n</head>\n<body>\n" + body + "</body>\n</html>\n";
    }

    /** A coloured verdict label. */
    static String badge(Verdict.Kind kind) {
        return "<span class=\"v " + cssClass(kind) + "\">" + kind.name() + "</span>";
    }

    static String cssClass(Verdict.Kind kind) {
        return "v-" + kind.name().toLowerCase(Locale.ROOT);
    }
}
