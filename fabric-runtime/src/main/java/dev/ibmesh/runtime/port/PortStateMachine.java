package dev.ibmesh.runtime.port;

import dev.ibmesh.mad.pma.PortCounters.Counter;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.proto.link.v1.PhyState;
import dev.ibmesh.runtime.fault.FaultLog;
import dev.ibmesh.runtime.link.LinkFlowControl;
import dev.ibmesh.runtime.transport.LinkConnection;
import io.grpc.Status;

/**
 * What a change of a port's physical or logical state does to the rest of the port (IBA 7.2): a stream starts
 * training; a trained link is LinkUp and Init, with fresh flow control, its init packets first and the keep-alive
 * running; a link that goes down counts LinkDownedCounter, loses what waited to be sent or was on the cable, and is
 * Polling (or Disabled) and Down. Every change is told to the device ({@link PortEvents#onStateChange}), and a
 * PortState that lets more through also tells it there is room ({@link PortEvents#onTransmitSpace}); the device's
 * failure to handle the news changes nothing here and goes to the {@link FaultLog}.
 *
 * <p>Threading: event loop only.
 */
final class PortStateMachine {
    private final Port port;
    private final PortEvents events;
    private final PhysicalLink physical;
    private final LogicalLink logical;
    private final LinkFlowControl flowControl;
    private final PortCounterSet counters;
    private final FlowControlKeepAlive keepAlive;
    private final Transmitter transmitter;
    private final Receiver receiver;
    private final FaultLog faults = FaultLog.shared();

    PortStateMachine(
            Port port,
            PortEvents events,
            PhysicalLink physical,
            LogicalLink logical,
            FlowControlKeepAlive keepAlive,
            Transmitter transmitter,
            Receiver receiver) {
        this.port = port;
        this.events = events;
        this.physical = physical;
        this.logical = logical;
        this.flowControl = port.flowControl();
        this.counters = port.counters();
        this.keepAlive = keepAlive;
        this.transmitter = transmitter;
        this.receiver = receiver;
    }

    /** A link stream came up; false if the port refuses it (it has one, or is disabled). */
    boolean connected(LinkConnection connection) {
        if (!physical.connect(connection)) {
            return false;
        }
        stateChanged();
        return true;
    }

    /** The peer's end of training: LinkUp and Init if the ends share a width and speed, else Polling. */
    void peerPhy(PhyState remote) {
        if (!remote.getLinkUp()) {
            takeDown(PortInfo.PHYS_STATE_POLLING, "the peer took its end down");
            return;
        }
        if (!physical.train(remote)) {
            // No common width or speed: training fails and the port keeps polling.
            stateChanged();
            return;
        }
        logical.init();
        flowControl.reset();
        transmitter.linkUp();
        keepAlive.start();
        stateChanged();
        transmitter.scheduleDrain();
    }

    /** The stream ended. */
    void disconnected(Status cause) {
        physical.disconnected();
        if (!physical.disabled()) {
            takeDown(PortInfo.PHYS_STATE_POLLING, describe(cause));
        }
    }

    /** Disabled: the link goes down and the stream closes. */
    void disable() {
        if (!physical.disabled()) {
            LinkConnection l = physical.connection();
            takeDown(PortInfo.PHYS_STATE_DISABLED, "port disabled");
            if (l != null) {
                l.close();
            }
        }
    }

    void enable() {
        if (physical.enable()) {
            stateChanged();
        }
    }

    /** The SMA's PortState move; false if the port is not in {@code from}. */
    boolean changePortState(int from, int to) {
        if (!logical.change(from, to)) {
            return false;
        }
        stateChanged();
        // Armed lets SMPs through and Active data packets: what the device was refused before may go now. Without
        // this a refused packet waited for the next batch the port happened to send (a keep-alive, seconds away).
        transmitSpace();
        transmitter.scheduleDrain();
        return true;
    }

    /** Tells the device the port can take packets again. */
    void transmitSpace() {
        try {
            events.onTransmitSpace(port);
        } catch (RuntimeException e) {
            faults.caught("PortEvents.onTransmitSpace", e);
        }
    }

    private void takeDown(int newPhysicalState, String reason) {
        if (physical.up()) {
            counters.increment(Counter.LINK_DOWNED_COUNTER);
        }
        transmitter.linkDown();
        receiver.linkDown();
        physical.down(newPhysicalState, reason);
        logical.down();
        keepAlive.stop();
        stateChanged();
    }

    /** Tells the device (the state has changed whatever it does with the news). */
    private void stateChanged() {
        try {
            events.onStateChange(port);
        } catch (RuntimeException e) {
            faults.caught("PortEvents.onStateChange", e);
        }
    }

    /** How a link stream ended, in words: "closed by this end", "UNAVAILABLE: io exception", ... */
    private static String describe(Status cause) {
        String description = cause.getDescription();
        if (cause.isOk()) {
            return description != null ? description : "the stream ended";
        }
        return cause.getCode() + (description != null ? ": " + description : "");
    }
}
