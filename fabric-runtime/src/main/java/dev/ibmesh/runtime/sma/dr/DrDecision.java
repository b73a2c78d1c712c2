package dev.ibmesh.runtime.sma.dr;

import dev.ibmesh.mad.DrSmp;

/** What a node does with a directed-route SMP after the hop-pointer rules (IBA 14.2.2, C14-9 .. C14-13). */
public sealed interface DrDecision {

    /** Hand the SMP to the local SMA (D = 0: a request has arrived) or to the SM (D = 1: a response has come home). */
    record Deliver(DrSmp smp) implements DrDecision {}

    /** Transmit the SMP on a physical port: a switch forwarding it, or its originator or responder sending the first hop. */
    record Forward(int port, DrSmp smp) implements DrDecision {}

    /**
     * The directed part is over: LID-route the SMP to {@code dlid}, the DrDLID (outbound) or the DrSLID (returning).
     * The node there receives it with HopPointer = HopCount + 1 (outbound) or 0 (returning).
     */
    record LidRoute(int dlid, DrSmp smp) implements DrDecision {}

    /**
     * Send the SMP unchanged by LID routing to a LID it does not carry: an originator whose route starts with a
     * LID-routed part sends it (HopPointer 0) to the switch where the directed part starts, and a responder at the
     * end of a LID-routed part sends its response back to the request's LRH SLID, the switch where the directed part
     * ended. The caller picks the LRH DLID.
     */
    record LeaveByLid(DrSmp smp) implements DrDecision {}

    /** Discard the SMP. */
    record Drop(DrDropReason reason) implements DrDecision {}
}
