package dev.ibmesh.runtime.pma;

import dev.ibmesh.mad.pma.PortCounters.Counter;

/** How a PortCounters counter is reported once its count no longer fits the attribute's width. */
public enum CounterOverflow {
    /** IBA 16.1.3.5: a counter stops at all ones; it does not wrap. */
    SATURATE {
        @Override
        long fit(Counter counter, long count) {
            return Math.min(count, counter.max());
        }
    },
    /** A deviation: the counter keeps only its low bits, as a plain binary counter of that width would. */
    WRAP {
        @Override
        long fit(Counter counter, long count) {
            return count & counter.max();
        }
    };

    /** {@code count} (non-negative, unbounded) as the counter reports it. */
    abstract long fit(Counter counter, long count);
}
