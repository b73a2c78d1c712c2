package dev.ibmesh.device.sw;

import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.mad.pma.PortCounters.Counter;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.runtime.gsi.Qp1KeyCheck;
import dev.ibmesh.runtime.gsi.Qp1Verdict;
import dev.ibmesh.runtime.link.SlToVl;
import dev.ibmesh.runtime.pma.Pma;
import dev.ibmesh.runtime.pma.PmaNode;
import dev.ibmesh.runtime.port.Port;
import dev.ibmesh.runtime.port.PortCounterSet;
import dev.ibmesh.runtime.sma.GmpPackets;
import dev.ibmesh.runtime.sma.Sma;
import dev.ibmesh.runtime.sma.SmpPackets;
import dev.ibmesh.runtime.sma.TrapSender;
import dev.ibmesh.runtime.sma.dr.DirectedRoute;
import dev.ibmesh.runtime.sma.dr.DrDecision;
import dev.ibmesh.runtime.sma.dr.DrNode;
import dev.ibmesh.runtime.topology.SwitchOptions;
import dev.ibmesh.wire.Lrh;
import dev.ibmesh.wire.PacketCheck;
import java.util.Set;

/**
 * A switch's management port 0: it takes the directed-route SMPs (their hop rules decide which it answers and which
 * it forwards) and the packets for its own LIDs. SMPs go to the common SMA (with M_Key protection); GMPs on QP1 pass
 * the P_Key and Q_Key checks and PerfMgt ones go to the PMA. It raises the switch's traps: 128 when a link goes up
 * or down, 129/130 when a port's error counters cross their thresholds, 144 on local changes, 256 for a refused
 * M_Key, 257/258 for a GMP with a bad key.
 *
 * <p>Trap 131 (flow control update watchdog) is not raised: the link layer ({@code Port}) sends flow control
 * updates every period but does not watch for the peer's, so nothing detects a silent peer; on a virtual link the
 * stream itself breaking is what takes the port down (and raises trap 128). Trap 259 (bad P_Key at a switch external
 * port) is not raised either: the external ports do no partition enforcement (SwitchInfo.PartitionEnforcementCap 0).
 *
 * <p>Event loop only.
 */
final class ManagementPort implements PmaNode {
    private final SwitchDevice device;
    private final SwitchRelay relay;
    private final Set<SwitchDeviation> deviations;
    private final SwitchTraps traps;
    private final SwitchSmaNode smaNode;
    private final Sma sma;
    private final Pma pma;
    private final int[] lastPhysicalState;
    private long droppedSmps;
    private long droppedForPort0;

    ManagementPort(SwitchDevice device, SwitchRelay relay, SwitchOptions options, Set<SwitchDeviation> deviations) {
        this.device = device;
        this.relay = relay;
        this.deviations = deviations;
        TrapSender sender = new TrapSender(device.scheduler(), this::sendToMasterSm,
                !deviations.contains(SwitchDeviation.TRAP_IGNORES_REPRESS));
        this.traps = new SwitchTraps(sender, this::port0Info);
        this.smaNode = new SwitchSmaNode(device.deviceConfig(), device, options, traps);
        this.sma = new Sma(smaNode, device.scheduler()::nanoTime, SwitchDeviation.smaOptions(deviations));
        this.pma = new Pma(this, SwitchDeviation.pmaOptions(deviations));
        this.lastPhysicalState = new int[device.ports().size() + 1];
        for (Port p : device.ports()) {
            p.counters().onThresholdCrossed(counter -> traps.thresholdCrossed(p.number(), counter));
        }
    }

    SwitchSmaNode smaNode() {
        return smaNode;
    }

    private PortInfo port0Info() {
        return smaNode.portInfo(0);
    }

    /**
     * Takes a packet that is for the switch itself: a directed-route SMP (always, IBA 14.2.2), or anything to port
     * 0's LIDs. Returns false for a packet to relay.
     */
    boolean receive(Port in, byte[] frame) {
        if (SmpPackets.isSmp(frame)) {
            Mad mad = SmpPackets.mad(frame);
            if (mad.mgmtClass() == MgmtClass.SUBN_DIRECTED_ROUTE) {
                in.release(Lrh.VL15, frame.length);
                act(in, frame, DirectedRoute.receive(DrSmp.decode(mad), drNode(), in.number()));
                return true;
            }
        }
        if (!isPort0Lid(Lrh.dlid(frame, 0))) {
            return false;
        }
        in.release(Lrh.vl(frame, 0), frame.length);
        boolean smp = SmpPackets.isSmp(frame);
        if (!PacketCheck.isIcrcValid(frame, 0, frame.length)) {
            // Port 0 is the destination, so its ICRC is checked here (relaying ports skip it).
            in.counters().increment(Counter.PORT_RCV_ERRORS);
            if (smp) {
                droppedSmps++;
            } else {
                droppedForPort0++;
            }
        } else if (smp) {
            answerSmp(in, frame);
        } else {
            deliverGmp(frame);
        }
        return true;
    }

