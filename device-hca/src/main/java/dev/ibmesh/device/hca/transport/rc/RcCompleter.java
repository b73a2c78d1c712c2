package dev.ibmesh.device.hca.transport.rc;

import dev.ibmesh.device.hca.transport.HcaDeviation;
import dev.ibmesh.device.hca.transport.Ops;
import dev.ibmesh.device.hca.transport.Psn;
import dev.ibmesh.device.hca.transport.QpCounters;
import dev.ibmesh.device.hca.transport.TransportContext;
import dev.ibmesh.device.hca.verbs.QpState;
import dev.ibmesh.device.hca.verbs.QueuePair;
import dev.ibmesh.device.hca.verbs.SendWr;
import dev.ibmesh.device.hca.verbs.WcStatus;
import dev.ibmesh.device.hca.verbs.WrOpcode;
import dev.ibmesh.wire.Aeth;
import dev.ibmesh.wire.AtomicAckEth;
import dev.ibmesh.wire.IbaFrame;
import java.util.ArrayDeque;
import java.util.function.BiConsumer;

/**
 * The RC completer (rxe's rxe_comp.c in spirit): takes the responses to this QP's requests and completes send
 * requests. C9-60: a request completes only when an ACK or a response covers it, and requests complete in the order
 * they were posted. An ACK (or NAK) for PSN n acknowledges every request up to n (up to n - 1 for a NAK); a READ
 * response or an atomic ACK implicitly acknowledges the requests before it; an ACK past a READ or atomic whose
 * response never came means the response was lost and the READ is sent again. READ response data lands in the
 * request's SGEs, an atomic's original value (8 bytes, little-endian) in its SGE. A NAK, or a retry count running out,
 * fails the request it names: its completion carries the error, the QP goes to Error and the rest is flushed.
 */
final class RcCompleter {
    private final QueuePair qp;
    private final TransportContext ctx;
    private final QpCounters counters;
    private final ArrayDeque<RcWqe> outstanding;
    private final RcRequester requester;
    private final RcRetry retry;
    private final BiConsumer<SendWr, WcStatus> complete;
    private final Runnable fail;
    /** The oldest unacknowledged PSN. */
    private int una;

    RcCompleter(
            QueuePair qp,
            TransportContext ctx,
            QpCounters counters,
            ArrayDeque<RcWqe> outstanding,
            RcRequester requester,
            RcRetry retry,
            BiConsumer<SendWr, WcStatus> complete,
            Runnable fail) {
        this.qp = qp;
        this.ctx = ctx;
        this.counters = counters;
        this.outstanding = outstanding;
        this.requester = requester;
        this.retry = retry;
        this.complete = complete;
        this.fail = fail;
    }

    void start() {
        una = qp.sqPsn();
    }

    int una() {
        return una;
    }

    boolean unacknowledged() {
        return una != requester.nextPsn();
    }

    void onResponse(IbaFrame p) {
        int op = Ops.op(p.opCode());
        int psn = p.psn();
        if (Psn.diff(psn, una) < 0) {
            counters.duplicate();
            return;
        }
        if (Psn.diff(psn, requester.nextPsn()) >= 0) {
            counters.drop();
            return;
        }
        if (Ops.isReadResponse(op)) {
            readResponse(p, op, psn);
        } else {
            Aeth aeth = p.header(Aeth.class);
            switch (aeth.syndromeType()) {
                case Aeth.TYPE_ACK -> {
                    if (op == Ops.ATOMIC_ACKNOWLEDGE) {
                        atomicAck(p, psn);
                    } else {
                        acknowledge(psn);
                    }
                }
                case Aeth.TYPE_RNR_NAK -> {
                    counters.rnrNakReceived();
                    acknowledge(Psn.add(psn, -1));
                    retry.rnrNak(psn, aeth.syndromeValue());
                }
                case Aeth.TYPE_NAK -> {
                    counters.nakReceived(aeth.syndromeValue());
                    if (!ctx.deviates(HcaDeviation.NAK_ACKS_NOTHING)) {
                        acknowledge(Psn.add(psn, -1));
                    }
                    nak(aeth.syndromeValue(), psn);
                }
                default -> failAt(psn, WcStatus.BAD_RESP_ERR);
            }
        }
        retire();
    }

