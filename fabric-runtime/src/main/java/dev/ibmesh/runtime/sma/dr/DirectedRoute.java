package dev.ibmesh.runtime.sma.dr;

import static dev.ibmesh.mad.DrSmp.PERMISSIVE_LID;

import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.runtime.sma.dr.DrDecision.Deliver;
import dev.ibmesh.runtime.sma.dr.DrDecision.Drop;
import dev.ibmesh.runtime.sma.dr.DrDecision.Forward;
import dev.ibmesh.runtime.sma.dr.DrDecision.LeaveByLid;
import dev.ibmesh.runtime.sma.dr.DrDecision.LidRoute;

/**
 * The hop-pointer rules of directed-route SMPs, IBA 14.2.2, C14-9 (outbound, D = 0) and C14-13 (returning, D = 1),
 * as Linux {@code drivers/infiniband/core/smi.c} applies them. With hp = HopPointer and hc = HopCount, a pure DR
 * request travels with hp = 1..hc on its links and is delivered with hp = hc + 1; its response travels with
 * hp = hc..1 and is delivered to the SM with hp = 0. ReturnPath[i] records the port on which hop i arrived.
 *
 * <p>Linux splits each hop into a receive half (record ReturnPath) and a send half (move hp, pick the port). Here
 * {@link #receive} does both for a received SMP, and {@link #send} covers an SMP this node originates or answers.
 * The input SMP is never modified: decisions carry a new one.
 */
public final class DirectedRoute {
    private DirectedRoute() {}

    /**
     * An SMP this node originates (D = 0, HopPointer 0) or answers (D = 1, HopPointer = HopCount + 1, as
     * {@link DrResponse} builds it).
     */
    public static DrDecision send(DrSmp smp, DrNode node) {
        int hp = smp.hopPointer();
        int hc = smp.hopCount();
        if (hc > DrSmp.MAX_HOP_COUNT) {
            return new Drop(DrDropReason.HOP_COUNT_TOO_LARGE); // C14-6
        }
        if (!smp.direction()) {
            if (hp != 0) {
                return new Drop(DrDropReason.HOP_POINTER_OUT_OF_RANGE); // C14-9:5, an originator starts at 0
            }
            if (smp.drSlid() != PERMISSIVE_LID) {
                // an initial LID-routed part: no hop processing here (Linux mad.c handle_outgoing_dr_smp)
                return new LeaveByLid(smp);
            }
            return hc > 0 ? startDirectedPart(smp, node) : endOutbound(smp.withHopPointer(1), node);
        }
        if (hp != hc + 1) {
            return new Drop(DrDropReason.HOP_POINTER_OUT_OF_RANGE); // C14-13:5, a responder starts at hc + 1
        }
        if (smp.drDlid() != PERMISSIVE_LID) {
            // the request came over a LID-routed part: the response goes back the same way (Linux mad.c)
            return new LeaveByLid(smp);
        }
        return hc > 0 ? returnHop(smp.withHopPointer(hc), node) : endReturn(smp, node); // C14-13:1, C14-13:3
    }

    /**
     * An SMP received on physical port {@code ingressPort}.
     *
     * @throws IllegalArgumentException when the ingress port is not one of the node's ports
     */
    public static DrDecision receive(DrSmp smp, DrNode node, int ingressPort) {
        if (ingressPort < 1 || ingressPort > node.portCount()) {
            throw new IllegalArgumentException("ingress port must be 1.." + node.portCount() + ", was " + ingressPort);
        }
        int hp = smp.hopPointer();
        int hc = smp.hopCount();
        if (hc > DrSmp.MAX_HOP_COUNT) {
            return new Drop(DrDropReason.HOP_COUNT_TOO_LARGE); // C14-6
        }
        return smp.direction() ? receiveReturning(smp, node, hp, hc) : receiveOutbound(smp, node, ingressPort, hp, hc);
    }

