package dev.ibmesh.tester.report;

import dev.ibmesh.tester.engine.LogEvent;
import dev.ibmesh.tester.engine.Step;
import java.util.List;
import java.util.Locale;

/**
 * A packet ladder diagram of one run as inline SVG: the Tester's lifeline on the left, the DUT's on the right, one
 * arrow per frame that crossed the tester's port, in the order they crossed it: left to right for frames the tester
 * sent, right to left for frames it received. Each arrow is labelled with the decoded summary, the time since the
 * run began and the frame number in the run's pcap (as Wireshark numbers it); hovering shows every decoded field.
 * A dashed rule with the step's text marks where each step begins. A run with a very long trace shows its first
 * {@value #MAX_ARROWS} frames and says how many more the pcap holds.
 */
final class LadderDiagram {
    static final int MAX_ARROWS = 1000;

    private static final int WIDTH = 960;
    private static final int TESTER_X = 250;
    private static final int DUT_X = 900;
    private static final int HEADER = 44;
    /** An arrow with two lines of label above it. */
    private static final int ARROW_ROW = 40;

    private static final int LINE = 13;
    private static final int STEP_ROW = 22;
    /** What fits on one line between the lifelines at 11px monospace. */
    private static final int LABEL_CHARS = 95;

    private LadderDiagram() {}

    /** Frame events of the steps: what the arrows show. */
    static boolean isFrame(LogEvent e) {
        return e.frame() >= 0 && (e.type() == LogEvent.Type.SENT || e.type() == LogEvent.Type.RECEIVED);
    }

    /** The SVG, or an empty string when no frame crossed the port. */
    static String render(List<Step> steps, String dutLabel) {
        StringBuilder rows = new StringBuilder();
        int y = HEADER;
        int arrows = 0;
        int left = 0;
        for (Step step : steps) {
            boolean ruled = false;
            for (LogEvent e : step.events()) {
                if (!isFrame(e)) {
                    continue;
                }
                if (arrows == MAX_ARROWS) {
                    left++;
                    continue;
                }
                if (!ruled) {
                    y += STEP_ROW;
                    stepRule(rows, y, step);
                    ruled = true;
                }
                y += ARROW_ROW;
                arrow(rows, y, e);
                arrows++;
            }
        }
        if (arrows == 0) {
            return "";
        }
        if (left > 0) {
            y += STEP_ROW;
            text(rows, 10, y, "start", "... " + left + " more frames: see the pcap");
        }
        int height = y + 14;
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(
                Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"ladder\" width=\"%d\" height=\"%d\""
                        + " viewBox=\"0 0 %d %d\">\n",
                WIDTH,
                height,
                WIDTH,
                height));
        lifeline(svg, TESTER_X, "Tester", height);
        lifeline(svg, DUT_X, "DUT (" + dutLabel + ")", height);
        svg.append(String.format(
                Locale.ROOT,
                "<text x=\"10\" y=\"%d\" fill=\"#555\">time since start</text>"
                        + "<text x=\"130\" y=\"%d\" fill=\"#555\">pcap frame</text>\n",
                HEADER - 6,
                HEADER - 6));
        return svg.append(rows).append("</svg>\n").toString();
    }

    private static void lifeline(StringBuilder svg, int x, String name, int height) {
        svg.append(String.format(
                Locale.ROOT,
                "<rect x=\"%d\" y=\"4\" width=\"120\" height=\"22\" rx=\"3\" fill=\"#e3f2fd\" stroke=\"#1565c0\"/>"
                        + "<line x1=\"%d\" y1=\"26\" x2=\"%d\" y2=\"%d\" stroke=\"#90a4ae\" stroke-width=\"2\"/>\n",
                x - 60,
                x,
                x,
                height));
        text(svg, x, 19, "middle", name);
    }

    private static void stepRule(StringBuilder rows, int y, Step step) {
        rows.append(String.format(
                Locale.ROOT,
                "<line x1=\"0\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#ccc\" stroke-dasharray=\"4 3\"/>\n",
                y - 14,
                WIDTH,
                y - 14));
        text(rows, 10, y, "start", clip("Step " + step.number() + ". " + step.text(), 150));
    }

    private static void arrow(StringBuilder rows, int y, LogEvent e) {
        boolean sent = e.type() == LogEvent.Type.SENT;
        int from = sent ? TESTER_X : DUT_X;
        int to = sent ? DUT_X : TESTER_X;
        int tip = sent ? -8 : 8;
        String colour = sent ? "#1565c0" : "#6a1b9a";
        rows.append("<g class=\"")
                .append(sent ? "sent" : "received")
                .append("\"><title>")
                .append(Xml.escape(tooltip(e)))
                .append("</title>");
        text(rows, 10, y, "start", VerdictText.sinceStart(e.nanos()));
        text(rows, 130, y, "start", "#" + StepLogText.pcapFrame(e.frame()));
        List<String> label = wrap(VerdictText.oneLine(e.text()));
        for (int i = 0; i < label.size(); i++) {
            text(rows, (TESTER_X + DUT_X) / 2, y - 5 - (label.size() - 1 - i) * LINE, "middle", label.get(i));
        }
        rows.append(String.format(
                Locale.ROOT,
                "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"1.5\"/>"
                        + "<polygon points=\"%d,%d %d,%d %d,%d\" fill=\"%s\"/></g>\n",
                from,
                y,
                to + tip,
                y,
                colour,
                to,
                y,
                to + tip,
                y - 4,
                to + tip,
                y + 4,
                colour));
    }

    private static String tooltip(LogEvent e) {
        StringBuilder t = new StringBuilder(e.text());
        e.details().forEach(d -> t.append('\n').append(d));
        return t.toString();
    }

    private static void text(StringBuilder svg, int x, int y, String anchor, String s) {
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"%s\">", x, y, anchor))
                .append(Xml.escape(VerdictText.oneLine(s)))
                .append("</text>");
    }

    /**
     * The label on one line, or two when it is longer (broken at the last blank that fits: the decoded summary starts
     * with the link and transport headers, and the MAD or payload part that tells frames apart comes last).
     */
    static List<String> wrap(String s) {
        if (s.length() <= LABEL_CHARS) {
            return List.of(s);
        }
        int cut = s.lastIndexOf(' ', LABEL_CHARS);
        if (cut <= 0) {
            cut = LABEL_CHARS;
        }
        return List.of(s.substring(0, cut), clip(s.substring(cut).strip(), LABEL_CHARS));
    }

    private static String clip(String s, int chars) {
        return s.length() <= chars ? s : s.substring(0, chars - 3) + "...";
    }
}
