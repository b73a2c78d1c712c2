package dev.ibmesh.device.hca.transport.rc;

import dev.ibmesh.device.hca.transport.HcaDeviation;
import dev.ibmesh.device.hca.transport.QpCounters;
import dev.ibmesh.device.hca.transport.TransportContext;
import dev.ibmesh.device.hca.verbs.QpState;
import dev.ibmesh.device.hca.verbs.QueuePair;
import dev.ibmesh.device.hca.verbs.WcStatus;
import dev.ibmesh.runtime.time.Scheduler;
import dev.ibmesh.wire.Aeth;

/**
 * The RC requester's retry rules and timers. The local ACK timeout is 4.096 us x 2^timeout (0: infinite), restarted
 * whenever an acknowledgement makes progress; each timeout, PSN sequence error NAK or lost response costs one of
 * retry_cnt retries, and when none is left the request fails with RETRY_EXC_ERR (C9-142, C9-143). An RNR NAK stops
 * sending for at least the time its timer code asks (C9-130; the 32-entry table in {@link Aeth#rnrTimerNanos}) and
 * costs one of rnr_retry retries (7: infinite); when none is left the request fails with RNR_RETRY_EXC_ERR. Progress
 * restores both counts.
 */
final class RcRetry {
    private static final int RNR_RETRY_INFINITE = 7;
    private final QueuePair qp;
    private final TransportContext ctx;
    private final QpCounters counters;
    private final Runnable resume;
    private RcRequester requester;
    private RcCompleter completer;
    private int retriesLeft;
    private int rnrRetriesLeft;
    /** Where the last go-back-N started, until progress: further signs of the same loss cost no retry. */
    private int wentBackTo = -1;

    /**
     * The local ACK timer is running: it expires at {@link #ackDeadline}. Progress moves the deadline and leaves the
     * scheduled wake-up ({@link #ackTimer}) in place, which re-schedules itself for what remains: every ACK would
     * otherwise cancel one timer of the event loop and create another.
     */
    private boolean ackRunning;

    private long ackDeadline;
    private Scheduler.Cancellable ackTimer;
    private Scheduler.Cancellable rnrTimer;

    RcRetry(QueuePair qp, TransportContext ctx, QpCounters counters, Runnable resume) {
        this.qp = qp;
        this.ctx = ctx;
        this.counters = counters;
        this.resume = resume;
    }

    void bind(RcRequester r, RcCompleter c) {
        this.requester = r;
        this.completer = c;
    }

    /** retry_cnt and rnr_retry retries left again (RTS, and every time an acknowledgement makes progress). */
    void restoreCounts() {
        retriesLeft = qp.retryCnt();
        rnrRetriesLeft = qp.rnrRetry();
    }

    /** An acknowledgement or response moved the oldest unacknowledged PSN forward. */
    void onProgress() {
        restoreCounts();
        wentBackTo = -1;
        cancelAckTimer();
        armAckTimer();
    }

    /** Starts the local ACK timer if it is not running and something is unacknowledged. */
    void armAckTimer() {
        if (!ackRunning && rnrTimer == null && qp.timeout() != 0 && completer.unacknowledged()) {
            long timeout = 4096L << qp.timeout();
            ackRunning = true;
            ackDeadline = ctx.scheduler().nanoTime() + timeout;
            if (ackTimer == null) {
                ackTimer = ctx.scheduler().schedule(timeout, this::onAckWakeUp);
            }
        }
    }

    private void onAckWakeUp() {
        ackTimer = null;
        if (!ackRunning) {
            return;
        }
        long left = ackDeadline - ctx.scheduler().nanoTime();
        if (left > 0) {
            ackTimer = ctx.scheduler().schedule(left, this::onAckWakeUp);
            return;
        }
        ackRunning = false;
        counters.timeout();
        goBack(completer.una());
    }

    /**
     * A PSN sequence error NAK, or a response past one that never came, says packets were lost: go back to the first
     * unacknowledged PSN (a READ or atomic before the NAK's PSN whose response is missing is asked for again), once per
     * loss (the duplicate ACKs and NAKs a go-back-N provokes do not each cost a retry).
     */
    void lost() {
        int una = completer.una();
        if (una != wentBackTo) {
            goBack(una);
        }
    }

    /** Go-back-N from {@code psn}, at the cost of one retry; none left: RETRY_EXC_ERR. */
    private void goBack(int psn) {
        if (qp.state() == QpState.ERR) {
            return;
        }
        if (retriesLeft == 0 && !ctx.deviates(HcaDeviation.IGNORE_RETRY_COUNT)) {
            completer.failAt(psn, WcStatus.RETRY_EXC_ERR);
            return;
        }
        retriesLeft = Math.max(0, retriesLeft - 1);
        counters.retry();
        wentBackTo = psn;
        cancelAckTimer();
        requester.goBackTo(psn);
        resume.run();
    }

    /**
     * An RNR NAK for {@code psn}: wait its timer, then resend from the first unacknowledged PSN (the NAKed request,
     * or what an acknowledgement during the wait left); none left: RNR_RETRY_EXC_ERR.
     */
    void rnrNak(int psn, int timerCode) {
        if (qp.state() == QpState.ERR) {
            return;
        }
        boolean infinite = qp.rnrRetry() == RNR_RETRY_INFINITE || ctx.deviates(HcaDeviation.IGNORE_RNR_RETRY_COUNT);
        if (!infinite && rnrRetriesLeft == 0) {
            completer.failAt(psn, WcStatus.RNR_RETRY_EXC_ERR);
            return;
        }
        if (!infinite) {
            rnrRetriesLeft--;
        }
        cancelAckTimer();
        cancelRnrTimer();
        requester.pause();
        long wait = ctx.deviates(HcaDeviation.RETRY_BEFORE_RNR_TIMER) ? 0 : Aeth.rnrTimerNanos(timerCode);
        rnrTimer = ctx.scheduler().schedule(wait, () -> {
            rnrTimer = null;
            counters.retry();
            requester.resumeAt(completer.una());
            resume.run();
        });
    }

    void stop() {
        cancelAckTimer();
        if (ackTimer != null) {
            ackTimer.cancel();
            ackTimer = null;
        }
        cancelRnrTimer();
    }

    /** Stops the local ACK timer; a pending wake-up finds it stopped and does nothing. */
    private void cancelAckTimer() {
        ackRunning = false;
    }

    private void cancelRnrTimer() {
        if (rnrTimer != null) {
            rnrTimer.cancel();
            rnrTimer = null;
        }
    }
}
