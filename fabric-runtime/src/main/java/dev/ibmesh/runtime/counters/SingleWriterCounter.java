package dev.ibmesh.runtime.counters;

import java.util.concurrent.atomic.AtomicLong;

/**
 * One counter that one thread increments and any thread reads: {@link SingleWriterCounters} for a single value
 * (release store by the owner, acquire load by readers).
 */
public final class SingleWriterCounter {
    private final AtomicLong value = new AtomicLong();

    /** Owner only. */
    public void increment() {
        value.setRelease(value.getPlain() + 1);
    }

    /** Any thread. */
    public long get() {
        return value.getAcquire();
    }
}
