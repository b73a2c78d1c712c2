package dev.ibmesh.device.sw;

import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.mad.pma.PortCounters.Counter;
import dev.ibmesh.mad.smp.Notice;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.runtime.device.Device;
import dev.ibmesh.runtime.device.DeviceConfig;
import dev.ibmesh.runtime.link.SlToVl;
import dev.ibmesh.runtime.port.Port;
import dev.ibmesh.runtime.pma.Pma;
import dev.ibmesh.runtime.pma.PmaNode;
import dev.ibmesh.runtime.port.PortCounterSet;
import dev.ibmesh.runtime.sma.GmpPackets;
import dev.ibmesh.runtime.sma.Sma;
import dev.ibmesh.runtime.sma.TrapSender;
import dev.ibmesh.runtime.sma.SmpPackets;
import dev.ibmesh.runtime.sma.dr.DirectedRoute;
import dev.ibmesh.runtime.sma.dr.DrDecision;
import dev.ibmesh.runtime.sma.dr.DrNode;
import dev.ibmesh.runtime.topology.SwitchOptions;
import dev.ibmesh.runtime.transport.LinkTransport;
import dev.ibmesh.wire.Lrh;
import dev.ibmesh.wire.PacketCheck;
import dev.ibmesh.wire.Vcrc;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import java.util.ArrayDeque;
import java.util.Set;

/**
 * An InfiniBand switch: external ports 1..N that relay packets by their DLID (IBA 18.2.4): unicast through the
 * linear forwarding table up to LinearFDBTop, multicast through the port masks of the multicast forwarding table,
 * with the output VL chosen by the SL-to-VL table of the (input, output) port pair.
 *
 * <p>A packet that cannot be relayed (no route, a route back out of its input port, an SL the output port maps to
 * no operational VL) is dropped and counted in PortRcvSwitchRelayErrors of its input port (IBA 16.1.3.5). When an
 * output queue is full the packet waits at its input and keeps its input buffer, so the switch's own credits push
 * back on the sender instead of dropping; it is relayed when the output makes room.
 *
 * <p>Port 0, the management port, takes the directed-route SMPs (their hop rules decide which it answers and which
 * it forwards) and the packets for its own LIDs: SMPs go to the common SMA (with M_Key protection), PerfMgt GMPs on
 * QP1 to the PMA; it raises trap 128 to the master SM when a link goes up or down.
 *
 * <p>Threading: everything runs on the switch's event loop (see {@link Device}).
 */
public class SwitchDevice extends Device implements PmaNode {
    /** A packet waiting for room in an output queue, still holding its input port's buffer. */
    private record Held(Port in, int inVl, int inBytes, byte[] frame) {
    }

    private final ForwardingTables tables;
    private final SlToVl[][] slToVl;
    private final ArrayDeque<Held>[] held;
    private long relayed;

    private final SwitchOptions options;
    private final Set<SwitchDeviation> deviations;
    private SwitchSmaNode smaNode;
    private Sma sma;
    private Pma pma;
    private TrapSender traps;
    private int[] lastPhysicalState;
    private long droppedSmps;
    private long droppedForPort0;

    @SuppressWarnings("unchecked")
    public SwitchDevice(DeviceConfig config, LinkTransport transport, MeterRegistry registry) {
        super(config, transport, registry);
        this.options = config.switchOptions().orElse(SwitchOptions.DEFAULT);
        this.deviations = SwitchDeviation.of(config.deviations());
        int n = config.ports().size();
        this.tables = new ForwardingTables(options.linearFdbCap(), options.multicastFdbCap(), n);
        this.slToVl = new SlToVl[n + 1][n + 1];
        this.held = new ArrayDeque[n + 1];
        for (int in = 0; in <= n; in++) {
            held[in] = new ArrayDeque<>();
            for (int out = 0; out <= n; out++) {
                slToVl[in][out] = new SlToVl();
            }
        }
    }

    /** The switch's forwarding tables (the SMA programs them). */
    ForwardingTables tables() {
        return tables;
    }

    /** The SL-to-VL table used from {@code in} to {@code out}. */
    SlToVl slToVl(int in, int out) {
        return slToVl[in][out];
    }

