package dev.ibmesh.runtime.port;

import dev.ibmesh.runtime.counters.SingleWriterCounters;

/**
 * The frames a port dropped, by {@link DropReason}: each drop is counted for the drop metric and in the PMA counter
 * its reason maps to ({@link PortCounterSet#dropped}).
 *
 * <p>Threading: the device's event loop is the only writer; {@link #count} reads from any thread (release stores).
 */
final class PortDrops {
    private final SingleWriterCounters drops = new SingleWriterCounters(DropReason.values().length);
    private final PortCounterSet counters;

    PortDrops(PortCounterSet counters) {
        this.counters = counters;
    }

    void drop(DropReason reason) {
        drops.increment(reason.ordinal());
        counters.dropped(reason);
    }

    /** A drop the metric counts but the PMA counters do not (a receive departure that leaves them alone). */
    void dropUncounted(DropReason reason) {
        drops.increment(reason.ordinal());
    }

    /** Any thread. */
    long count(DropReason reason) {
        return drops.get(reason.ordinal());
    }
}
