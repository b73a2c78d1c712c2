package dev.ibmesh.device.hca.transport;

import dev.ibmesh.wire.Lrh;
import java.util.ArrayDeque;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * One port's way out. A frame the port's transmit queue refuses waits here, in order, until
 * {@link #onTransmitSpace()}; while anything waits, senders hold back ({@link #ready()} is false) and register to be
 * woken, so a transport that never retransmits (UC, UD) loses nothing to a full queue. A port that is not Active
 * (its link down, or not yet armed and activated) discards what it is given and counts it in PortXmitDiscards
 * (IBA 16.1.3.5): such a frame is lost, as on a real link, not held until the port comes back, so an RC requester's
 * ACK timer and retry count run out over a link that stays down (C9-142). Responses (ACKs, read responses) may queue up
 * to {@link #CAPACITY} frames; beyond that they are refused, and the RC requester's retry recovers them.
 */
public final class Outbox {
    static final int CAPACITY = 1024;
    private final int port;
    private final HcaPorts ports;
    private final ArrayDeque<byte[]> waiting = new ArrayDeque<>();
    private final Set<Runnable> blocked = new LinkedHashSet<>();

    Outbox(int port, HcaPorts ports) {
        this.port = port;
        this.ports = ports;
    }

    /** Whether a sender may transmit now. */
    public boolean ready() {
        return waiting.isEmpty();
    }

    /** Runs {@code resume} once the port has room again. */
    public void whenReady(Runnable resume) {
        blocked.add(resume);
    }

    /**
     * Transmits or queues the frame; false only when the queue is at capacity (the frame is then not sent). A frame
     * on VL15 is a data packet whose SL maps to no data VL: it is discarded here and counted, as lost on the wire
     * (IBA 7.6.6; VL15 carries only SMPs, which leave through QP0's own way out).
     */
    public boolean send(byte[] frame) {
        if (Lrh.vl(frame, 0) == Lrh.VL15) {
            ports.unmappedSl(port);
            return true;
        }
        if (waiting.isEmpty() && (ports.transmit(port, frame) || !ports.isActive(port))) {
            return true;
        }
        if (waiting.size() >= CAPACITY) {
            return false;
        }
        waiting.add(frame);
        return true;
    }

    void onTransmitSpace() {
        while (!waiting.isEmpty() && (ports.transmit(port, waiting.peek()) || !ports.isActive(port))) {
            waiting.poll();
        }
        while (waiting.isEmpty() && !blocked.isEmpty()) {
            Runnable r = blocked.iterator().next();
            blocked.remove(r);
            r.run();
        }
    }

    public void forget(Runnable resume) {
        blocked.remove(resume);
    }
}
