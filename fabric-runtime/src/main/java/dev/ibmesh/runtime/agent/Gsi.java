package dev.ibmesh.runtime.agent;

import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.runtime.counters.SingleWriterCounter;
import dev.ibmesh.runtime.pma.Pma;
import dev.ibmesh.wire.Deth;

/**
 * QP1 of an end port - a channel adapter's port, or a switch's management port 0 - the general services interface
 * (IBA 13.5.2): GMPs that arrive on a port go to the PMA (PerfMgt requests) or to host software (everything else:
 * SA requests to an SM that runs there, SA responses, CM, vendor classes, responses to what it sent). GMPs from host
 * software leave the port as UD packets on the SL they name; one addressed to the port's own LID (perfquery of the
 * local port) is answered locally. Event loop only.
 * The device checks the P_Key and the Q_Key (0x80010000) of a received GMP before it gets here.
 */
public final class Gsi {
    /** How a GMP leaves a port: the device builds the UD frame and queues it. */
    public interface Wire {
        int lid(int port);

        /** Queues a GMP from {@code port}'s QP1; false when it could not be built (bad SL, P_Key index) or queued. */
        boolean transmit(int port, HostMad out);
    }

    private final Pma pma;
    private final MadAgents agents;
    private final Wire wire;
    private final SingleWriterCounter dropped = new SingleWriterCounter();

    public Gsi(Pma pma, MadAgents agents, Wire wire) {
        this.pma = pma;
        this.agents = agents;
        this.wire = wire;
    }

    /** A GMP for QP1 of {@code port}, as its packet carried it ({@code in.remoteQp()} is the sender's QP). */
    public void receive(int port, HostMad in) {
        arrive(port, in);
    }

    /** Host software on {@code agent}'s port sends a GMP; false when it could not leave. */
    public boolean send(MadAgents.Agent agent, HostMad out) {
        agents.sent(agent, out.mad().header());
        int port = agent.port();
        if (out.remoteQp() == 1 && out.remoteLid() != 0 && out.remoteLid() == wire.lid(port)) {
            arrive(port, new HostMad(wire.lid(port), out.sl(), 1, Deth.GSI_Q_KEY, out.pKeyIndex(), out.mad()));
            return true;
        }
        if (wire.transmit(port, out)) {
            return true;
        }
        dropped.increment();
        return false;
    }

    /** GMPs that could not be sent or that nobody took. Any thread. */
    public long dropped() {
        return dropped.get();
    }

    private void arrive(int port, HostMad in) {
        Mad mad = in.mad();
        if (mad.mgmtClass() == MgmtClass.PERF_MGT && !mad.header().isResponse()) {
            pma.handle(mad).ifPresent(response -> reply(port, in, response));
        } else if (!agents.deliver(port, in)) {
            dropped.increment();
        }
    }

    /** The PMA's answer goes back to the asker's LID and QP, on its SL and P_Key. */
    private void reply(int port, HostMad request, Mad response) {
        HostMad out = new HostMad(
                request.remoteLid(), request.sl(), request.remoteQp(), Deth.GSI_Q_KEY, request.pKeyIndex(), response);
        if (request.remoteLid() == wire.lid(port)) {
            if (!agents.deliver(port, out)) {
                dropped.increment();
            }
        } else if (!wire.transmit(port, out)) {
            dropped.increment();
        }
    }
}