    private void nak(int code, int psn) {
        switch (code) {
            case Aeth.NAK_PSN_SEQUENCE_ERROR -> retry.lost();
            case Aeth.NAK_INVALID_REQUEST -> failAt(psn, WcStatus.REM_INV_REQ_ERR);
            case Aeth.NAK_REMOTE_ACCESS_ERROR -> {
                if (ctx.deviates(HcaDeviation.RETRY_REMOTE_ACCESS_NAK)) {
                    retry.lost();
                } else {
                    failAt(psn, WcStatus.REM_ACCESS_ERR);
                }
            }
            case Aeth.NAK_REMOTE_OPERATIONAL_ERROR -> failAt(psn, WcStatus.REM_OP_ERR);
            default -> failAt(psn, WcStatus.BAD_RESP_ERR);
        }
    }

    /** Every request up to {@code psn} is acknowledged, as far as no READ or atomic is still unanswered. */
    private void acknowledge(int psn) {
        for (RcWqe w : outstanding) {
            if (w.status != null) {
                continue;
            }
            if (Psn.diff(psn, w.firstPsn) < 0) {
                return;
            }
            if (w.wr.opcode().isReadOrAtomic()) {
                // Everything before it is acknowledged: una is the first PSN of its response still missing.
                retry.lost();
                return;
            }
            if (Psn.diff(psn, w.lastPsn()) > 0 && ctx.deviates(HcaDeviation.ACK_COVERS_ONLY_ITS_PSN)) {
                continue;
            }
            if (Psn.diff(psn, w.lastPsn()) < 0) {
                advance(Psn.add(psn, 1));
                return;
            }
            w.status = WcStatus.SUCCESS;
            advance(Psn.add(w.lastPsn(), 1));
        }
    }

    private void readResponse(IbaFrame p, int op, int psn) {
        RcWqe w = outstandingAt(psn);
        if (w == null || w.wr.opcode() != WrOpcode.RDMA_READ) {
            unexpected(w, psn);
            return;
        }
        if (psn == w.firstPsn) {
            acknowledge(Psn.add(psn, -1));
        }
        if (psn != una) {
            lostBefore();
            return;
        }
        int index = Psn.diff(psn, w.firstPsn);
        int pmtu = qp.pathMtu().bytes();
        if (!fitsRead(w, op, index, p.payloadLength())) {
            failAt(psn, WcStatus.BAD_RESP_ERR);
            return;
        }
        WcStatus placed = ctx.memory()
                .scatter(qp, w.wr.sgList(), (long) index * pmtu, p.frame(), p.payloadOffset(), p.payloadLength());
        if (placed != WcStatus.SUCCESS) {
            failAt(psn, placed);
            return;
        }
        advance(Psn.add(psn, 1));
        if (index == w.packets - 1 || ctx.deviates(HcaDeviation.COMPLETE_READ_AT_FIRST_RESPONSE)) {
            w.status = WcStatus.SUCCESS;
        }
    }

    /**
     * Whether a READ response packet has the opcode and the payload its place in the response calls for: PMTU bytes in
     * every packet but the last, which carries the rest and is a Last or Only; the first is a First or Only. A READ
     * asked for again from the middle is answered as a new READ, so a First or Only may also come at a later place.
     */
    private boolean fitsRead(RcWqe w, int op, int index, int length) {
        int pmtu = qp.pathMtu().bytes();
        boolean starts = op == Ops.READ_RESPONSE_FIRST || op == Ops.READ_RESPONSE_ONLY;
        boolean ends = op == Ops.READ_RESPONSE_LAST || op == Ops.READ_RESPONSE_ONLY;
        return (index > 0 || starts)
                && ends == (index == w.packets - 1)
                && length == Math.min(pmtu, w.wr.length() - (long) index * pmtu);
    }

