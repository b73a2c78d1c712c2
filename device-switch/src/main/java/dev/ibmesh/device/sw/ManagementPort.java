package dev.ibmesh.device.sw;

import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.mad.Smp;
import dev.ibmesh.mad.pma.PortCounters.Counter;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.runtime.agent.Gsi;
import dev.ibmesh.runtime.agent.HostMad;
import dev.ibmesh.runtime.agent.MadAgents;
import dev.ibmesh.runtime.gsi.Qp1KeyCheck;
import dev.ibmesh.runtime.gsi.Qp1Verdict;
import dev.ibmesh.runtime.link.SlToVl;
import dev.ibmesh.runtime.pma.Pma;
import dev.ibmesh.runtime.pma.PmaNode;
import dev.ibmesh.runtime.port.Port;
import dev.ibmesh.runtime.port.PortCounterSet;
import dev.ibmesh.runtime.port.ReceiveDeparture;
import dev.ibmesh.runtime.sma.GmpPackets;
import dev.ibmesh.runtime.sma.Sma;
import dev.ibmesh.runtime.sma.SmpPackets;
import dev.ibmesh.runtime.sma.TrapSender;
import dev.ibmesh.runtime.topology.SwitchOptions;
import dev.ibmesh.wire.Lrh;
import dev.ibmesh.wire.PacketCheck;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Consumer;

