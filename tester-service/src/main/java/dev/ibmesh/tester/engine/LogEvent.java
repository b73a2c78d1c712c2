package dev.ibmesh.tester.engine;

import java.util.List;

/**
 * One thing that happened during a step: a MAD or packet crossed the link (decoded), a check was made, a remark.
 *
 * @param nanos     time since the run began, from the same clock as the run's trace
 * @param frame     the trace record number of the packet, or -1 when it is not a packet
 * @param details   further decoded lines (every field, for the HTML report); may be empty
 */
public record LogEvent(Type type, long nanos, String text, int frame, List<String> details) {
    public enum Type {
        /** The tester sent a packet or MAD to the DUT. */
        SENT,
        /** The tester received a packet or MAD from the DUT. */
        RECEIVED,
        CHECK_PASSED,
        CHECK_FAILED,
        NOTE
    }

    public LogEvent {
        details = List.copyOf(details);
    }

    public static LogEvent note(long nanos, String text) {
        return new LogEvent(Type.NOTE, nanos, text, -1, List.of());
    }
}
