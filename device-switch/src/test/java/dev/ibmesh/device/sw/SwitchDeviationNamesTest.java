package dev.ibmesh.device.sw;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A switch takes the deviations it knows and refuses, as the HCA does, a name it does not know. */
class SwitchDeviationNamesTest {
    @Test
    void knownNamesSelectTheirDeviations() {
        assertEquals(
                EnumSet.of(SwitchDeviation.IGNORE_M_KEY, SwitchDeviation.IGNORE_GSI_KEYS),
                SwitchDeviation.of(List.of("ignore-m-key", "ignore-gsi-keys")));
    }

    @Test
    void anUnknownNameIsRefusedWithTheKnownOnes() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> SwitchDeviation.of(List.of("ignore-m-key", "ignore-m-keys")));
        assertTrue(
                e.getMessage().startsWith("unknown deviation 'ignore-m-keys' for a switch; known: "), e.getMessage());
        for (SwitchDeviation d : SwitchDeviation.values()) {
            assertTrue(e.getMessage().contains(d.label()), e.getMessage());
        }
    }
}
