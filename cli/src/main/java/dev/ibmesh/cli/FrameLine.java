package dev.ibmesh.cli;

import dev.ibmesh.text.Defect;
import dev.ibmesh.text.FrameDescription;
import dev.ibmesh.trace.Direction;
import java.util.Locale;

/**
 * One frame of a trace as a line for people: number, time since the first frame, port and direction, length, the
 * decoded summary and a mark for each defect. What {@code ibmesh decode} and {@code ibmesh generate} print.
 */
final class FrameLine {
    private FrameLine() {}

    static String of(int number, long relativeNanos, String port, Direction direction, int length, FrameDescription d) {
        StringBuilder line = new StringBuilder(String.format(
                "%5d %d.%09d %-7s %s %4d  %s",
                number,
                relativeNanos / 1_000_000_000L,
                relativeNanos % 1_000_000_000L,
                port,
                direction.name().toLowerCase(Locale.ROOT),
                length,
                d.summary()));
        for (Defect defect : Defect.values()) {
            if (d.defects().contains(defect)) {
                line.append("  [").append(defect.mark()).append(']');
            }
        }
        return line.toString();
    }
}
