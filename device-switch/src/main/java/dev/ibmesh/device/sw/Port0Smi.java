package dev.ibmesh.device.sw;

import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.runtime.agent.HostMad;
import dev.ibmesh.runtime.agent.MadAgents;
import dev.ibmesh.runtime.agent.SmpRecipient;
import dev.ibmesh.runtime.port.Port;
import dev.ibmesh.runtime.sma.IntermediateHop;
import dev.ibmesh.runtime.sma.Sma;
import dev.ibmesh.runtime.sma.SmpPackets;
import dev.ibmesh.runtime.sma.dr.DirectedRoute;
import dev.ibmesh.runtime.sma.dr.DrDecision;
import dev.ibmesh.runtime.sma.dr.DrNode;
import dev.ibmesh.wire.Lrh;
import java.util.Set;

/**
 * QP0 of a switch's management port 0, its subnet management interface (IBA 13.5.1, 14.2.2). SMPs reach it from
 * three sides:
 * <ul>
 *   <li>from the external ports: every directed-route SMP (its hop rules decide whether it ends here, is forwarded
 *       or is LID-routed on) and the LID-routed SMPs for port 0's LIDs;</li>
 *   <li>from host software attached to port 0 (a managed switch's SM, diag tools): a directed route originates here
 *       (C14-9: HopPointer 0 at the switch; hop count 0 ends at this switch's own SMA without the wire, a longer
 *       route leaves by InitialPath[1], and a switch may LID-route the end of the route to DrDLID); a LID-routed SMP
 *       leaves by the LFT, or, to port 0's own LID, is answered here;</li>
 *   <li>from the switch itself: its traps, to PortInfo.MasterSMLID on MasterSMSL (here, when the SM runs here).</li>
 * </ul>
 * An SMP that ends its route here goes to the switch's trap sender (a TrapRepress), to host software
 * ({@link SmpRecipient}: responses, traps, SMInfo when port 0's IsSM is set) or to the SMA. The SMA sees the external
 * port an SMP came in on, or 0 for one from port 0 itself (NodeInfo.LocalPortNum 0, as ibsim answers).
 *
 * <p>Event loop only.
 */
final class Port0Smi {
    private final SwitchDevice device;
    private final SwitchRelay relay;
    private final SwitchSmaNode node;
    private final Sma sma;
    private final SwitchTraps traps;
    private final MadAgents agents;
    private final Set<SwitchDeviation> deviations;
    private long dropped;

    Port0Smi(
            SwitchDevice device,
            SwitchRelay relay,
            SwitchSmaNode node,
            Sma sma,
            SwitchTraps traps,
            MadAgents agents,
            Set<SwitchDeviation> deviations) {
        this.device = device;
        this.relay = relay;
        this.node = node;
        this.sma = sma;
        this.traps = traps;
        this.agents = agents;
        this.deviations = Set.copyOf(deviations);
    }

    /**
     * A directed-route SMP frame received on external port {@code in}, its ICRC checked. An intermediate hop is done on
     * the frame's bytes ({@link IntermediateHop}); a switch started with any deviation takes the records' way (the
     * directed-route deviations act there).
     */
    void receiveDirected(int in, byte[] frame) {
        int egress =
                deviations.isEmpty() ? IntermediateHop.egressPort(frame, device.portCount()) : IntermediateHop.NONE;
        if (egress != IntermediateHop.NONE) {
            transmit(device.port(egress), IntermediateHop.next(frame, in));
            return;
        }
        DrSmp smp = anyHopPointer(DrSmp.decode(SmpPackets.mad(frame)));
        act(in, Lrh.slid(frame, 0), DirectedRoute.receive(smp, drNode(), in));
    }

    /**
     * Deviation dr-accept-any-hop-pointer: an outbound SMP whose HopPointer is out of range (0 with a HopCount, or
     * beyond HopCount + 1), which C14-9:1 and C14-9:5 drop, is taken for one at the end of its directed part.
     */
    private DrSmp anyHopPointer(DrSmp smp) {
        if (!deviations.contains(SwitchDeviation.DR_ACCEPT_ANY_HOP_POINTER) || smp.direction()) {
            return smp;
        }
        int hp = smp.hopPointer();
        int hc = smp.hopCount();
        boolean outOfRange = hp > hc + 1 || (hp == 0 && hc > 0 && smp.drSlid() == DrSmp.PERMISSIVE_LID);
        return outOfRange ? smp.withHopPointer(hc) : smp;
    }

    /** A LID-routed SMP for port 0's LID received on external port {@code in}, with its LRH SLID. */
    void receiveLidRouted(int in, int slid, Mad mad) {
        arrive(in, slid, mad);
    }

    /**
     * Host software on port 0 sends an SMP: class 0x81 along a directed route that originates here (an initial
     * LID-routed part, DrSLID set, goes to the LID host software addressed: C14-9), class 0x01 to a LID. False when
     * it could not leave (the hop rules drop it, no route, a full queue).
     */
    boolean send(MadAgents.Agent agent, HostMad out) {
        agents.sent(agent, out.mad().header());
        if (out.mad().mgmtClass() == MgmtClass.SUBN_DIRECTED_ROUTE) {
            return act(0, out.remoteLid(), DirectedRoute.send(DrSmp.decode(out.mad()), drNode()));
        }
        return sendLidRouted(out.remoteLid(), out.sl(), out.mad());
    }

