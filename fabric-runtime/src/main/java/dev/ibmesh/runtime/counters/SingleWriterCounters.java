package dev.ibmesh.runtime.counters;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * A fixed set of 64-bit counters (or gauges) that one thread writes and any thread reads, published the way Aeron
 * publishes its counters. The owner - a device's event loop - updates with a plain read of its own last value and a
 * release store: no lock and no compare-and-set, since nobody else writes. Readers - the Prometheus scrape thread -
 * load with acquire semantics, so they see each value the owner stored, never a torn one (a plain {@code long} is
 * not atomic on every JVM, JLS 17.7), and a counter read again never goes backwards. Plain fields give none of this:
 * a reader may see a stale value for ever.
 *
 * <p>Threading: {@link #increment}, {@link #add} and {@link #set} on the owning thread only; {@link #get} on any.
 */
public final class SingleWriterCounters {
    private final AtomicLongArray values;

    public SingleWriterCounters(int size) {
        this.values = new AtomicLongArray(size);
    }

    public int size() {
        return values.length();
    }

    /** Owner only. */
    public void increment(int index) {
        add(index, 1);
    }

    /** Owner only. */
    public void add(int index, long delta) {
        values.setRelease(index, values.getPlain(index) + delta);
    }

    /** Owner only: a gauge's new value, or a counter cleared. */
    public void set(int index, long value) {
        values.setRelease(index, value);
    }

    /** Any thread. */
    public long get(int index) {
        return values.getAcquire(index);
    }
}
