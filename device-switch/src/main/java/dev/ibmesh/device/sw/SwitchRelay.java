package dev.ibmesh.device.sw;

import dev.ibmesh.mad.pma.PortCounters.Counter;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.runtime.device.Device;
import dev.ibmesh.runtime.link.SlToVl;
import dev.ibmesh.runtime.port.Port;
import dev.ibmesh.runtime.time.Scheduler;
import dev.ibmesh.wire.Lrh;
import dev.ibmesh.wire.Vcrc;
import java.util.function.LongSupplier;

/**
 * What a switch's external ports 1..N do with the packets that are not for the switch itself (IBA 18.2.4): relay
 * them by their DLID, unicast through the linear forwarding table up to LinearFDBTop, multicast through the port
 * masks of the multicast forwarding table, with the output VL chosen by the SL-to-VL table of the (input, output)
 * port pair.
 *
 * <p>A packet that cannot be relayed (no route, a route back out of its input port, an SL the output port maps to
 * no operational VL) is dropped and counted in PortRcvSwitchRelayErrors of its input port (IBA 16.1.3.5). When an
 * output queue is full the packet waits at its input and keeps its input buffer, so the switch's own credits push
 * back on the sender instead of dropping; it is relayed when the output makes room. A packet that waits longer than
 * the switch lifetime (SwitchInfo.LifeTimeValue, IBA 18.2.5.4) is discarded instead and counted in PortXmitDiscards
 * of its output port, as are the packets waiting for an output whose link leaves Active.
 *
 * <p>Event loop only.
 */
final class SwitchRelay {
    /** What {@link #vlFor} returns for a packet no output VL can take. */
    private static final int NO_VL = -1;

    private final Device device;
    private final ForwardingTables tables;
    private final SlToVl[][] slToVl;
    private final LongSupplier lifetimeNanos;
    private final OutputWaitQueue[] waiting;
    private final Scheduler.Cancellable[] lifetimeTimers;
    private long relayed;

    /**
     * @param slToVl        the SL-to-VL table per (input, output) port pair, 0..N each
     * @param lifetimeNanos the switch lifetime now, {@link SwitchLifetime#INFINITE} for none
     */
    SwitchRelay(Device device, ForwardingTables tables, SlToVl[][] slToVl, LongSupplier lifetimeNanos) {
        this.device = device;
        this.tables = tables;
        this.slToVl = slToVl;
        this.lifetimeNanos = lifetimeNanos;
        this.waiting = new OutputWaitQueue[slToVl.length];
        this.lifetimeTimers = new Scheduler.Cancellable[slToVl.length];
        for (int i = 0; i < waiting.length; i++) {
            waiting[i] = new OutputWaitQueue();
        }
    }

    /** Packets relayed out of some port. */
    long relayed() {
        return relayed;
    }

    /** Relays a packet that arrived on {@code in} by its DLID. */
    void relay(Port in, byte[] frame) {
        int dlid = Lrh.dlid(frame, 0);
        if (Lrh.isMulticast(dlid)) {
            relayMulticast(in, frame, dlid);
        } else {
            relayUnicast(in, frame, dlid);
        }
    }

    /** The external port the LFT names for a unicast DLID, or null when it names none. */
    Port route(int dlid) {
        int out = tables.route(dlid);
        return out == ForwardingTables.NO_ROUTE ? null : device.port(out);
    }

    /** The VL a packet of {@code sl} from port {@code in} (0 for the switch's own) takes out of {@code output}. */
    int outputVl(int in, Port output, int sl) {
        return slToVl[in][output.number()].map(sl, output.flowControl().operationalVls());
    }

    private void relayUnicast(Port in, byte[] frame, int dlid) {
        int inVl = Lrh.vl(frame, 0);
        Port output = route(dlid);
        if (output == in) {
            output = null; // a route back out of the input port is a loop
        }
        int vl = output == null ? NO_VL : vlFor(in, output, frame);
        if (vl == NO_VL) {
            relayError(in, inVl, frame.length);
            return;
        }
        int inBytes = frame.length;
        retag(frame, vl);
        send(new HeldPacket(in, inVl, inBytes, frame, device.scheduler().nanoTime()), output);
    }

    /** Every port of the group but the input one gets a copy; a full output drops its copy (no holding for groups). */
    private void relayMulticast(Port in, byte[] frame, int mlid) {
        int inVl = Lrh.vl(frame, 0);
        boolean any = false;
        for (Port output : device.ports()) {
            if (output == in || !tables.inMulticastGroup(mlid, output.number())) {
                continue;
            }
            int vl = vlFor(in, output, frame);
            if (vl != NO_VL) {
                byte[] copy = frame.clone();
                retag(copy, vl);
                any |= transmit(output, in, copy);
            }
        }
        if (any) {
            relayed++;
            in.release(inVl, frame.length);
        } else {
            relayError(in, inVl, frame.length);
        }
    }

