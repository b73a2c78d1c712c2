package dev.ibmesh.sm.smp;

/**
 * How long to wait for an SMP's answer before sending it again, learned from the answers that came (the smoothed
 * round-trip time and its variation, as TCP estimates its retransmission timeout, RFC 6298 section 2), between
 * {@link #FLOOR_NANOS} and the configured timeout. Only answers to a first send are timed: a resend carries the same
 * TransactionID, so its answer could be the earlier send's (Karn's rule).
 *
 * <p>Why: with a fixed 200 ms timeout, a link that loses most packets makes every SMP across it cost seconds, and a
 * sweep gives up on it after a few tries. SMPs that are answered within microseconds can be resent after
 * milliseconds, many more times in the same time. Until an answer has been timed, the configured timeout holds.
 *
 * <p>Thread-safe: answers are timed on the port's thread, timeouts read when sending.
 */
final class AnswerTimer {
    /** The shortest wait: far above an in-process round trip, so a busy event loop does not cause resends. */
    static final long FLOOR_NANOS = 10_000_000L;

    private final long ceilingNanos;
    private double smoothed = -1;
    private double variation;

    AnswerTimer(long ceilingNanos) {
        this.ceilingNanos = ceilingNanos;
    }

    /** An answer came {@code nanos} after its SMP was sent. */
    synchronized void answered(long nanos) {
        if (smoothed < 0) {
            smoothed = nanos;
            variation = nanos / 2.0;
        } else {
            variation = 0.75 * variation + 0.25 * Math.abs(smoothed - nanos);
            smoothed = 0.875 * smoothed + 0.125 * nanos;
        }
    }

    /** How long the next SMP waits for its answer. */
    synchronized long timeoutNanos() {
        if (smoothed < 0) {
            return ceilingNanos;
        }
        long estimate = (long) (smoothed + 4 * variation);
        return Math.max(Math.min(FLOOR_NANOS, ceilingNanos), Math.min(estimate, ceilingNanos));
    }
}