    /** Packets relayed out of some port (for tests and metrics). */
    public long relayed() {
        return relayed;
    }

    /** SMPs dropped by the directed-route rules or for a bad ICRC at port 0. */
    public long droppedSmps() {
        return droppedSmps;
    }

    /** External ports relay: they skip the end-node checks (ICRC, DLID, SLID) that port 0 and CAs make. */
    @Override
    public Future<?> start() throws Exception {
        Future<?> started = super.start();
        for (Port p : ports()) {
            p.receivePolicy().endNode(false);
        }
        smaNode = new SwitchSmaNode(config, this, options);
        sma = new Sma(smaNode, scheduler()::nanoTime, SwitchDeviation.smaOptions(deviations));
        pma = new Pma(this);
        traps = new TrapSender(scheduler(), this::sendToMasterSm);
        lastPhysicalState = new int[ports().size() + 1];
        return started;
    }

    @Override
    public void onPacket(Port in, byte[] frame) {
        if (SmpPackets.isSmp(frame) && handleSmp(in, frame)) {
            return;
        }
        int dlid = Lrh.dlid(frame, 0);
        if (isPort0Lid(dlid)) {
            deliverToPort0(in, frame);
            return;
        }
        if (Lrh.isMulticast(dlid)) {
            relayMulticast(in, frame, dlid);
        } else {
            relayUnicast(in, frame, dlid);
        }
    }

    private void relayUnicast(Port in, byte[] frame, int dlid) {
        int inVl = Lrh.vl(frame, 0);
        Port output = route(dlid);
        if (output == in) {
            output = null; // a route back out of the input port is a loop
        }
        int vl = output == null ? SlToVl.DROP : outputVl(in, output, frame);
        if (vl == SlToVl.DROP) {
            relayError(in, inVl, frame.length);
            return;
        }
        int inBytes = frame.length;
        retag(frame, vl);
        send(new Held(in, inVl, inBytes, frame), output);
    }

    /** Every port of the group but the input one gets a copy; a full output drops its copy (no holding for groups). */
    private void relayMulticast(Port in, byte[] frame, int mlid) {
        int inVl = Lrh.vl(frame, 0);
        boolean any = false;
        for (Port output : ports()) {
            if (output == in || !tables.inMulticastGroup(mlid, output.number())) {
                continue;
            }
            int vl = outputVl(in, output, frame);
            if (vl != SlToVl.DROP) {
                byte[] copy = frame.clone();
                retag(copy, vl);
                any |= output.transmit(copy);
            }
        }
        if (any) {
            relayed++;
            in.release(inVl, frame.length);
        } else {
            relayError(in, inVl, frame.length);
        }
    }

    private int outputVl(Port in, Port output, byte[] frame) {
        if (Lrh.vl(frame, 0) == Lrh.VL15) {
            return Lrh.VL15;
        }
        return slToVl[in.number()][output.number()].map(Lrh.sl(frame, 0), output.flowControl().operationalVls());
    }

    /** Sends a packet on, or holds it (and its input buffer) while the output queue is full. */
    private void send(Held h, Port output) {
        int vl = Lrh.vl(h.frame(), 0);
        ArrayDeque<Held> waiting = held[output.number()];
        if (!waiting.isEmpty() || output.queued(vl) >= output.config().queuePacketsPerVl()) {
            waiting.addLast(h);
            return;
        }
        forward(h, output);
    }

    private void forward(Held h, Port output) {
        if (output.transmit(h.frame())) {
            relayed++;
        }
        h.in().release(h.inVl(), h.inBytes());
    }

    @Override
    public void onTransmitSpace(Port output) {
        ArrayDeque<Held> waiting = held[output.number()];
        while (!waiting.isEmpty()) {
            Held h = waiting.peekFirst();
            if (output.queued(Lrh.vl(h.frame(), 0)) >= output.config().queuePacketsPerVl()) {
                return;
            }
            forward(waiting.pollFirst(), output);
        }
    }

