package dev.ibmesh.device.hca.transport.uc;

import dev.ibmesh.device.hca.transport.HcaDeviation;
import dev.ibmesh.device.hca.transport.InboundMessage;
import dev.ibmesh.device.hca.transport.Ops;
import dev.ibmesh.device.hca.transport.Psn;
import dev.ibmesh.device.hca.transport.QpCounters;
import dev.ibmesh.device.hca.transport.TransportContext;
import dev.ibmesh.device.hca.verbs.Access;
import dev.ibmesh.device.hca.verbs.MemoryRegion;
import dev.ibmesh.device.hca.verbs.QueuePair;
import dev.ibmesh.device.hca.verbs.RecvWr;
import dev.ibmesh.device.hca.verbs.WcStatus;
import dev.ibmesh.device.hca.verbs.WorkCompletion;
import dev.ibmesh.wire.IbaFrame;
import dev.ibmesh.wire.Reth;
import java.util.function.Consumer;

/**
 * Receives UC messages. There are no ACKs or NAKs: a packet whose PSN is not the expected one ends the message in
 * progress, which is dropped, and only a First or Only packet starts the next (IBA 9.8.3; Linux qib_uc_rcv drops the
 * current message on a PSN error); the receive WQE of a dropped SEND is kept for the next one. A message with no
 * receive WQE, a bad R_Key or a malformed sequence is dropped and counted. A receive buffer too small or with a bad key
 * completes in error and the QP goes to Error.
 */
final class UcReceiver {
    private final QueuePair qp;
    private final TransportContext ctx;
    private final QpCounters counters;
    private final Consumer<WorkCompletion> complete;
    private final Runnable fail;
    private int epsn;
    private InboundMessage current;
    private RecvWr spare;

    UcReceiver(
            QueuePair qp, TransportContext ctx, QpCounters counters, Consumer<WorkCompletion> complete, Runnable fail) {
        this.qp = qp;
        this.ctx = ctx;
        this.counters = counters;
        this.complete = complete;
        this.fail = fail;
    }

    void start() {
        epsn = qp.rqPsn();
    }

    /** The PSN expected next. */
    int epsn() {
        return epsn;
    }

    void reset() {
        current = null;
        spare = null;
    }

    /** The receive WQE held for a message in progress (or kept from a dropped one) completes with WR_FLUSH_ERR. */
    void flush() {
        RecvWr held = current != null && current.isSend() ? current.recv() : spare;
        current = null;
        spare = null;
        if (held != null) {
            complete.accept(WorkCompletion.recvError(held.wrId(), WcStatus.WR_FLUSH_ERR, qp.qpn()));
        }
    }

    void onPacket(IbaFrame p) {
        int op = Ops.op(p.opCode());
        int psn = p.psn();
        if (psn != epsn && !ctx.deviates(HcaDeviation.UC_IGNORE_PSN_GAP)) {
            abandon();
        }
        epsn = Psn.add(psn, 1);
        boolean continues = current != null && !Ops.startsMessage(op) && Ops.isSend(op) == current.isSend();
        if (!continues) {
            abandon();
            if (!Ops.startsMessage(op) || !begin(p, op)) {
                counters.drop();
                return;
            }
        }
        if (!InboundMessage.payloadFits(op, p.payloadLength(), qp.pathMtu().bytes())) {
            abandon();
            counters.drop();
            return;
        }
        WcStatus status = current.append(ctx.memory(), qp, p);
        if (status != WcStatus.SUCCESS) {
            receiveError(status);
            return;
        }
        if (Ops.endsMessage(op)) {
            end(p, op);
        }
    }

    private boolean begin(IbaFrame p, int op) {
        if (Ops.isSend(op)) {
            RecvWr wr = spare != null ? spare : qp.recvQueue().take();
            spare = null;
            if (wr == null) {
                return false;
            }
            current = InboundMessage.send(wr);
            return true;
        }
        Reth reth = p.header(Reth.class);
        long len = reth.dmaLengthUnsigned();
        MemoryRegion mr =
                len == 0 ? null : ctx.memory().remote(qp, reth.rKey(), reth.virtualAddress(), len, Access.REMOTE_WRITE);
        if (!qp.accessFlags().contains(Access.REMOTE_WRITE) || (len > 0 && mr == null)) {
            return false;
        }
        current = InboundMessage.write(mr, reth.virtualAddress(), len);
        return true;
    }

    private void end(IbaFrame p, int op) {
        InboundMessage m = current;
        current = null;
        if (m.isSend()) {
            complete.accept(m.completion(qp, p, m.recv()));
        } else if (!m.writeComplete()) {
            counters.drop();
        } else if (Ops.hasImmediate(op)) {
            RecvWr wr = qp.recvQueue().take();
            if (wr == null) {
                counters.drop();
            } else {
                complete.accept(m.completion(qp, p, wr));
            }
        }
    }

    /** Drops the message in progress; a SEND's receive WQE is kept for the next message. */
    private void abandon() {
        if (current != null) {
            if (current.isSend()) {
                spare = current.recv();
            }
            current = null;
            counters.drop();
        }
    }

    private void receiveError(WcStatus status) {
        RecvWr wr = current.isSend() ? current.recv() : null;
        current = null;
        if (wr != null) {
            complete.accept(WorkCompletion.recvError(wr.wrId(), status, qp.qpn()));
        }
        fail.run();
    }
}
