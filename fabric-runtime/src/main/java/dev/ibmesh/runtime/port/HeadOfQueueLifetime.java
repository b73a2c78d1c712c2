package dev.ibmesh.runtime.port;

import dev.ibmesh.runtime.time.Scheduler;

/**
 * PortInfo.HOQLife (IBA 18.2.5.2): how long a packet may wait at the head of a VL's transmit queue before it is
 * discarded, so that the next one gets its turn. It owns the lifetime and the timer that fires when the oldest head
 * outlives it while packets wait for credit.
 *
 * <p>Threading: event loop only.
 */
final class HeadOfQueueLifetime {
    private static final long NO_LIMIT = Long.MAX_VALUE;

    private final Scheduler scheduler;
    private final VlQueues queues;
    private final PortDrops drops;
    private final Runnable drain;
    private long lifetimeNanos = NO_LIMIT;
    private Scheduler.Cancellable timer;

    HeadOfQueueLifetime(Scheduler scheduler, VlQueues queues, PortDrops drops, Runnable drain) {
        this.scheduler = scheduler;
        this.queues = queues;
        this.drops = drops;
        this.drain = drain;
    }

    /** 4.096 us x 2^code; codes of 20 and above mean no limit (what opensm writes to disable it). */
    void code(int code) {
        if (code < 0 || code > 31) {
            throw new IllegalArgumentException("HOQLife must be 0..31, was " + code);
        }
        lifetimeNanos = code >= 20 ? NO_LIMIT : 4096L << code;
    }

    /** Discards every head that waited longer than the lifetime, counting each. */
    void discardExpired() {
        if (lifetimeNanos == NO_LIMIT) {
            return;
        }
        long now = scheduler.nanoTime();
        for (int mask = queues.nonEmpty(); mask != 0; mask &= mask - 1) {
            int vl = Integer.numberOfTrailingZeros(mask);
            while (queues.size(vl) > 0 && now - queues.headQueuedAt(vl) > lifetimeNanos) {
                queues.poll(vl);
                drops.drop(DropReason.HEAD_OF_QUEUE_LIFETIME);
            }
        }
    }

    /** While packets wait, a timer for when the oldest head outlives the lifetime, to drain (and discard it) then. */
    void arm() {
        if (lifetimeNanos == NO_LIMIT || timer != null) {
            return;
        }
        long oldest = Long.MAX_VALUE;
        for (int mask = queues.nonEmpty(); mask != 0; mask &= mask - 1) {
            oldest = Math.min(oldest, queues.headQueuedAt(Integer.numberOfTrailingZeros(mask)));
        }
        long wait = oldest + lifetimeNanos + 1 - scheduler.nanoTime();
        timer = scheduler.schedule(Math.max(1, wait), () -> {
            timer = null;
            drain.run();
        });
    }

    /** The link went down: nothing waits any more. */
    void cancel() {
        if (timer != null) {
            timer.cancel();
            timer = null;
        }
    }
}
