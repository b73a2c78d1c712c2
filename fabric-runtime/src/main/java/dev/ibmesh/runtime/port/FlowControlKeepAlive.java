package dev.ibmesh.runtime.port;

import dev.ibmesh.runtime.time.Scheduler;
import java.util.function.BooleanSupplier;

/**
 * How ibmesh honours the periodic flow-control update (IBA 7.9.4 asks for flow-control packets at least once per
 * update period) in its own time: credit that moves is advertised at once ({@link Port#release}), so the periodic
 * packets only repair updates lost or corrupted on the link. A port re-sends its whole flow-control state (and ends an
 * ExcessiveBufferOverrunErrors period) {@link #KEEP_ALIVE_NANOS} after it carried data on a data VL (VL15's SMPs move
 * no credit, so they leave nothing to repair); while it carries none the period doubles up to {@link
 * #KEEP_ALIVE_MAX_NANOS}. An idle fabric therefore spends almost nothing on timers, and any lost update is repaired
 * within one period of the loss. It owns the one timer and the period.
 *
 * <p>Threading: event loop only.
 */
final class FlowControlKeepAlive {
    /** The period after a link carried data. */
    static final long KEEP_ALIVE_NANOS = 100_000_000L;
    /** The longest period: a link idle since its last update refreshes at most this rarely. */
    static final long KEEP_ALIVE_MAX_NANOS = 10_000_000_000L;

    private final Scheduler scheduler;
    private final PhysicalLink physical;
    /** Re-sends the whole flow-control state; answers whether data-VL packets still wait to be sent. */
    private final BooleanSupplier refresh;

    private Scheduler.Cancellable timer;
    /** The period {@link #timer} was armed with. */
    private long period;
    /** Whether a data packet was sent or received since the last keep-alive. */
    private boolean carriedData;

    FlowControlKeepAlive(Scheduler scheduler, PhysicalLink physical, BooleanSupplier refresh) {
        this.scheduler = scheduler;
        this.physical = physical;
        this.refresh = refresh;
    }

    /** The link came up: the first keep-alive is one short period away. */
    void start() {
        arm(KEEP_ALIVE_NANOS);
    }

    /** The link went down. */
    void stop() {
        if (timer != null) {
            timer.cancel();
            timer = null;
        }
    }

    /** A data packet went out; the drain that sent it re-arms through {@link #carriedData()} when it must. */
    void sent() {
        carriedData = true;
    }

    /**
     * A data packet went out or came in (or waits for credit): the keep-alive comes within {@link #KEEP_ALIVE_NANOS},
     * re-armed only when it was further off, so a busy port touches its timer once per period at most.
     */
    void carriedData() {
        carriedData = true;
        if (timer == null || period > KEEP_ALIVE_NANOS) {
            arm(KEEP_ALIVE_NANOS);
        }
    }

    private void arm(long newPeriod) {
        stop();
        period = newPeriod;
        timer = scheduler.schedule(newPeriod, this::keepAlive);
    }

    private void keepAlive() {
        timer = null;
        if (!physical.up()) {
            return;
        }
        boolean waiting = refresh.getAsBoolean();
        boolean busy = carriedData || waiting;
        carriedData = false;
        arm(busy ? KEEP_ALIVE_NANOS : Math.min(KEEP_ALIVE_MAX_NANOS, period * 2));
    }
}