    /**
     * The output VL of a relayed packet, or {@link #NO_VL}: SMPs stay on VL15 (IBA 7.6.5); data packets take their
     * SL's VL. (The SL-to-VL table's own drop mark is 15, so it cannot double as "no VL" here: that made every
     * LID-routed SMP a relay error until OpenSM's ibroute showed it.)
     */
    private int vlFor(Port in, Port output, byte[] frame) {
        if (Lrh.vl(frame, 0) == Lrh.VL15) {
            return Lrh.VL15;
        }
        int vl = outputVl(in.number(), output, Lrh.sl(frame, 0));
        return vl == SlToVl.DROP ? NO_VL : vl;
    }

    /** Sends a packet on, or holds it (and its input buffer) while the output queue is full. */
    private void send(HeldPacket p, Port output) {
        OutputWaitQueue queue = waiting[output.number()];
        if (!queue.isEmpty() || full(output, p)) {
            queue.add(p);
            watchLifetime(output);
            return;
        }
        forward(p, output);
    }

    private static boolean full(Port output, HeldPacket p) {
        return output.queued(Lrh.vl(p.frame(), 0)) >= output.config().queuePacketsPerVl();
    }

    private void forward(HeldPacket p, Port output) {
        if (transmit(output, p.in(), p.frame())) {
            relayed++;
        }
        p.release();
    }

    /** The output made room: the packets waiting for it go, oldest first, those past their lifetime discarded. */
    void onTransmitSpace(Port output) {
        OutputWaitQueue queue = waiting[output.number()];
        discardExpired(output);
        while (!queue.isEmpty() && !full(output, queue.peek())) {
            forward(queue.poll(), output);
        }
    }

    /** Packets held for an output whose link left Active can never leave: they are discarded, freeing inputs. */
    void onStateChange(Port port) {
        if (port.portState() != PortInfo.PORT_STATE_ACTIVE) {
            waiting[port.number()].drain().forEach(p -> discard(p, port));
        }
    }

    /**
     * Makes sure a timer will discard what waits for {@code output} once it outlives the switch lifetime, even if
     * the output never makes room again (the case IBA 18.2.5.4 is there for: a stuck output must not hold its
     * inputs' buffers forever).
     */
    private void watchLifetime(Port output) {
        int n = output.number();
        long lifetime = lifetimeNanos.getAsLong();
        if (lifetimeTimers[n] != null || lifetime == SwitchLifetime.INFINITE || waiting[n].isEmpty()) {
            return;
        }
        long age = device.scheduler().nanoTime() - waiting[n].peek().since();
        lifetimeTimers[n] = device.scheduler().schedule(Math.max(0, lifetime - age) + 1, () -> {
            lifetimeTimers[n] = null;
            discardExpired(output);
            watchLifetime(output);
        });
    }

    private void discardExpired(Port output) {
        long lifetime = lifetimeNanos.getAsLong();
        if (lifetime != SwitchLifetime.INFINITE) {
            waiting[output.number()]
                    .expired(device.scheduler().nanoTime(), lifetime)
                    .forEach(p -> discard(p, output));
        }
    }

    private static void discard(HeldPacket p, Port output) {
        output.counters().increment(Counter.PORT_XMIT_DISCARDS);
        p.release();
    }

    private static void relayError(Port in, int inVl, int bytes) {
        in.counters().increment(Counter.PORT_RCV_SWITCH_RELAY_ERRORS);
        in.release(inVl, bytes);
    }

    /**
     * Sends a relayed frame: sealed when the input port checked its VCRC (as every port does unless a deviation took
     * the check away), since a retag recomputes it and nothing else changes the bytes.
     */
    private static boolean transmit(Port output, Port in, byte[] frame) {
        return in.checksVcrc() ? output.transmitSealed(frame) : output.transmit(frame);
    }

    /** The output VL goes into the LRH; the VL is a variant field, so only the VCRC changes (the ICRC masks it). */
    private static void retag(byte[] frame, int vl) {
        if (Lrh.vl(frame, 0) != vl) {
            Lrh.setVl(frame, 0, vl);
            Vcrc.write(frame, frame.length - 2, Vcrc.compute(frame, 0, frame.length - 2));
        }
    }
}
