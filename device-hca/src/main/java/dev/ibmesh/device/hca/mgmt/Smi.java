package dev.ibmesh.device.hca.mgmt;

import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.runtime.agent.HostMad;
import dev.ibmesh.runtime.agent.MadAgents;
import dev.ibmesh.runtime.agent.SmpRecipient;
import dev.ibmesh.runtime.counters.SingleWriterCounter;
import dev.ibmesh.runtime.sma.Sma;
import dev.ibmesh.runtime.sma.dr.DirectedRoute;
import dev.ibmesh.runtime.sma.dr.DrDecision;
import dev.ibmesh.runtime.sma.dr.DrNode;
import dev.ibmesh.wire.Lrh;

/**
 * QP0 of a channel adapter, the subnet management interface (IBA 13.5.1, 14.2.2): SMPs that arrive on a port go to
 * the SMA when they ask something of this node, and to host software (an SM) otherwise - responses to what it sent,
 * traps, and the SMInfo requests an SM answers itself. SMPs from host software leave the port as VL15 packets, a
 * directed route starting here ({@link DirectedRoute#send}); one addressed to this port itself (hop count 0, or its
 * own LID) is answered by the local SMA without touching the wire, as a real HCA's SMI loops it back.
 * Event loop only.
 */
public final class Smi {
    /** How an SMP leaves a port: the device builds the VL15 frame and queues it. */
    public interface Wire {
        /** The port's LID (0 before the SM assigns one) and the node's port count, for the directed-route rules. */
        int lid(int port);

        int numPorts();

        /** PortInfo.CapabilityMask.IsSM: an SM runs on the port (and answers SMInfo itself). */
        boolean isSm(int port);

        /** Queues an SMP frame from {@code port}; false when it could not be queued. */
        boolean transmit(int port, int dlid, int slid, Mad mad);

        /** A TrapRepress arrived: true when it was for a trap this node sent (it goes no further). */
        boolean trapRepressed(int port, Mad repress);
    }

    private final Sma sma;
    private final MadAgents agents;
    private final Wire wire;
    private final SingleWriterCounter dropped = new SingleWriterCounter();

    public Smi(Sma sma, MadAgents agents, Wire wire) {
        this.sma = sma;
        this.agents = agents;
        this.wire = wire;
    }

    /** An SMP the port's link layer accepted (checks, DLID and ICRC done). */
    public void receive(int port, int slid, Mad mad) {
        if (mad.mgmtClass() == MgmtClass.SUBN_DIRECTED_ROUTE) {
            act(port, slid, DirectedRoute.receive(DrSmp.decode(mad), node(port), port));
        } else {
            arrive(port, slid, mad);
        }
    }

    /**
     * Host software on {@code port} sends an SMP (class 0x01 to a LID, or 0x81 along a directed route). Returns
     * false when it could not leave (the directed-route rules drop it, or the transmit queue is full).
     */
    public boolean send(MadAgents.Agent agent, HostMad out) {
        agents.sent(agent, out.mad().header());
        int port = agent.port();
        if (out.mad().mgmtClass() == MgmtClass.SUBN_DIRECTED_ROUTE) {
            // an initial LID-routed part (DrSLID set) goes to the LID host software addressed (C14-9)
            return act(port, out.remoteLid(), DirectedRoute.send(DrSmp.decode(out.mad()), node(port)));
        }
        if (isOwnLid(port, out.remoteLid())) {
            arrive(port, wire.lid(port), out.mad());
            return true;
        }
        return transmit(port, out.remoteLid(), out.mad());
    }

    /**
     * A trap of this node's SMA to its master SM at {@code smLid}: LID-routed out of {@code port}, or straight to
     * host software when the SM runs on this very port.
     */
    public void sendTrap(int port, int smLid, Mad trap) {
        if (isOwnLid(port, smLid)) {
            arrive(port, smLid, trap);
        } else {
            transmit(port, smLid, trap);
        }
    }

    /**
     * SMPs dropped: by the directed-route rules, for a full transmit queue, or for nobody to take them. Any thread.
     */
    public long dropped() {
        return dropped.get();
    }

    /** An SMP that ended its route at this port. */
    private void arrive(int port, int slid, Mad mad) {
        MadHeader h = mad.header();
        if (h.method() == Method.TRAP_REPRESS && wire.trapRepressed(port, mad)) {
            return;
        }
        if (SmpRecipient.isHostSoftware(h, wire.isSm(port))) {
            if (!agents.deliver(port, new HostMad(slid, 0, 0, 0, 0, mad))) {
                dropped.increment();
            }
            return;
        }
        sma.handle(mad, port).ifPresent(response -> {
            if (response.mgmtClass() == MgmtClass.SUBN_DIRECTED_ROUTE) {
                act(port, slid, DirectedRoute.send(DrSmp.decode(response), node(port)));
            } else if (isOwnLid(port, slid)) {
                arrive(port, slid, response);
            } else {
                transmit(port, slid, response);
            }
        });
    }

    /**
     * Carries out a directed-route decision (a CA never gets LidRoute: only switches LID-route DR SMPs); {@code lid}
     * is where a LID-routed part goes (or came from).
     */
    private boolean act(int port, int lid, DrDecision decision) {
        if (decision instanceof DrDecision.Deliver d) {
            arrive(port, lid, d.smp().encode());
            return true;
        }
        if (decision instanceof DrDecision.Forward f) {
            return transmit(f.port(), Lrh.PERMISSIVE_LID, f.smp().encode());
        }
        if (decision instanceof DrDecision.LeaveByLid l) {
            return transmit(port, lid, l.smp().encode());
        }
        dropped.increment();
        return false;
    }

    private boolean transmit(int port, int dlid, Mad mad) {
        int slid = dlid == Lrh.PERMISSIVE_LID ? Lrh.PERMISSIVE_LID : wire.lid(port);
        if (wire.transmit(port, dlid, slid, mad)) {
            return true;
        }
        dropped.increment();
        return false;
    }

    private boolean isOwnLid(int port, int lid) {
        return lid != 0 && lid == wire.lid(port);
    }

    private DrNode node(int port) {
        return DrNode.channelAdapter(wire.numPorts(), wire.lid(port));
    }
}