    /**
     * An SMP for this switch: directed-route SMPs always (their hop rules decide, IBA 14.2.2), LID-routed ones when
     * the DLID is port 0's LID range. Returns false for a LID-routed SMP to someone else, which is relayed.
     */
    private boolean handleSmp(Port in, byte[] frame) {
        Mad mad = SmpPackets.mad(frame);
        int dlid = Lrh.dlid(frame, 0);
        if (mad.mgmtClass() == MgmtClass.SUBN_DIRECTED_ROUTE) {
            in.release(Lrh.VL15, frame.length);
            act(in, frame, DirectedRoute.receive(DrSmp.decode(mad), drNode(), in.number()));
            return true;
        }
        if (!isPort0Lid(dlid)) {
            return false;
        }
        in.release(Lrh.VL15, frame.length);
        if (!PacketCheck.isIcrcValid(frame, 0, frame.length)) {
            // Port 0 is the destination, so its ICRC is checked here (relaying ports skip it).
            in.counters().increment(Counter.PORT_RCV_ERRORS);
            droppedSmps++;
            return true;
        }
        if (!traps.onTrapRepress(mad)) {
            sma.handle(mad, in.number()).ifPresent(response -> sendLidRouted(Lrh.slid(frame, 0), response));
        }
        return true;
    }

    /** Whether a DLID is one of port 0's LIDs (its base LID with the LMC bits masked); none before the SM sets one. */
    private boolean isPort0Lid(int dlid) {
        int mask = ~((1 << smaNode.lmc()) - 1);
        return smaNode.lid() != 0 && !Lrh.isMulticast(dlid) && (dlid & mask) == (smaNode.lid() & mask);
    }

    /**
     * A packet for the switch itself that is not an SMP: port 0's QP1 takes performance management GMPs (the PMA
     * answers them back to the sender's LID); port 0 has no other QPs or agents, so anything else is dropped.
     */
    private void deliverToPort0(Port in, byte[] frame) {
        in.release(Lrh.vl(frame, 0), frame.length);
        if (!PacketCheck.isIcrcValid(frame, 0, frame.length)) {
            in.counters().increment(Counter.PORT_RCV_ERRORS);
            return;
        }
        if (!GmpPackets.isGmp(frame)) {
            droppedForPort0++;
            return;
        }
        Mad mad = GmpPackets.mad(frame);
        if (mad.mgmtClass() != MgmtClass.PERF_MGT) {
            droppedForPort0++;
            return;
        }
        pma.handle(mad).ifPresent(response -> {
            Port output = route(Lrh.slid(frame, 0));
            int vl = output == null ? SlToVl.DROP
                    : slToVl[0][output.number()].map(Lrh.sl(frame, 0), output.flowControl().operationalVls());
            if (vl == SlToVl.DROP || !output.transmit(GmpPackets.response(frame, smaNode.lid(), vl, response))) {
                droppedForPort0++;
            }
        });
    }

    /** Packets for port 0 that it had no agent for, or could not answer. */
    public long droppedForPort0() {
        return droppedForPort0;
    }

    @Override
    public int numPorts() {
        return ports().size();
    }

    @Override
    public boolean isSwitch() {
        return true;
    }

    @Override
    public PortCounterSet counters(int port) {
        return port(port).counters();
    }

    /** Carries out a directed-route decision for an SMP that arrived in {@code request}. */
    private void act(Port in, byte[] request, DrDecision decision) {
        if (decision instanceof DrDecision.Deliver d) {
            Mad mad = d.smp().encode();
            if (!traps.onTrapRepress(mad)) {
                sma.handle(mad, in.number()).ifPresent(response ->
                        act(in, request, DirectedRoute.send(DrSmp.decode(response), drNode())));
            }
        } else if (decision instanceof DrDecision.Forward f) {
            Port out = port(f.port());
            DrSmp smp = deviations.contains(SwitchDeviation.NO_DR_RETURN_PATH) ? withoutReturnEntry(f.smp()) : f.smp();
            if (out == null || !out.transmit(SmpPackets.frame(Lrh.PERMISSIVE_LID, Lrh.PERMISSIVE_LID, smp.encode()))) {
                droppedSmps++;
            }
        } else if (decision instanceof DrDecision.LidRoute r) {
            sendLidRouted(r.dlid(), r.smp().encode());
        } else if (decision instanceof DrDecision.LeaveByLid l) {
            sendLidRouted(Lrh.slid(request, 0), l.smp().encode());
        } else {
            droppedSmps++;
        }
    }

