package dev.ibmesh.runtime.port;

import dev.ibmesh.runtime.time.Scheduler;

/**
 * When a port's next data packet may leave: at once, unless the port paces at its link's data rate ({@link
 * TrainedLink#bitsPerSecond}, off by default so the emulation runs as fast as it can) or the cable has a rate limit
 * ({@link LinkImpairment}); with both, the lower rate. It owns the {@link Pacer} (made anew when a rate changes) and
 * the timer that drains again when the pacer allows.
 *
 * <p>Threading: event loop only.
 */
final class LinkPacing {
    private final Scheduler scheduler;
    private final PhysicalLink physical;
    private final LinkImpairment impairment;
    private final Runnable drain;
    private boolean atLinkRate;
    private Pacer pacer;
    private Scheduler.Cancellable pacedDrain;

    LinkPacing(Scheduler scheduler, PhysicalLink physical, LinkImpairment impairment, Runnable drain) {
        this.scheduler = scheduler;
        this.physical = physical;
        this.impairment = impairment;
        this.drain = drain;
    }

    void atLinkRate(boolean on) {
        this.atLinkRate = on;
        reset();
    }

    /** A rate changed (the link retrained, the cable's limit was set): the next packet starts a new pacer. */
    void reset() {
        pacer = null;
    }

    /** Whether packets are paced at all. */
    boolean on() {
        return atLinkRate || impairment.rateBitsPerSecond() > 0;
    }

    /** With pacing on, whether the next packet may leave now; if not, a drain is scheduled for when it may. */
    boolean mayStart() {
        long now = scheduler.nanoTime();
        if (pacer == null) {
            double rate = impairment.rateBitsPerSecond();
            if (atLinkRate) {
                double linkRate = physical.trained().bitsPerSecond();
                rate = rate > 0 ? Math.min(rate, linkRate) : linkRate;
            }
            pacer = new Pacer(rate, now);
        }
        if (pacer.mayStart(now)) {
            return true;
        }
        if (pacedDrain == null) {
            pacedDrain = scheduler.schedule(pacer.waitNanos(), () -> {
                pacedDrain = null;
                drain.run();
            });
        }
        return false;
    }

    /** A paced packet of {@code bytes} went out. */
    void charge(int bytes) {
        pacer.charge(bytes);
    }
}
