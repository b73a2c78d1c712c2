package dev.ibmesh.device.hca.transport;

import dev.ibmesh.device.hca.verbs.QpState;
import dev.ibmesh.device.hca.verbs.QueuePair;
import dev.ibmesh.runtime.time.Scheduler;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What every QP engine of one HCA shares: ports, clock, deviations, memory, frame building, the outboxes, and the log
 * of QP state changes.
 */
public final class TransportContext {
    private static final Logger LOG = LoggerFactory.getLogger(TransportContext.class);

    private final String device;
    private final HcaPorts ports;
    private final Scheduler scheduler;
    private final Set<HcaDeviation> deviations;
    private final LocalMemory memory;
    private final FrameFactory frames;
    private final Outbox[] outboxes;
    /** The ACKs owed by RC responders, sent at {@link #sendOwedAcks}. */
    private final List<Runnable> owedAcks = new ArrayList<>();

    TransportContext(
            String device, HcaPorts ports, Scheduler scheduler, Set<HcaDeviation> deviations, LocalMemory memory) {
        this.device = device;
        this.ports = ports;
        this.scheduler = scheduler;
        this.deviations = Set.copyOf(deviations);
        this.memory = memory;
        this.frames = new FrameFactory(ports);
        this.outboxes = new Outbox[ports.portCount() + 1];
        for (int p = 1; p <= ports.portCount(); p++) {
            outboxes[p] = new Outbox(p, ports);
        }
    }

    public HcaPorts ports() {
        return ports;
    }

    public Scheduler scheduler() {
        return scheduler;
    }

    public boolean deviates(HcaDeviation d) {
        return deviations.contains(d);
    }

    public LocalMemory memory() {
        return memory;
    }

    public FrameFactory frames() {
        return frames;
    }

    public Outbox outbox(int port) {
        return outboxes[port];
    }

    /** An RC responder owes an ACK: {@code send} sends it, at the end of the frames being delivered now. */
    public void owesAck(Runnable send) {
        owedAcks.add(send);
    }

    /** Sends every ACK owed. */
    void sendOwedAcks() {
        for (int i = 0; i < owedAcks.size(); i++) {
            owedAcks.get(i).run();
        }
        owedAcks.clear();
    }

    /** A QP moved from {@code from} to its current state (modify-QP, or the transport on an error): DEBUG. */
    public void stateChanged(QueuePair qp, QpState from) {
        if (qp.state() != from) {
            LOG.debug("{} QP {} ({}) {} -> {}", device, qp.qpn(), qp.type(), from, qp.state());
        }
    }
}