    private void answerSmp(Port in, byte[] frame) {
        Mad mad = SmpPackets.mad(frame);
        if (!traps.onTrapRepress(mad)) {
            sma.handle(mad, in.number()).ifPresent(response -> sendLidRouted(Lrh.slid(frame, 0), response));
        }
    }

    /** Whether a DLID is one of port 0's LIDs (its base LID with the LMC bits masked); none before the SM sets one. */
    private boolean isPort0Lid(int dlid) {
        int mask = ~((1 << smaNode.lmc()) - 1);
        return smaNode.lid() != 0 && !Lrh.isMulticast(dlid) && (dlid & mask) == (smaNode.lid() & mask);
    }

    /**
     * A packet for the switch that is not an SMP: port 0's QP1 takes GMPs whose P_Key and Q_Key pass (a violation is
     * counted in port 0's PortInfo and raises trap 257 or 258), and the PMA answers the PerfMgt ones back to the
     * sender's LID. Port 0 has no other QPs or agents, so anything else is dropped.
     */
    private void deliverGmp(byte[] frame) {
        if (!GmpPackets.isGmp(frame)) {
            droppedForPort0++;
            return;
        }
        if (!deviations.contains(SwitchDeviation.IGNORE_GSI_KEYS)) {
            Qp1Verdict verdict = Qp1KeyCheck.check(frame, smaNode.port0PKeys());
            if (!verdict.accepted()) {
                smaNode.countKeyViolation(verdict.kind());
                traps.badKey(verdict);
                droppedForPort0++;
                return;
            }
        }
        Mad mad = GmpPackets.mad(frame);
        if (mad.mgmtClass() != MgmtClass.PERF_MGT) {
            droppedForPort0++;
            return;
        }
        pma.handle(mad).ifPresent(response -> {
            Port output = relay.route(Lrh.slid(frame, 0));
            int vl = output == null ? SlToVl.DROP : relay.outputVl(0, output, Lrh.sl(frame, 0));
            if (vl == SlToVl.DROP || !output.transmit(GmpPackets.response(frame, smaNode.lid(), vl, response))) {
                droppedForPort0++;
            }
        });
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
            Port out = device.port(f.port());
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

    /** A trap goes to PortInfo.MasterSMLID on MasterSMSL. */
    private void sendToMasterSm(Mad trap) {
        PortInfo p0 = port0Info();
        sendLidRouted(p0.masterSmLid(), p0.masterSmSl(), trap);
    }

    /** An SMP from port 0 to a LID, out of the port the LFT names. */
    private void sendLidRouted(int dlid, Mad mad) {
        sendLidRouted(dlid, 0, mad);
    }

    private void sendLidRouted(int dlid, int sl, Mad mad) {
        Port output = relay.route(dlid);
        if (output == null || !output.transmit(SmpPackets.frame(dlid, smaNode.lid(), sl, mad))) {
            droppedSmps++;
        }
    }

    private DrNode drNode() {
        return DrNode.switchNode(device.ports().size(), smaNode.lid());
    }

    /**
     * Any port state change sets SwitchInfo.PortStateChange (IBA 14.2.5.4); a link going up or down raises trap 128
     * to the master SM.
     */
    void onStateChange(Port port) {
        smaNode.portStateChanged();
        boolean wasUp = lastPhysicalState[port.number()] == PortInfo.PHYS_STATE_LINK_UP;
        boolean isUp = port.physicalState() == PortInfo.PHYS_STATE_LINK_UP;
        lastPhysicalState[port.number()] = port.physicalState();
        if (wasUp != isUp) {
            traps.linkStateChange();
        }
    }

    /** SMPs dropped by the directed-route rules or for a bad ICRC at port 0, or that could not be sent. */
    long droppedSmps() {
        return droppedSmps;
    }

    /** Packets for port 0 that it had no agent for, rejected, or could not answer. */
    long droppedForPort0() {
        return droppedForPort0;
    }

    long trapsSent() {
        return traps.sent();
    }

    @Override
    public int numPorts() {
        return device.ports().size();
    }

    @Override
    public boolean isSwitch() {
        return true;
    }

    @Override
    public PortCounterSet counters(int port) {
        return device.port(port).counters();
    }
}
