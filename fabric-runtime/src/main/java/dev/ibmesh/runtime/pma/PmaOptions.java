package dev.ibmesh.runtime.pma;

import java.util.Objects;

/**
 * How a PMA behaves where a device may deviate from the spec on purpose.
 *
 * @param overflow            how PortCounters report a count past their width
 * @param honourCounterSelect whether Set(PortCounters) clears only the counters CounterSelect names (IBA 16.1.3.5);
 *                            false clears them all
 */
public record PmaOptions(CounterOverflow overflow, boolean honourCounterSelect) {
    /** As the spec says. */
    public static final PmaOptions SPEC = new PmaOptions(CounterOverflow.SATURATE, true);

    public PmaOptions {
        Objects.requireNonNull(overflow, "overflow");
    }
}
