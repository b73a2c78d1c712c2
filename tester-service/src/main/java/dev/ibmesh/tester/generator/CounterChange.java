package dev.ibmesh.tester.generator;

import dev.ibmesh.mad.pma.PortCounters;
import dev.ibmesh.mad.pma.PortCounters.Counter;
import java.util.Arrays;
import java.util.List;

/** One PortCounters counter of the DUT's port before and after the generator sent something. */
public record CounterChange(Counter counter, long before, long after) {
    /** Every counter, in the attribute's order. */
    public static List<CounterChange> between(PortCounters before, PortCounters after) {
        return Arrays.stream(Counter.values())
                .map(c -> new CounterChange(c, before.get(c), after.get(c)))
                .toList();
    }

    public long delta() {
        return after - before;
    }

    public boolean changed() {
        return after != before;
    }
}
