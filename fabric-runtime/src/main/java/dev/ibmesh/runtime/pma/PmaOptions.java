package dev.ibmesh.runtime.pma;

import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * How a PMA behaves where a device may deviate from the spec on purpose.
 *
 * @param overflow            how PortCounters report a count past their width
 * @param honourCounterSelect whether Set(PortCounters) clears only the counters CounterSelect names (IBA 16.1.3.5);
 *                            false clears them all
 * @param departures          the other rules it breaks
 */
public record PmaOptions(CounterOverflow overflow, boolean honourCounterSelect, Set<PmaDeparture> departures) {
    /** As the spec says. */
    public static final PmaOptions SPEC = new PmaOptions(CounterOverflow.SATURATE, true);

    public PmaOptions {
        Objects.requireNonNull(overflow, "overflow");
        departures = departures.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(departures));
    }

    /** Options that break no rule besides these two. */
    public PmaOptions(CounterOverflow overflow, boolean honourCounterSelect) {
        this(overflow, honourCounterSelect, Set.of());
    }

    public boolean departs(PmaDeparture departure) {
        return departures.contains(departure);
    }
}