    /** A trap goes to PortInfo.MasterSMLID on MasterSMSL (IBA 14.2.5.6). */
    void sendTrap(Mad trap) {
        PortInfo p0 = node.portInfo(0);
        sendLidRouted(p0.masterSmLid(), p0.masterSmSl(), trap);
    }

    /** SMPs dropped by the directed-route rules, that could not be sent, or that no host software took. */
    long dropped() {
        return dropped;
    }

    /** An SMP that ended its route at port 0; {@code ingress} is its external port, 0 when port 0 sent it. */
    private void arrive(int ingress, int slid, Mad mad) {
        if (traps.onTrapRepress(mad)) {
            return;
        }
        if (SmpRecipient.isHostSoftware(mad.header(), node.isSm())) {
            if (!agents.deliver(0, HostMad.smp(slid, mad))) {
                dropped++;
            }
            return;
        }
        sma.handle(mad, ingress).ifPresent(response -> {
            if (response.mgmtClass() == MgmtClass.SUBN_DIRECTED_ROUTE) {
                act(ingress, slid, DirectedRoute.send(DrSmp.decode(response), drNode()));
            } else {
                sendLidRouted(slid, 0, response);
            }
        });
    }

    /**
     * Carries out a directed-route decision for an SMP that came in on {@code ingress} (0: from port 0); {@code lid}
     * is where a part that leaves by LID goes: the request's LRH SLID, or the DLID host software gave.
     */
    private boolean act(int ingress, int lid, DrDecision decision) {
        if (decision instanceof DrDecision.Deliver d) {
            arrive(ingress, lid, d.smp().encode());
            return true;
        }
        if (decision instanceof DrDecision.Forward f) {
            return forward(f.port(), f.smp());
        }
        if (decision instanceof DrDecision.LidRoute r) {
            if (!r.smp().direction() && deviations.contains(SwitchDeviation.DR_END_IGNORES_DR_DLID)) {
                // deviation: the end of the directed part is taken for the end of the route, whatever DrDLID says
                arrive(ingress, lid, r.smp().encode());
                return true;
            }
            if (r.smp().direction() && deviations.contains(SwitchDeviation.DR_RETURN_IGNORES_DR_SLID)) {
                // deviation: the end of the directed part on the way back is taken for the end of the route
                dropped++;
                return false;
            }
            return sendLidRouted(r.dlid(), 0, r.smp().encode());
        }
        if (decision instanceof DrDecision.LeaveByLid l) {
            return sendLidRouted(lid, 0, l.smp().encode());
        }
        dropped++;
        return false;
    }

    /** A directed-route hop out of external port {@code port}, from and to the permissive LID. */
    private boolean forward(int port, DrSmp smp) {
        DrSmp leaving = deviations.contains(SwitchDeviation.NO_DR_RETURN_PATH) ? withoutReturnEntry(smp) : smp;
        if (leaving.direction() && deviations.contains(SwitchDeviation.NO_DR_D_BIT)) {
            // deviation: the response goes back along the ReturnPath, but with the D bit clear on the wire
            leaving = leaving.withHeader(
                    leaving.header().withStatus(leaving.header().status() & ~DrSmp.D_BIT));
        }
        return transmit(device.port(port), SmpPackets.frame(Lrh.PERMISSIVE_LID, Lrh.PERMISSIVE_LID, leaving.encode()));
    }

    /** Sends an SMP frame out of a port; false, and counted, when the port cannot take it. */
    private boolean transmit(Port out, byte[] frame) {
        if (out == null || !out.transmit(frame)) {
            dropped++;
            return false;
        }
        return true;
    }

    /** Deviation no-dr-return-path: the ReturnPath entry this hop just wrote, blanked on the way out. */
    private static DrSmp withoutReturnEntry(DrSmp smp) {
        if (smp.direction() || smp.hopPointer() < 1) {
            return smp;
        }
        byte[] returnPath = smp.returnPath().clone();
        returnPath[smp.hopPointer() - 1] = 0;
        return new DrSmp(
                smp.header(),
                smp.mKey(),
                smp.drSlid(),
                smp.drDlid(),
                smp.reserved28(),
                smp.data(),
                smp.initialPath(),
                returnPath);
    }

    /** An SMP from port 0 to a LID: out of the port the LFT names, or, to port 0's own LIDs, straight back here. */
    private boolean sendLidRouted(int dlid, int sl, Mad mad) {
        if (node.addresses(dlid)) {
            arrive(0, node.lid(), mad);
            return true;
        }
        return transmit(relay.route(dlid), SmpPackets.frame(dlid, node.lid(), sl, mad));
    }

    private DrNode drNode() {
        return DrNode.switchNode(device.portCount(), node.lid());
    }
}
