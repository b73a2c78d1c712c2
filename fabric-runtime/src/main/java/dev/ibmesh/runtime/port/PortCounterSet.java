package dev.ibmesh.runtime.port;

import dev.ibmesh.mad.pma.PortCounters;
import dev.ibmesh.mad.pma.PortCounters.Counter;
import dev.ibmesh.mad.pma.PortCountersExtended;
import dev.ibmesh.runtime.counters.SingleWriterCounters;
import java.util.EnumSet;
import java.util.Set;
import java.util.function.Consumer;

/**
 * A port's PMA counters. Kept as 64-bit values internally; {@link #portCounters(int)} reports them at the widths of
 * the PortCounters attribute, saturating at all ones (IBA 16.1.3.5: counters stop at their maximum, they do not
 * wrap). The 64-bit PortCountersExtended values are separate counters with their own CounterSelect.
 *
 * <p>Two counters count threshold crossings rather than events (IBA 16.1.3.5), against the thresholds of the
 * port's PortInfo (set with {@link #thresholds}):
 * <ul>
 *   <li>LocalLinkIntegrityErrors: each time the local physical errors (symbol errors, bad VCRC or ICRC) counted
 *       since the last crossing exceed PortInfo.LocalPhyErrors;</li>
 *   <li>ExcessiveBufferOverrunErrors: each time PortInfo.OverrunErrors consecutive flow control update periods
 *       (the port reports their ends, {@link #flowControlPeriodEnded}) each had at least one buffer overrun.</li>
 * </ul>
 * Each crossing is also reported to the listener, which raises trap 129 or 130 (IBA 14.3.11). [unverified] A threshold
 * of 0 turns its detection off (no source here says what 0 means; opensm programs 8 for both); the IBA text does not
 * say over what time the physical errors accumulate, so they accumulate until the next crossing.
 *
 * <p>Owned by one port and used from its event loop, except {@link #value}, which any thread may call (the metrics
 * scrape): the PortCounters values are {@link SingleWriterCounters}. The extended counters are read on the loop only
 * (by the PMA).
 */
public final class PortCounterSet {
    private static final Counter[] COUNTERS = Counter.values();
    /** The drops that are local physical errors of the link (IBA 16.1.3.5, PortRcvErrors' first kind). */
    private static final Set<DropReason> LOCAL_PHYSICAL_ERRORS =
            EnumSet.of(DropReason.SYMBOL_ERROR, DropReason.BAD_VCRC, DropReason.BAD_ICRC);

    private final SingleWriterCounters values = new SingleWriterCounters(COUNTERS.length);
    private int localPhyErrorsThreshold;
    private int overrunErrorsThreshold;
    private int localPhyErrors;
    private boolean overrunThisPeriod;
    private int overrunPeriods;
    private Consumer<Counter> thresholdCrossed = counter -> {};
    private long xmitData;
    private long rcvData;
    private long xmitPkts;
    private long rcvPkts;
    private long unicastXmitPkts;
    private long unicastRcvPkts;
    private long multicastXmitPkts;
    private long multicastRcvPkts;

    public void increment(Counter counter) {
        values.increment(counter.ordinal());
    }

    public void add(Counter counter, long delta) {
        values.add(counter.ordinal(), delta);
    }

    /** The internal (unsaturated) value. Any thread. */
    public long value(Counter counter) {
        return values.get(counter.ordinal());
    }

    /** A data packet of {@code frameBytes} (LRH through VCRC) went out. */
    public void transmitted(int frameBytes, boolean multicast) {
        // XmitData counts octets / 4 between the start-of-packet delimiter and the VCRC, both excluded (IBA 16.1.3.5).
        long words = (frameBytes - 2) / 4;
        add(Counter.PORT_XMIT_DATA, words);
        increment(Counter.PORT_XMIT_PKTS);
        xmitData += words;
        xmitPkts++;
        if (multicast) {
            multicastXmitPkts++;
        } else {
            unicastXmitPkts++;
        }
    }

    /** A data packet of {@code frameBytes} was received and accepted. */
    public void received(int frameBytes, boolean multicast) {
        long words = (frameBytes - 2) / 4;
        add(Counter.PORT_RCV_DATA, words);
        increment(Counter.PORT_RCV_PKTS);
        rcvData += words;
        rcvPkts++;
        if (multicast) {
            multicastRcvPkts++;
        } else {
            unicastRcvPkts++;
        }
    }

