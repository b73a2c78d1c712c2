package dev.ibmesh.device.hca.transport;

import dev.ibmesh.device.hca.verbs.CompletionQueue;
import dev.ibmesh.device.hca.verbs.QpState;
import dev.ibmesh.device.hca.verbs.QueuePair;
import dev.ibmesh.device.hca.verbs.RecvWr;
import dev.ibmesh.device.hca.verbs.SendWr;
import dev.ibmesh.device.hca.verbs.WcStatus;
import dev.ibmesh.device.hca.verbs.WorkCompletion;
import dev.ibmesh.wire.IbaFrame;

/**
 * The transport of one QP: what the verbs and the wire tell it, and what every transport does alike: completions,
 * moving to the Error state, flushing (IBA 10.3.1: in Error every outstanding and newly posted request completes with
 * WR_FLUSH_ERR).
 */
public abstract class QpEngine {
    protected final QueuePair qp;
    protected final TransportContext ctx;
    protected final QpCounters counters = new QpCounters();
    /** The send side started (RTR to RTS) and holds the send PSN, until RESET. */
    private boolean sending;
    /** The receive side started (RTR) and holds the expected PSN, until RESET. */
    private boolean receiving;

    protected QpEngine(QueuePair qp, TransportContext ctx) {
        this.qp = qp;
        this.ctx = ctx;
    }

    public QpCountersView counters() {
        return counters;
    }

    /** A packet for this QP that passed the common checks (state, transport, port, P_Key). */
    public abstract void onPacket(IbaFrame p);

    /** New send requests were posted: in SQE or ERR they are flushed (IBA 10.3.1, C10-96), in RTS they go. */
    public final void sendPosted() {
        if (qp.state() == QpState.ERR || qp.state() == QpState.SQE) {
            flushWaitingSends();
        } else if (qp.state() == QpState.RTS) {
            pump();
        }
    }

    /** In RTS: sends what the send queue holds, as far as the port and the transport's limits allow. */
    protected abstract void pump();

    /** New receive requests were posted. */
    public void recvPosted() {
        if (qp.state() == QpState.ERR) {
            flushRecv();
        }
    }

    /** modify-QP moved the QP from {@code from} to its current state. */
    public void modified(QpState from) {
        switch (qp.state()) {
            case RESET -> {
                sending = false;
                receiving = false;
                reset();
                qp.sendQueue().clear();
                qp.recvQueue().clear();
            }
            case ERR -> fail();
            case RTR -> {
                receiving = true;
                startReceiving();
            }
            case RTS -> {
                if (from == QpState.RTR) {
                    sending = true;
                    startSending();
                }
                sendPosted();
            }
            default -> {
                // INIT, SQD, SQE: nothing starts or stops here.
            }
        }
    }

    /** The QP is destroyed: stop every timer and wait. */
    public void destroy() {
        reset();
    }

    /**
     * The PSN the next new request gets, as ibv_query_qp reports sq_psn (rxe: the requester's PSN): the sq_psn that
     * modify-QP set until the send side starts, then the transport's own.
     */
    public final int sqPsn() {
        return sending ? sendPsn() : qp.sqPsn();
    }

    /**
     * The PSN the responder expects next, as ibv_query_qp reports rq_psn (rxe: the responder's PSN): the rq_psn that
     * modify-QP set until the receive side starts, then the transport's own.
     */
    public final int rqPsn() {
        return receiving ? expectedPsn() : qp.rqPsn();
    }

    /** The send side's next new PSN, once it started. */
    protected abstract int sendPsn();

    /** The receive side's expected PSN, once it started. */
    protected abstract int expectedPsn();

    /** RTR: the receive side starts at rq_psn. */
    protected abstract void startReceiving();

    /** RTS: the send side starts at sq_psn. */
    protected abstract void startSending();

    /** Forgets all transport state (RESET, destroy); no completions. */
    protected abstract void reset();

    /** Completes the requests the transport holds with WR_FLUSH_ERR (in Error). */
    protected abstract void flushTaken();

    /** Moves to Error and flushes everything (IBA 10.3.1). */
    protected final void fail() {
        QpState from = qp.state();
        qp.enterError();
        ctx.stateChanged(qp, from);
        flushTaken();
        flushWaitingSends();
        flushRecv();
    }

    /**
     * A local error on a UC or UD send moves the QP to SQE (IBA 10.3.1 [unverified]); the requests behind it are
     * flushed, and the receive side goes on.
     */
    protected final void enterSendQueueError() {
        QpState from = qp.state();
        qp.enterSendQueueError();
        ctx.stateChanged(qp, from);
        flushWaitingSends();
    }

    protected final void flushWaitingSends() {
        for (SendWr wr = qp.sendQueue().take(); wr != null; wr = qp.sendQueue().take()) {
            completeSend(wr, WcStatus.WR_FLUSH_ERR);
        }
    }

    protected final void flushRecv() {
        for (RecvWr wr = qp.recvQueue().take(); wr != null; wr = qp.recvQueue().take()) {
            completeRecv(WorkCompletion.recvError(wr.wrId(), WcStatus.WR_FLUSH_ERR, qp.qpn()));
        }
    }

    /** Retires a send request; a successful one reaches the CQ only when signaled, an error always. */
    protected final void completeSend(SendWr wr, WcStatus status) {
        qp.sendQueue().retire();
        if (status != WcStatus.SUCCESS || qp.signals(wr)) {
            post(
                    qp.sendCq(),
                    WorkCompletion.send(
                            wr.wrId(),
                            status,
                            wr.opcode().completion(),
                            qp.qpn(),
                            status == WcStatus.SUCCESS ? wr.length() : 0));
        }
    }

    /** Retires a receive request with its completion. */
    protected final void completeRecv(WorkCompletion wc) {
        qp.recvQueue().retire();
        post(qp.recvCq(), wc);
    }

    private void post(CompletionQueue cq, WorkCompletion wc) {
        if (!cq.push(wc) && qp.state() != QpState.ERR) {
            // A CQ overrun takes the QP that overran it to Error (IBA 11.4.2.1 [unverified]).
            fail();
        }
    }
}
