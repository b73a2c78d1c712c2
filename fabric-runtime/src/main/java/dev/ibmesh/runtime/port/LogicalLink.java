package dev.ibmesh.runtime.port;

import dev.ibmesh.mad.smp.PortInfo;

/**
 * A port's PortState, the logical link state (IBA 7.2.4): Down until the physical link is up, Init once it trains,
 * then Armed and Active as the SMA moves it, and what each state lets through: in Init only SMPs (VL15) pass in
 * either direction, Armed receives data packets but sends only SMPs, Active does everything.
 *
 * <p>Threading: changed on the device's event loop only; the state is volatile, so the metrics scrape reads it from
 * its own thread.
 */
final class LogicalLink {
    private volatile int state = PortInfo.PORT_STATE_DOWN;

    /** PortState. Any thread. */
    int state() {
        return state;
    }

    /** The link trained: Init. */
    void init() {
        state = PortInfo.PORT_STATE_INIT;
    }

    /** The link went down. */
    void down() {
        state = PortInfo.PORT_STATE_DOWN;
    }

    /** The SMA's move from {@code from} to {@code to}; false, and nothing changes, if the port is not in {@code from}. */
    boolean change(int from, int to) {
        if (state != from) {
            return false;
        }
        state = to;
        return true;
    }

    /** Active: data packets (not only SMPs) may leave. */
    boolean active() {
        return state == PortInfo.PORT_STATE_ACTIVE;
    }

    /** Whether data packets are accepted: Armed or Active. */
    boolean receivesData() {
        return state == PortInfo.PORT_STATE_ARMED || state == PortInfo.PORT_STATE_ACTIVE;
    }
}
