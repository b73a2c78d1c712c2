package dev.ibmesh.tester.report;

import dev.ibmesh.tester.engine.LogEvent;
import dev.ibmesh.tester.engine.Step;
import java.util.List;

/**
 * A run's step log as plain text, one line per step and per event: what JUnit XML carries for a FAIL or an ERROR.
 * Frames are numbered as Wireshark numbers them in the run's pcap (from 1).
 *
 * <pre>
 * Step 3. SendMad (SubnGet(PortInfo))
 *   +1.204 ms  -&gt; frame 5  SubnGet PortInfo ...
 *   +1.390 ms  &lt;- frame 6  SubnGetResp PortInfo ...
 *   +1.402 ms  ok   [v1c14-024.1.1#06.02] MADHeader:Status.Code: expected 0, was 0
 * </pre>
 */
final class StepLogText {
    private StepLogText() {}

    static String render(List<Step> steps) {
        StringBuilder out = new StringBuilder();
        for (Step step : steps) {
            out.append("Step ")
                    .append(step.number())
                    .append(". ")
                    .append(step.text())
                    .append('\n');
            for (LogEvent e : step.events()) {
                out.append("  ")
                        .append(VerdictText.sinceStart(e.nanos()))
                        .append("  ")
                        .append(mark(e.type()))
                        .append(' ');
                if (e.frame() >= 0) {
                    out.append("frame ").append(pcapFrame(e.frame())).append("  ");
                }
                out.append(VerdictText.oneLine(e.text())).append('\n');
            }
        }
        return out.toString();
    }

    /** The frame number Wireshark shows for trace record {@code index} (records count from 0, frames from 1). */
    static int pcapFrame(int index) {
        return index + 1;
    }

    /** Tester-to-DUT arrows point right, as in the HTML ladder diagram. */
    static String mark(LogEvent.Type type) {
        return switch (type) {
            case SENT -> "-> ";
            case RECEIVED -> "<- ";
            case CHECK_PASSED -> "ok  ";
            case CHECK_FAILED -> "FAIL";
            case NOTE -> "note";
        };
    }
}
