package dev.ibmesh.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The one-minute soak of CI: RC traffic both ways through a switch under link flaps and slow receivers, then no port
 * stuck, every request completed with a status its fault explains, counters that add up and a flat heap.
 * {@code ./bench soak MINUTES} runs it for longer.
 */
class SoakBenchTest {
    @Test
    void aMinuteOfFaultsLeavesNothingStuckLostOrLeaked() throws Exception {
        List<String> log = new ArrayList<>();
        List<String> failed = SoakBench.run(Duration.ofMinutes(1), 20261126L, log::add);
        assertEquals(List.of(), failed, () -> String.join("\n", log));
    }
}
