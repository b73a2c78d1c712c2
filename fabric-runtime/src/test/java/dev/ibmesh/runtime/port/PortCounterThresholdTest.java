package dev.ibmesh.runtime.port;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ibmesh.mad.pma.PortCounters.Counter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * LocalLinkIntegrityErrors and ExcessiveBufferOverrunErrors count crossings of the PortInfo thresholds
 * (IBA 16.1.3.5), and each crossing is reported for trap 129 or 130.
 */
class PortCounterThresholdTest {
    private final PortCounterSet counters = new PortCounterSet();
    private final List<Counter> crossings = new ArrayList<>();

    PortCounterThresholdTest() {
        counters.onThresholdCrossed(crossings::add);
    }

    private void drop(DropReason reason, int times) {
        for (int i = 0; i < times; i++) {
            counters.dropped(reason);
        }
    }

    @Test
    void localPhysicalErrorsBeyondTheThresholdAreOneIntegrityError() {
        counters.thresholds(3, 0);
        drop(DropReason.BAD_VCRC, 3);
        assertEquals(0, counters.value(Counter.LOCAL_LINK_INTEGRITY_ERRORS), "3 does not exceed 3");
        drop(DropReason.SYMBOL_ERROR, 1);
        assertEquals(1, counters.value(Counter.LOCAL_LINK_INTEGRITY_ERRORS));
        assertEquals(List.of(Counter.LOCAL_LINK_INTEGRITY_ERRORS), crossings);
        drop(DropReason.BAD_ICRC, 4);
        assertEquals(2, counters.value(Counter.LOCAL_LINK_INTEGRITY_ERRORS), "counting starts again after a crossing");
        assertEquals(7, counters.value(Counter.PORT_RCV_ERRORS), "each error is still a receive error");
    }

    @Test
    void otherReceiveErrorsAreNoPhysicalErrors() {
        counters.thresholds(1, 0);
        drop(DropReason.PKTLEN_MISMATCH, 5);
        drop(DropReason.BAD_LVER, 5);
        assertEquals(0, counters.value(Counter.LOCAL_LINK_INTEGRITY_ERRORS));
    }

    @Test
    void overrunsInConsecutivePeriodsAreOneExcessiveOverrunError() {
        counters.thresholds(0, 2);
        drop(DropReason.BUFFER_OVERRUN, 1);
        counters.flowControlPeriodEnded();
        counters.flowControlPeriodEnded(); // a clean period breaks the run
        drop(DropReason.BUFFER_OVERRUN, 3);
        counters.flowControlPeriodEnded();
        assertEquals(0, counters.value(Counter.EXCESSIVE_BUFFER_OVERRUN_ERRORS));
        drop(DropReason.BUFFER_OVERRUN, 1);
        counters.flowControlPeriodEnded();
        assertEquals(1, counters.value(Counter.EXCESSIVE_BUFFER_OVERRUN_ERRORS));
        assertEquals(List.of(Counter.EXCESSIVE_BUFFER_OVERRUN_ERRORS), crossings);
    }

    @Test
    void zeroThresholdsDetectNothing() {
        drop(DropReason.BAD_VCRC, 50);
        for (int i = 0; i < 20; i++) {
            drop(DropReason.BUFFER_OVERRUN, 1);
            counters.flowControlPeriodEnded();
        }
        assertEquals(
                0,
                counters.value(Counter.LOCAL_LINK_INTEGRITY_ERRORS)
                        + counters.value(Counter.EXCESSIVE_BUFFER_OVERRUN_ERRORS));
        assertEquals(List.of(), crossings);
    }
}
