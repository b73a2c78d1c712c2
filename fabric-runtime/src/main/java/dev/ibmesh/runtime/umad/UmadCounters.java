package dev.ibmesh.runtime.umad;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The server's counters for metrics. Threading: written on the server's context (and where a port's future
 * completes), read from any thread (a metrics scrape); atomics, no locks.
 */
public final class UmadCounters {
    private final AtomicLongArray values = new AtomicLongArray(UmadCounter.values().length);
    private final AtomicLongArray rejects = new AtomicLongArray(SimReject.values().length);
    private volatile int activeSessions;

    void increment(UmadCounter c) {
        values.incrementAndGet(c.ordinal());
    }

    /** Counts {@code counter} and the reason behind it. */
    void reject(UmadCounter counter, SimReject reason) {
        increment(counter);
        rejects.incrementAndGet(reason.ordinal());
    }

    void activeSessions(int n) {
        activeSessions = n;
    }

    public long get(UmadCounter c) {
        return values.get(c.ordinal());
    }

    /** Error replies and drops for {@code reason}. */
    public long rejected(SimReject reason) {
        return rejects.get(reason.ordinal());
    }

    /** Clients attached now. */
    public int activeSessions() {
        return activeSessions;
    }

    /** Every counter's value now. */
    public Map<UmadCounter, Long> snapshot() {
        Map<UmadCounter, Long> m = new EnumMap<>(UmadCounter.class);
        for (UmadCounter c : UmadCounter.values()) {
            m.put(c, get(c));
        }
        return m;
    }

    @Override
    public String toString() {
        return "UmadCounters" + snapshot() + " active=" + activeSessions;
    }
}