/**
 * A switch's management port 0: it takes the directed-route SMPs and the packets for its own LIDs. SMPs go to its
 * QP0 ({@link Port0Smi}: the common SMA with M_Key protection, directed routes, host software); GMPs on QP1 pass the
 * P_Key and Q_Key checks and go to its {@link Gsi} (PerfMgt requests to the PMA, every other class to host software).
 * Host software - a managed switch's SM, diag tools through the umad endpoint - attaches here ({@link #attach}) and
 * sends SMPs and GMPs from port 0 ({@link #send}). It raises the switch's traps: 128 when a link goes up or down,
 * 129/130 when a port's error counters cross their thresholds, 144 on local changes, 256 for a refused M_Key,
 * 257/258 for a GMP with a bad key.
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
    private final MadAgents agents = new MadAgents();
    private final Port0Smi smi;
    private final Gsi gsi;
    private final int[] lastPhysicalState;
    private long droppedSmps;
    private long droppedForPort0;

    ManagementPort(SwitchDevice device, SwitchRelay relay, SwitchOptions options, Set<SwitchDeviation> deviations) {
        this.device = device;
        this.relay = relay;
        this.deviations = deviations;
        TrapSender sender = new TrapSender(
                device.name() + "/0",
                device.scheduler(),
                this::sendToMasterSm,
                !deviations.contains(SwitchDeviation.TRAP_IGNORES_REPRESS));
        this.traps = new SwitchTraps(sender, this::port0Info, deviations);
        this.smaNode = new SwitchSmaNode(device.deviceConfig(), device, options, traps);
        this.sma = new Sma(smaNode, device.scheduler()::nanoTime, SwitchDeviation.smaOptions(deviations));
        this.smi = new Port0Smi(device, relay, smaNode, sma, traps, agents, deviations);
        this.gsi = new Gsi(new Pma(this, SwitchDeviation.pmaOptions(deviations)), agents, new Port0GmpWire());
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
        boolean smp = SmpPackets.isSmp(frame);
        if (smp && SmpPackets.isDirectedRoute(frame)) {
            // Every directed-route SMP ends its hop at the switch's SMI, so port 0 is its destination here too.
            in.release(Lrh.VL15, frame.length);
            if (icrcValid(in, frame, true)) {
                smi.receiveDirected(in.number(), frame);
            }
            return true;
        }
        if (!smaNode.addresses(Lrh.dlid(frame, 0))) {
            return false;
        }
        in.release(Lrh.vl(frame, 0), frame.length);
        if (icrcValid(in, frame, smp)) {
            if (smp) {
                smi.receiveLidRouted(in.number(), Lrh.slid(frame, 0), SmpPackets.mad(frame));
            } else {
                receiveGmp(frame);
            }
        }
        return true;
    }

    /**
     * Port 0 is the packet's destination, so its ICRC is checked here (the relaying ports skip it, IBA 7.8.1); a
     * packet that fails is dropped and counted in the ingress port's PortRcvErrors.
     */
    private boolean icrcValid(Port in, byte[] frame, boolean smp) {
        if (in.receivePolicy().departs(ReceiveDeparture.NO_ICRC_CHECK)
                || PacketCheck.isIcrcValid(frame, 0, frame.length)) {
            return true;
        }
        in.counters().increment(Counter.PORT_RCV_ERRORS);
        if (smp) {
            droppedSmps++;
        } else {
            droppedForPort0++;
        }
        return false;
    }

    /**
     * A packet for the switch that is not an SMP: port 0's QP1 takes GMPs whose P_Key and Q_Key pass (a violation is
     * counted in port 0's PortInfo and raises trap 257 or 258). Port 0 has no other QPs, so anything else is dropped.
     */
    private void receiveGmp(byte[] frame) {
        if (!GmpPackets.isGmp(frame)) {
            droppedForPort0++;
            return;
        }
        Qp1Verdict verdict = Qp1KeyCheck.check(frame, smaNode.port0PKeys());
        boolean ignoreKeys = deviations.contains(SwitchDeviation.IGNORE_GSI_KEYS);
        if (!verdict.accepted() && !ignoreKeys) {
            smaNode.countKeyViolation(verdict.kind());
            traps.badKey(verdict);
            droppedForPort0++;
            return;
        }
        // QP1 answers with the index of the entry that admitted the GMP (as Linux ib_mad answers on the receive
        // completion's pkey_index); under ignore-gsi-keys a GMP no entry admits is answered with index 0.
        int pKeyIndex = Math.max(0, verdict.pKeyIndex());
        gsi.receive(
                0,
                new HostMad(
                        Lrh.slid(frame, 0),
                        Lrh.sl(frame, 0),
                        GmpPackets.srcQp(frame),
                        GmpPackets.qKey(frame),
                        pKeyIndex,
                        GmpPackets.mad(frame)));
    }

    /**
     * Attaches host software to port 0: it gets the responses to the MADs it sends and the unsolicited MADs
     * (requests, traps) of the given classes.
     */
    MadAgents.Agent attach(List<Integer> unsolicitedClasses, Consumer<HostMad> sink) {
        return agents.register(0, unsolicitedClasses, sink);
    }

    /** Host software sends a MAD from port 0: an SMP through QP0, any other class through QP1. */
    boolean send(MadAgents.Agent agent, HostMad mad) {
        return mad.isSmp() ? smi.send(agent, mad) : gsi.send(agent, mad);
    }

    /**
     * A SubnGet of the switch's own SMA as host software on port 0 sees it (with port 0's M_Key, so protection hides
     * nothing from the local host): the attribute data, 64 bytes.
     */
    byte[] localGet(int attributeId, int attributeModifier) {
        Mad get = Smp.of(
                        MadHeader.of(MgmtClass.SUBN_LID_ROUTED, 1, Method.GET, 0, attributeId, attributeModifier),
                        port0Info().mKey(),
                        new byte[0])
                .encode();
        return Smp.decode(sma.handle(get, 0).orElseThrow()).data();
    }

    /** Host software on port 0 says whether an SM runs there (PortInfo.CapabilityMask.IsSM). */
    void smPresent(boolean present) {
        smaNode.smPresent(present);
    }

    /** A trap goes out through QP0 (to host software here when the master SM runs on port 0). */
    private void sendToMasterSm(Mad trap) {
        smi.sendTrap(trap);
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

    /** SMPs dropped by the directed-route rules or for a bad ICRC at port 0, that could not be sent, or untaken. */
    long droppedSmps() {
        return droppedSmps + smi.dropped();
    }

    /** Packets for port 0's QP1 that it rejected, could not answer, or nobody took; and non-GMPs for port 0. */
    long droppedForPort0() {
        return droppedForPort0 + gsi.dropped();
    }

    long trapsSent() {
        return traps.sent();
    }

    @Override
    public int numPorts() {
        return device.portCount();
    }

    @Override
    public boolean isSwitch() {
        return true;
    }

    @Override
    public PortCounterSet counters(int port) {
        return device.port(port).counters();
    }

    /**
     * GMPs leave port 0's QP1 by the LFT, on the VL the SL-to-VL table from port 0 to that output gives their SL,
     * with the P_Key of their index in port 0's table.
     */
    private final class Port0GmpWire implements Gsi.Wire {
        @Override
        public int lid(int port) {
            return smaNode.lid();
        }

        @Override
        public boolean transmit(int port, HostMad out) {
            Port output = relay.route(out.remoteLid());
            OptionalInt pKey = smaNode.pKey(out.pKeyIndex());
            if (output == null || pKey.isEmpty()) {
                return false;
            }
            int vl = relay.outputVl(0, output, out.sl());
            return vl != SlToVl.DROP && output.transmit(out.gmpFrame(vl, smaNode.lid(), pKey.getAsInt()));
        }
    }
}