    /**
     * Trap 128 (IBA 14.3.11, C14-?: switch link state change), when port 0 has a LID and knows its master SM
     * (PortInfo.MasterSMLID); before an SM configured the switch there is nobody to tell.
     */
    private void raiseLinkStateTrap() {
        PortInfo port0 = smaNode.portInfo(0);
        if (port0.lid() == 0 || port0.masterSmLid() == 0) {
            return;
        }
        traps.raise(Notice.generic(Notice.TYPE_URGENT, Notice.PRODUCER_SWITCH, Notice.TRAP_LINK_STATE_CHANGE,
                port0.lid(), 0, 0, new Notice.LinkStateTrap(port0.lid())), port0.subnetTimeOut());
    }

    private void sendToMasterSm(Mad trap) {
        sendLidRouted(smaNode.portInfo(0).masterSmLid(), trap);
    }

    /** Traps sent to the master SM, repeats included. */
    public long trapsSent() {
        return traps.sent();
    }

    /** Deviation no-dr-return-path: the ReturnPath entry this hop just wrote, blanked on the way out. */
    private static DrSmp withoutReturnEntry(DrSmp smp) {
        if (smp.direction() || smp.hopPointer() < 1) {
            return smp;
        }
        byte[] returnPath = smp.returnPath().clone();
        returnPath[smp.hopPointer() - 1] = 0;
        return new DrSmp(smp.header(), smp.mKey(), smp.drSlid(), smp.drDlid(), smp.reserved28(), smp.data(),
                smp.initialPath(), returnPath);
    }

    /** The external port the LFT names for a unicast DLID, or null when it names none. */
    private Port route(int dlid) {
        int out = tables.route(dlid);
        return out == ForwardingTables.NO_ROUTE ? null : port(out);
    }

    /** An SMP from port 0 to a LID, out of the port the LFT names. */
    private void sendLidRouted(int dlid, Mad mad) {
        Port output = route(dlid);
        if (output == null || !output.transmit(SmpPackets.frame(dlid, smaNode.lid(), mad))) {
            droppedSmps++;
        }
    }

    private DrNode drNode() {
        return DrNode.switchNode(ports().size(), smaNode.lid());
    }

    /**
     * Any port state change sets SwitchInfo.PortStateChange; a link going up or down raises trap 128 to the master
     * SM. Packets held for an output whose link went down can never leave: they are discarded, freeing their inputs.
     */
    @Override
    public void onStateChange(Port port) {
        if (smaNode != null) {
            smaNode.portStateChanged();
            boolean wasUp = lastPhysicalState[port.number()] == PortInfo.PHYS_STATE_LINK_UP;
            boolean isUp = port.physicalState() == PortInfo.PHYS_STATE_LINK_UP;
            lastPhysicalState[port.number()] = port.physicalState();
            if (wasUp != isUp) {
                raiseLinkStateTrap();
            }
        }
        if (port.portState() != PortInfo.PORT_STATE_ACTIVE) {
            ArrayDeque<Held> waiting = held[port.number()];
            while (!waiting.isEmpty()) {
                Held h = waiting.pollFirst();
                port.counters().increment(Counter.PORT_XMIT_DISCARDS);
                h.in().release(h.inVl(), h.inBytes());
            }
        }
    }

    private void relayError(Port in, int inVl, int bytes) {
        in.counters().increment(Counter.PORT_RCV_SWITCH_RELAY_ERRORS);
        in.release(inVl, bytes);
    }

    /** The output VL goes into the LRH; the VL is a variant field, so only the VCRC changes (the ICRC masks it). */
    private static void retag(byte[] frame, int vl) {
        if (Lrh.vl(frame, 0) != vl) {
            Lrh.setVl(frame, 0, vl);
            Vcrc.write(frame, frame.length - 2, Vcrc.compute(frame, 0, frame.length - 2));
        }
    }
}