    private static DrDecision receiveOutbound(DrSmp smp, DrNode node, int ingressPort, int hp, int hc) {
        if (hc > 0 && hp == 0) {
            // C14-9:1: the originator increments hp before the first link, unless an initial LID-routed part
            // (DrSLID set) brought the SMP here, to the switch where the directed part starts
            if (smp.drSlid() == PERMISSIVE_LID) {
                return new Drop(DrDropReason.HOP_POINTER_NOT_INCREMENTED);
            }
            return node.isSwitch() ? startDirectedPart(smp, node) : new Drop(DrDropReason.CA_CANNOT_FORWARD);
        }
        if (hp > 0 && hp < hc) {
            // C14-9:2: intermediate hop, switches only
            if (!node.isSwitch()) {
                return new Drop(DrDropReason.CA_CANNOT_FORWARD);
            }
            DrSmp next = withReturnPort(smp, hp, ingressPort).withHopPointer(hp + 1);
            return egress(next, next.initialPath(hp + 1), DrDropReason.INITIAL_PATH_PORT_ZERO, node);
        }
        if (hp == hc) {
            // C14-9:3: the end of the directed part
            DrSmp end = hc > 0 ? withReturnPort(smp, hp, ingressPort) : smp;
            return endOutbound(end.withHopPointer(hc + 1), node);
        }
        if (hp == hc + 1) {
            // C14-9:4: arrived over the LID-routed part at the end
            return node.isAddressedBy(smp.drDlid())
                    ? new Deliver(smp)
                    : new Drop(DrDropReason.NOT_ADDRESSED_TO_THIS_NODE);
        }
        return new Drop(DrDropReason.HOP_POINTER_OUT_OF_RANGE); // C14-9:5
    }

    private static DrDecision receiveReturning(DrSmp smp, DrNode node, int hp, int hc) {
        if (hc > 0 && hp == hc + 1) {
            // C14-13:1 at the switch where the directed part ended: the response came back over the LID-routed
            // part; with DrDLID permissive the responder would already have decremented hp
            if (smp.drDlid() == PERMISSIVE_LID) {
                return new Drop(DrDropReason.HOP_POINTER_OUT_OF_RANGE);
            }
            return node.isSwitch() ? returnHop(smp.withHopPointer(hc), node) : new Drop(DrDropReason.CA_CANNOT_FORWARD);
        }
        if (hp >= 2 && hp <= hc) {
            // C14-13:2: intermediate hop, switches only
            return node.isSwitch()
                    ? returnHop(smp.withHopPointer(hp - 1), node)
                    : new Drop(DrDropReason.CA_CANNOT_FORWARD);
        }
        if (hp == 1) {
            return endReturn(smp, node); // C14-13:3
        }
        if (hp == 0) {
            // C14-13:4: arrived over the LID-routed part at the start
            return node.isAddressedBy(smp.drSlid())
                    ? new Deliver(smp)
                    : new Drop(DrDropReason.NOT_ADDRESSED_TO_THIS_NODE);
        }
        return new Drop(DrDropReason.HOP_POINTER_OUT_OF_RANGE); // C14-13:5
    }

    /** C14-9:1: hp 0 -> 1, out InitialPath[1]. */
    private static DrDecision startDirectedPart(DrSmp smp, DrNode node) {
        DrSmp next = smp.withHopPointer(1);
        return egress(next, next.initialPath(1), DrDropReason.INITIAL_PATH_PORT_ZERO, node);
    }

    /** C14-9:3 with hp already hc + 1: the SMA here if DrDLID is permissive, else a switch LID-routes to DrDLID. */
    private static DrDecision endOutbound(DrSmp smp, DrNode node) {
        if (smp.drDlid() == PERMISSIVE_LID) {
            return new Deliver(smp);
        }
        return node.isSwitch() ? new LidRoute(smp.drDlid(), smp) : new Drop(DrDropReason.CA_CANNOT_LID_ROUTE);
    }

    /** C14-13:1 and C14-13:2 with hp already decremented: out ReturnPath[hp]. */
    private static DrDecision returnHop(DrSmp smp, DrNode node) {
        return egress(smp, smp.returnPath(smp.hopPointer()), DrDropReason.RETURN_PATH_PORT_ZERO, node);
    }

    /** C14-13:3: hp 1 -> 0; the SM here if DrSLID is permissive, else a switch LID-routes to DrSLID. */
    private static DrDecision endReturn(DrSmp smp, DrNode node) {
        DrSmp end = smp.withHopPointer(0);
        if (smp.drSlid() == PERMISSIVE_LID) {
            return new Deliver(end);
        }
        return node.isSwitch() ? new LidRoute(smp.drSlid(), end) : new Drop(DrDropReason.CA_CANNOT_LID_ROUTE);
    }

    private static DrDecision egress(DrSmp smp, int port, DrDropReason portZero, DrNode node) {
        if (port == 0) {
            return new Drop(portZero);
        }
        if (port > node.portCount()) {
            return new Drop(DrDropReason.EGRESS_PORT_ABOVE_PORT_COUNT);
        }
        return new Forward(port, smp);
    }

    private static DrSmp withReturnPort(DrSmp smp, int hop, int port) {
        byte[] returnPath = smp.returnPath().clone();
        returnPath[hop] = (byte) port;
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
}
