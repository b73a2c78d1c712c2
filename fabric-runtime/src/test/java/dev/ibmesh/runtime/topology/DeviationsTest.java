package dev.ibmesh.runtime.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Deviation names to deviations; one rule for unknown names. */
class DeviationsTest {
    private enum Sample implements Deviation {
        SLOW_SMA("slow-sma"),
        DROP_VL15("drop-vl15");

        private final String label;

        Sample(String label) {
            this.label = label;
        }

        @Override
        public String label() {
            return label;
        }
    }

    @Test
    void namesSelectTheirDeviations() {
        assertEquals(EnumSet.of(Sample.DROP_VL15), Deviations.of(DeviceKind.HCA, Sample.class, List.of("drop-vl15")));
        assertEquals(EnumSet.noneOf(Sample.class), Deviations.of(DeviceKind.HCA, Sample.class, List.of()));
        assertEquals(List.of("drop-vl15", "slow-sma"), List.copyOf(Deviations.labels(Sample.class)));
    }

    @Test
    void anUnknownNameIsRefusedWithTheKnownOnes() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> Deviations.of(DeviceKind.SWITCH, Sample.class, List.of("slow-sma", "slow-smaa")));
        assertEquals("unknown deviation 'slow-smaa' for a switch; known: drop-vl15, slow-sma", e.getMessage());
    }

    @Test
    void aKindWithoutDeviationsSaysSo() {
        assertEquals(
                "unknown deviation 'x' for a tester; none are known", Deviations.unknown("tester", "x", List.of()));
    }
}
