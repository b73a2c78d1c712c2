package dev.ibmesh.device.hca.transport;

import dev.ibmesh.device.hca.verbs.HcaLimits;
import dev.ibmesh.device.hca.verbs.QpHooks;
import dev.ibmesh.device.hca.verbs.QpState;
import dev.ibmesh.device.hca.verbs.QpType;
import dev.ibmesh.device.hca.verbs.QueuePair;
import dev.ibmesh.device.hca.verbs.Verbs;
import dev.ibmesh.mad.smp.PKeys;
import dev.ibmesh.runtime.counters.SingleWriterCounter;
import dev.ibmesh.runtime.time.Scheduler;
import dev.ibmesh.wire.IbaFrame;
import dev.ibmesh.wire.Lrh;
import dev.ibmesh.wire.Transport;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The transport half of an HCA: the verbs facade, and the QP engines (RC, UC, UD) behind it. The device hands every
 * data packet for a QP other than 0 and 1 to {@link #receive} after its link checks; here the transport's common
 * checks run (a known QP in a receiving state, the opcode's transport matching the QP's type, the QP's port, the
 * P_Key) before the QP's engine takes the packet. Single-threaded: everything runs on the device's event loop.
 */
public final class HcaTransport {
    /** The destination QP of multicast packets (IBA 9.6.1.2). */
    private static final int MULTICAST_QPN = 0xFFFFFF;

    private final HcaPorts ports;
    private final TransportContext ctx;
    private final Verbs verbs;
    private final QpEngineFactory engineFactory;
    private final Map<Integer, QpEngine> engines = new HashMap<>();
    private final SingleWriterCounter unknownQpDrops = new SingleWriterCounter();
    private final SingleWriterCounter malformedDrops = new SingleWriterCounter();
    private Runnable qpsChanged = () -> {};

    /**
     * @param device   the HCA's name, for logs
     * @param nodeGuid seeds the verbs' handles, QP numbers and keys (see {@link Verbs})
     */
    public HcaTransport(
            String device,
            HcaPorts ports,
            long nodeGuid,
            Scheduler scheduler,
            Set<HcaDeviation> deviations,
            HcaLimits limits,
            QpEngineFactory engineFactory) {
        this.ports = ports;
        this.engineFactory = engineFactory;
        this.verbs = new Verbs(nodeGuid, limits, ports, new Hooks());
        this.ctx = new TransportContext(
                device,
                ports,
                scheduler,
                deviations,
                new LocalMemory(verbs.memory(), !deviations.contains(HcaDeviation.IGNORE_R_KEY)));
    }

    public Verbs verbs() {
        return verbs;
    }

    /** The counters of a QP, or null when it does not exist. */
    public QpCountersView counters(int qpn) {
        QpEngine e = engines.get(qpn);
        return e == null ? null : e.counters();
    }

    /** The counters of every QP, by QPN, for metrics. */
    public Map<Integer, QpCountersView> allCounters() {
        Map<Integer, QpCountersView> all = new TreeMap<>();
        engines.forEach((qpn, e) -> all.put(qpn, e.counters()));
        return Collections.unmodifiableMap(all);
    }

    /** Runs {@code listener} on the event loop after each QP is created or destroyed (the metrics follow the QPs). */
    public void onQpsChanged(Runnable listener) {
        this.qpsChanged = listener;
    }

    /** Packets dropped because no QP has their DestQP. Any thread. */
    public long unknownQpDrops() {
        return unknownQpDrops.get();
    }

    /** Packets dropped because they are not IBA transport packets with a known opcode. Any thread. */
    public long malformedDrops() {
        return malformedDrops.get();
    }

    /**
     * A data packet (LRH through VCRC, link checks passed) for a QP other than 0 and 1, that arrived on its own:
     * handled, and the ACK it asked for sent.
     */
    public void receive(int port, byte[] frame) {
        receiveInBurst(port, frame);
        framesDelivered();
    }

    /**
     * As {@link #receive}, for one of the frames of a link message: the ACKs they ask for are coalesced and go out
     * at {@link #framesDelivered}, which the caller calls after the last of them.
     */
    public void receiveInBurst(int port, byte[] frame) {
        IbaFrame p = IbaFrame.of(frame);
        if (p == null || !p.opCode().isKnown()) {
            malformedDrops.increment();
            return;
        }
        if (p.destQp() == MULTICAST_QPN) {
            receiveMulticast(port, frame, p);
            return;
        }
        QpEngine engine = engines.get(p.destQp());
        if (engine == null) {
            unknownQpDrops.increment();
            return;
        }
        deliver(port, frame, p, engine);
    }

    /**
     * A packet to the multicast QPN goes to every QP attached to its group: its DLID a multicast LID and the GRH's
     * DGID the group's (IBA 10.5.2.1; a multicast packet carries a GRH). None attached: dropped as for an unknown QP.
     */
    private void receiveMulticast(int port, byte[] frame, IbaFrame p) {
        int mlid = Lrh.dlid(frame, 0);
        Set<Integer> attached = Lrh.isMulticast(mlid) && p.hasGrh()
                ? verbs.attachments().qps(mlid, p.grh().dgid())
                : Set.of();
        if (attached.isEmpty()) {
            unknownQpDrops.increment();
            return;
        }
        for (int qpn : attached) {
            deliver(port, frame, p, engines.get(qpn));
        }
    }

    /** The transport's common checks for {@code engine}'s QP, then the engine takes the packet. */
    private void deliver(int port, byte[] frame, IbaFrame p, QpEngine engine) {
        QueuePair qp = engine.qp;
        engine.counters.received();
        boolean accept = qp.state().receives() && p.opCode().transport() == transportOf(qp.type()) && port == qp.port();
        if (!accept) {
            engine.counters.drop();
            return;
        }
        if (!PKeys.matches(p.pKey(), ports.pkey(port, qp.pkeyIndex()))) {
            engine.counters.drop();
            ports.pKeyViolation(port, frame);
            return;
        }
        engine.onPacket(p);
    }

    /** The frames of one inbound link message have all been received: the ACKs coalesced over them go out. */
    public void framesDelivered() {
        ctx.sendOwedAcks();
    }

    /** The port's transmit queue has room again: queued frames go, then blocked senders resume. */
    public void onTransmitSpace(int port) {
        ctx.outbox(port).onTransmitSpace();
    }

    private static Transport transportOf(QpType type) {
        return switch (type) {
            case RC -> Transport.RC;
            case UC -> Transport.UC;
            case UD -> Transport.UD;
        };
    }

    /** The verbs' notices, passed to the QP's engine. */
    private final class Hooks implements QpHooks {
        @Override
        public void created(QueuePair qp) {
            engines.put(qp.qpn(), engineFactory.create(qp, ctx));
            qpsChanged.run();
        }

        @Override
        public void modified(QueuePair qp, QpState from) {
            engines.get(qp.qpn()).modified(from);
            ctx.stateChanged(qp, from);
        }

        @Override
        public void sendPosted(QueuePair qp) {
            engines.get(qp.qpn()).sendPosted();
        }

        @Override
        public void recvPosted(QueuePair qp) {
            engines.get(qp.qpn()).recvPosted();
        }

        @Override
        public int sqPsn(QueuePair qp) {
            return engines.get(qp.qpn()).sqPsn();
        }

        @Override
        public int rqPsn(QueuePair qp) {
            return engines.get(qp.qpn()).rqPsn();
        }

        @Override
        public void destroyed(QueuePair qp) {
            engines.remove(qp.qpn()).destroy();
            qpsChanged.run();
        }
    }
}