    /** Counts a dropped frame in the counter its reason names, if any, and toward the thresholds. */
    public void dropped(DropReason reason) {
        if (reason.counter() != null) {
            increment(reason.counter());
        }
        if (LOCAL_PHYSICAL_ERRORS.contains(reason)
                && localPhyErrorsThreshold != 0
                && ++localPhyErrors > localPhyErrorsThreshold) {
            localPhyErrors = 0;
            crossed(Counter.LOCAL_LINK_INTEGRITY_ERRORS);
        }
        if (reason == DropReason.BUFFER_OVERRUN) {
            overrunThisPeriod = true;
        }
    }

    /** A flow control update period ended: counts it toward the OverrunErrors threshold if it had an overrun. */
    public void flowControlPeriodEnded() {
        overrunPeriods = overrunThisPeriod ? overrunPeriods + 1 : 0;
        overrunThisPeriod = false;
        if (overrunErrorsThreshold != 0 && overrunPeriods >= overrunErrorsThreshold) {
            overrunPeriods = 0;
            crossed(Counter.EXCESSIVE_BUFFER_OVERRUN_ERRORS);
        }
    }

    /** PortInfo.LocalPhyErrors and PortInfo.OverrunErrors (4 bits each) as the SM set them. */
    public void thresholds(int localPhyErrors, int overrunErrors) {
        this.localPhyErrorsThreshold = localPhyErrors;
        this.overrunErrorsThreshold = overrunErrors;
    }

    /** Who hears of a threshold crossing (the SMA's trap 129 or 130); the counter has already counted it. */
    public void onThresholdCrossed(Consumer<Counter> listener) {
        this.thresholdCrossed = listener;
    }

    private void crossed(Counter counter) {
        increment(counter);
        thresholdCrossed.accept(counter);
    }

    /** The PortCounters attribute: every counter saturated at its width. */
    public PortCounters portCounters(int portSelect) {
        PortCounters c = PortCounters.zero(portSelect);
        for (Counter counter : COUNTERS) {
            c = c.with(counter, Math.min(value(counter), counter.max()));
        }
        return c;
    }

    /** Clears the counters whose CounterSelect bits are set (a PMA Set(PortCounters)). */
    public void clear(int counterSelect) {
        for (Counter counter : COUNTERS) {
            if ((counter.counterSelectBit() & counterSelect) != 0) {
                values.set(counter.ordinal(), 0);
            }
        }
    }

    /** The PortCountersExtended attribute (IBA 1.2 part; the later 64-bit error counters are zero). */
    public PortCountersExtended portCountersExtended(int portSelect) {
        return new PortCountersExtended(
                0,
                portSelect,
                0,
                0,
                xmitData,
                rcvData,
                xmitPkts,
                rcvPkts,
                unicastXmitPkts,
                unicastRcvPkts,
                multicastXmitPkts,
                multicastRcvPkts,
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                0);
    }

    /** Clears the extended counters whose CounterSelect bits (PortCountersExtended numbering) are set. */
    public void clearExtended(int counterSelect) {
        xmitData = (counterSelect & PortCountersExtended.SELECT_PORT_XMIT_DATA) != 0 ? 0 : xmitData;
        rcvData = (counterSelect & PortCountersExtended.SELECT_PORT_RCV_DATA) != 0 ? 0 : rcvData;
        xmitPkts = (counterSelect & PortCountersExtended.SELECT_PORT_XMIT_PKTS) != 0 ? 0 : xmitPkts;
        rcvPkts = (counterSelect & PortCountersExtended.SELECT_PORT_RCV_PKTS) != 0 ? 0 : rcvPkts;
        unicastXmitPkts =
                (counterSelect & PortCountersExtended.SELECT_PORT_UNICAST_XMIT_PKTS) != 0 ? 0 : unicastXmitPkts;
        unicastRcvPkts = (counterSelect & PortCountersExtended.SELECT_PORT_UNICAST_RCV_PKTS) != 0 ? 0 : unicastRcvPkts;
        multicastXmitPkts =
                (counterSelect & PortCountersExtended.SELECT_PORT_MULTICAST_XMIT_PKTS) != 0 ? 0 : multicastXmitPkts;
        multicastRcvPkts =
                (counterSelect & PortCountersExtended.SELECT_PORT_MULTICAST_RCV_PKTS) != 0 ? 0 : multicastRcvPkts;
    }
}
