package dev.ibmesh.sm.smp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class AnswerTimerTest {
    private static final long CEILING = 200_000_000L;

    @Test
    void untilAnAnswerIsTimedTheConfiguredTimeoutHolds() {
        assertEquals(CEILING, new AnswerTimer(CEILING).timeoutNanos());
    }

    @Test
    void fastAnswersBringTheWaitDownToTheFloor() {
        AnswerTimer t = new AnswerTimer(CEILING);
        for (int i = 0; i < 20; i++) {
            t.answered(50_000);
        }
        assertEquals(AnswerTimer.FLOOR_NANOS, t.timeoutNanos());
    }

    @Test
    void theWaitFollowsTheRoundTripAndItsVariation() {
        AnswerTimer t = new AnswerTimer(CEILING);
        t.answered(20_000_000); // first sample: 20 ms + 4 * 10 ms
        assertEquals(60_000_000, t.timeoutNanos());
        t.answered(40_000_000); // variation 0.75 * 10 + 0.25 * 20 = 12.5 ms; smoothed 22.5 ms
        assertEquals(72_500_000, t.timeoutNanos());
    }

    @Test
    void slowAnswersNeverMakeItWaitLongerThanConfigured() {
        AnswerTimer t = new AnswerTimer(CEILING);
        t.answered(5_000_000_000L);
        assertEquals(CEILING, t.timeoutNanos());
    }

    @Test
    void aCeilingBelowTheFloorWins() {
        AnswerTimer t = new AnswerTimer(1_000_000);
        t.answered(10_000);
        assertTrue(t.timeoutNanos() <= 1_000_000);
    }
}
