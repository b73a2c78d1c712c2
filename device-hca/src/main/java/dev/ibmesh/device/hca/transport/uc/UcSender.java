package dev.ibmesh.device.hca.transport.uc;

import dev.ibmesh.device.hca.transport.Ops;
import dev.ibmesh.device.hca.transport.Outbox;
import dev.ibmesh.device.hca.transport.Psn;
import dev.ibmesh.device.hca.transport.QpCounters;
import dev.ibmesh.device.hca.transport.Segments;
import dev.ibmesh.device.hca.transport.TransportContext;
import dev.ibmesh.device.hca.verbs.QpState;
import dev.ibmesh.device.hca.verbs.QueuePair;
import dev.ibmesh.device.hca.verbs.SendWr;
import dev.ibmesh.device.hca.verbs.WcStatus;
import dev.ibmesh.wire.OpCode;
import dev.ibmesh.wire.Transport;
import java.util.function.BiConsumer;

/**
 * Sends UC requests: each message segmented by the path MTU with consecutive PSNs, nothing acknowledged or
 * retransmitted. A request completes once its last packet is handed to the port; while the port's queue is full the
 * sender waits in the middle of the message, so nothing is lost.
 */
final class UcSender {
    private final QueuePair qp;
    private final TransportContext ctx;
    private final QpCounters counters;
    private final BiConsumer<SendWr, WcStatus> complete;
    private final Runnable resume;
    private final Runnable sendQueueError;
    private int psn;
    private SendWr current;
    private int next;

    UcSender(
            QueuePair qp,
            TransportContext ctx,
            QpCounters counters,
            BiConsumer<SendWr, WcStatus> complete,
            Runnable resume,
            Runnable sendQueueError) {
        this.qp = qp;
        this.ctx = ctx;
        this.counters = counters;
        this.complete = complete;
        this.resume = resume;
        this.sendQueueError = sendQueueError;
    }

    void start() {
        psn = qp.sqPsn();
    }

    /** The PSN of the next packet. */
    int psn() {
        return psn;
    }

    void reset() {
        ctx.outbox(qp.port()).forget(resume);
        current = null;
    }

    /** The message in the middle of being sent completes with WR_FLUSH_ERR. */
    void flush() {
        if (current != null) {
            SendWr wr = current;
            current = null;
            complete.accept(wr, WcStatus.WR_FLUSH_ERR);
        }
    }

    void pump() {
        Outbox out = ctx.outbox(qp.port());
        int pmtu = qp.pathMtu().bytes();
        while (qp.state() == QpState.RTS && (current != null || qp.sendQueue().peek() != null)) {
            if (!out.ready()) {
                out.whenReady(resume);
                return;
            }
            if (current == null && !startNext()) {
                return;
            }
            int count = Segments.count(current.length(), pmtu);
            OpCode op = Ops.segment(Transport.UC, current.opcode(), next == 0, next == count - 1);
            int pkey = ctx.ports().pkey(qp.port(), qp.pkeyIndex());
            out.send(ctx.frames()
                    .build(
                            qp.port(),
                            qp.av(),
                            pkey,
                            qp.destQpn(),
                            op,
                            current.solicited() && next == count - 1,
                            false,
                            psn,
                            Segments.payload(ctx.memory(), current, next, pmtu),
                            Segments.headers(op, current, current.length())));
            counters.sent();
            psn = Psn.add(psn, 1);
            if (++next == count) {
                SendWr done = current;
                current = null;
                complete.accept(done, WcStatus.SUCCESS);
            }
        }
    }

    private boolean startNext() {
        SendWr wr = qp.sendQueue().take();
        if (!ctx.memory().readable(qp, wr)) {
            complete.accept(wr, WcStatus.LOC_PROT_ERR);
            sendQueueError.run();
            return false;
        }
        current = wr;
        next = 0;
        return true;
    }
}