    /**
     * A response of a kind the request at its PSN cannot have (a READ response for a SEND, an atomic ACK for a READ):
     * BAD_RESP_ERR, "an unexpected transport layer opcode returned by the responder" (libibverbs). With no request
     * at that PSN it is dropped.
     */
    private void unexpected(RcWqe w, int psn) {
        if (w == null) {
            counters.drop();
        } else {
            failAt(psn, WcStatus.BAD_RESP_ERR);
        }
    }

    private void atomicAck(IbaFrame p, int psn) {
        RcWqe w = outstandingAt(psn);
        if (w == null || !w.wr.opcode().isAtomic()) {
            unexpected(w, psn);
            return;
        }
        acknowledge(Psn.add(psn, -1));
        if (psn != una) {
            lostBefore();
            return;
        }
        long original = p.header(AtomicAckEth.class).originalRemoteData();
        byte[] le = new byte[8];
        for (int i = 0; i < 8; i++) {
            le[i] = (byte) (original >>> (8 * i));
        }
        WcStatus placed = ctx.memory().scatter(qp, w.wr.sgList(), 0, le, 0, 8);
        if (placed != WcStatus.SUCCESS) {
            failAt(psn, placed);
            return;
        }
        w.status = WcStatus.SUCCESS;
        advance(Psn.add(psn, 1));
    }

    /** A response arrived ahead of {@link #una}: the ones before it were lost. */
    private void lostBefore() {
        retry.lost();
        counters.drop();
    }

    private void advance(int psn) {
        if (Psn.diff(psn, una) > 0) {
            una = psn;
            retry.onProgress();
        }
    }

    private RcWqe outstandingAt(int psn) {
        for (RcWqe w : outstanding) {
            if (w.status == null && w.contains(psn)) {
                return w;
            }
        }
        return null;
    }

    /**
     * The request holding {@code psn} (or the oldest outstanding one) ends with {@code status}, unless its fate is
     * already decided (a duplicated NAK changes nothing, and blames no other request). Requests before it that still
     * wait for a response (a READ whose response was lost before a NAK for a later request) keep their timers and
     * retries: they complete or fail first, in order, and the error then takes the QP to Error.
     */
    void failAt(int psn, WcStatus status) {
        RcWqe w = outstanding.stream().filter(x -> x.contains(psn)).findFirst().orElse(null);
        if (w == null) {
            w = outstanding.stream().filter(x -> x.status == null).findFirst().orElse(null);
        }
        if (w != null && w.status == null) {
            w.status = status;
        }
        retire();
    }

    /**
     * Completes the decided requests at the head, in order; the first error completes and takes the QP to Error.
     * Under the complete-before-ack deviation, sent requests are reported before anything covers them.
     */
    void retire() {
        while (!outstanding.isEmpty() && outstanding.peek().status != null) {
            RcWqe w = outstanding.poll();
            if (!w.reported) {
                complete.accept(w.wr, w.status);
            }
            if (w.status != WcStatus.SUCCESS) {
                fail.run();
                return;
            }
            if (qp.state() == QpState.ERR) {
                return;
            }
        }
        if (ctx.deviates(HcaDeviation.COMPLETE_BEFORE_ACK)) {
            reportSent();
        }
    }

    private void reportSent() {
        for (RcWqe w : outstanding) {
            if (!w.reported && (!w.sent || w.status != null || w.wr.opcode() == WrOpcode.RDMA_READ)) {
                return;
            }
            if (!w.reported) {
                w.reported = true;
                complete.accept(w.wr, WcStatus.SUCCESS);
                if (qp.state() == QpState.ERR) {
                    return;
                }
            }
        }
    }

    /** Every request still held completes with WR_FLUSH_ERR (the QP is in Error). */
    void flush() {
        retry.stop();
        while (!outstanding.isEmpty()) {
            RcWqe w = outstanding.poll();
            if (!w.reported) {
                complete.accept(w.wr, WcStatus.WR_FLUSH_ERR);
            }
        }
    }
}
