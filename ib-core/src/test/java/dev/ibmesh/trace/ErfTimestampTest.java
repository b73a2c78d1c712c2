package dev.ibmesh.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Random;
import org.junit.jupiter.api.Test;

class ErfTimestampTest {
    private static final long SECOND = 1_000_000_000L;

    @Test
    void secondsGoToTheHigh32BitsAndTheFractionIsBinary() {
        assertEquals(1_700_000_000L << 32, ErfTimestamp.fromNanos(1_700_000_000L * SECOND));
        assertEquals(0x8000_0000L, ErfTimestamp.fromNanos(SECOND / 2));
        // 123456789 ns * 2^32 / 10^9 = 530242871.46..., rounded to nearest
        assertEquals((1_700_000_000L << 32) | 530_242_871L, ErfTimestamp.fromNanos(1_700_000_000_123_456_789L));
    }

    @Test
    void nanosRoundTripExactlyOverTheFirstMillisecondsAndTheEdges() {
        for (long ns = 0; ns < 3_000_000; ns++) {
            assertEquals(ns, ErfTimestamp.toNanos(ErfTimestamp.fromNanos(ns)));
        }
        for (long ns :
                new long[] {SECOND - 1, SECOND, SECOND + 1, 1_700_000_000_999_999_999L, ErfTimestamp.MAX_NANOS}) {
            assertEquals(ns, ErfTimestamp.toNanos(ErfTimestamp.fromNanos(ns)), "ns " + ns);
        }
    }

    @Test
    void nanosRoundTripExactlyForRandomOddTimestamps() {
        long seed = new Random().nextLong();
        Random random = new Random(seed);
        for (int i = 0; i < 1_000_000; i++) {
            long ns = (random.nextLong() >>> 1) % (ErfTimestamp.MAX_NANOS + 1) | 1;
            assertEquals(ns, ErfTimestamp.toNanos(ErfTimestamp.fromNanos(ns)), "seed " + seed);
        }
    }

    @Test
    void foreignTimestampsRoundToTheNearestNanosecond() {
        assertEquals(5 * SECOND, ErfTimestamp.toNanos(5L << 32));
        // 2^32 - 1 units = 0.99999999977 s: rounds up and carries into the seconds
        assertEquals(6 * SECOND, ErfTimestamp.toNanos((5L << 32) | 0xFFFF_FFFFL));
        // ibdump approximates 250000 us as 250000 * 4295 units, which is 250001904 ns
        assertEquals(250_001_904L, ErfTimestamp.toNanos(250_000L * 4295));
    }

    @Test
    void timestampsOutsideTheErfRangeAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> ErfTimestamp.fromNanos(-1));
        assertThrows(IllegalArgumentException.class, () -> ErfTimestamp.fromNanos(ErfTimestamp.MAX_NANOS + 1));
    }
}
