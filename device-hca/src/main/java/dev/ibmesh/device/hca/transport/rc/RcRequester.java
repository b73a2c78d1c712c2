package dev.ibmesh.device.hca.transport.rc;

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
import dev.ibmesh.device.hca.verbs.WrOpcode;
import dev.ibmesh.wire.AtomicEth;
import dev.ibmesh.wire.ExtHeader;
import dev.ibmesh.wire.FrameWriter;
import dev.ibmesh.wire.OpCode;
import dev.ibmesh.wire.Reth;
import dev.ibmesh.wire.Transport;
import java.util.ArrayDeque;
import java.util.Iterator;

/**
 * The RC requester (rxe's rxe_req.c in spirit): turns send requests into request packets. It assigns PSNs, segments
 * SEND and RDMA WRITE messages by the path MTU (First, Middle, Last, Only), asks for an ACK (AckReq) on the last packet
 * of each message and on every {@value #ACK_REQUEST_INTERVAL}th packet of a long one (as rxe does: the acknowledgements
 * of a long message keep the ACK timer from expiring while it is still being sent, and a loss is resent from the last
 * acknowledged PSN, not from the message's start), keeps at most max_rd_atomic RDMA READs and atomics outstanding, and on a retry goes back to the
 * first unacknowledged PSN and sends everything from there again (go-back-N). A READ resent from the middle asks only
 * for what is still missing. While the port's queue is full it waits. It never resumes before the first
 * unacknowledged PSN: an ACK or response that arrives while a go-back or an RNR wait is under way acknowledges
 * everything before it (IBA 9.7.5.1), so what it covers is not sent again.
 */
final class RcRequester {
    /** Packets of one message between two ACK requests (rxe's RXE_MAX_PKT_PER_ACK). */
    static final int ACK_REQUEST_INTERVAL = 64;

    private final QueuePair qp;
    private final TransportContext ctx;
    private final QpCounters counters;
    private final ArrayDeque<RcWqe> outstanding;
    private final Runnable resume;
    private RcRetry retry;
    private RcCompleter completer;
    /** The first PSN not yet given to a request. */
    private int nextPsn;
    /** The next PSN to transmit; behind {@link #nextPsn} while going back. */
    private int sendPsn;
    /** Waiting out an RNR NAK's timer. */
    private boolean paused;
    /** A local error stopped the send queue; the completer takes the QP to Error. */
    private boolean halted;

    RcRequester(
            QueuePair qp, TransportContext ctx, QpCounters counters, ArrayDeque<RcWqe> outstanding, Runnable resume) {
        this.qp = qp;
        this.ctx = ctx;
        this.counters = counters;
        this.outstanding = outstanding;
        this.resume = resume;
    }

    void bind(RcRetry r, RcCompleter c) {
        this.retry = r;
        this.completer = c;
    }

    void start() {
        nextPsn = qp.sqPsn();
        sendPsn = nextPsn;
        paused = false;
        halted = false;
    }

    void reset() {
        ctx.outbox(qp.port()).forget(resume);
        paused = false;
        halted = false;
    }

    int nextPsn() {
        return nextPsn;
    }

    /** Go-back-N: transmit again from {@code psn} (resumed by the caller's pump). */
    void goBackTo(int psn) {
        sendPsn = psn;
    }

    /** Stops sending until {@link #resumeAt} (an RNR NAK's wait). */
    void pause() {
        paused = true;
    }

    void resumeAt(int psn) {
        paused = false;
        sendPsn = psn;
    }

    void pump() {
        int una = completer.una();
        if (Psn.diff(sendPsn, una) < 0) {
            // Acknowledged while going back or waiting: without this the cursor would stay on a completed request,
            // and neither it nor anything posted later would ever be sent.
            sendPsn = una;
        }
        Outbox out = ctx.outbox(qp.port());
        while (!paused && !halted && (qp.state() == QpState.RTS || qp.state() == QpState.SQD)) {
            RcWqe w = at(sendPsn);
            if (w == null && (qp.state() != QpState.RTS || sendPsn != nextPsn || !mayStartNext())) {
                return;
            }
            if (!out.ready()) {
                out.whenReady(resume);
                return;
            }
            if (w == null && (w = startNext()) == null) {
                return;
            }
            out.send(packet(w, Psn.diff(sendPsn, w.firstPsn)));
            counters.sent();
            retry.armAckTimer();
        }
    }

    /**
     * The request still under way that holds {@code psn}. Their PSN ranges never overlap, so the search may start
     * from the newest, which is where the cursor is while streaming (no scan of the whole window per packet).
     */
    private RcWqe at(int psn) {
        for (Iterator<RcWqe> it = outstanding.descendingIterator(); it.hasNext(); ) {
            RcWqe w = it.next();
            if (w.status == null && w.contains(psn)) {
                return w;
            }
        }
        return null;
    }

    /** No more RDMA READs and atomics outstanding than max_rd_atomic allows (IBA 9.7.7 [unverified]; libibverbs). */
    private boolean mayStartNext() {
        SendWr wr = qp.sendQueue().peek();
        if (wr == null) {
            return false;
        }
        if (!wr.opcode().isReadOrAtomic()) {
            return true;
        }
        int n = 0;
        for (RcWqe w : outstanding) {
            n += w.status == null && w.wr.opcode().isReadOrAtomic() ? 1 : 0;
        }
        return n < qp.maxRdAtomic();
    }

    private RcWqe startNext() {
        SendWr wr = qp.sendQueue().take();
        int pmtu = qp.pathMtu().bytes();
        if (wr.opcode().isReadOrAtomic()) {
            int packets = wr.opcode() == WrOpcode.RDMA_READ ? Segments.count(wr.length(), pmtu) : 1;
            return add(new RcWqe(wr, nextPsn, packets));
        }
        if (!ctx.memory().readable(qp, wr)) {
            RcWqe failed = new RcWqe(wr, nextPsn, 0);
            failed.status = WcStatus.LOC_PROT_ERR;
            outstanding.add(failed);
            halted = true;
            return null;
        }
        return add(new RcWqe(wr, nextPsn, Segments.count(wr.length(), pmtu)));
    }

    private RcWqe add(RcWqe w) {
        outstanding.add(w);
        nextPsn = Psn.add(nextPsn, w.packets);
        return w;
    }

    /** Packet {@code index} of the request, and {@link #sendPsn} moved past it. */
    private byte[] packet(RcWqe w, int index) {
        SendWr wr = w.wr;
        int psn = sendPsn;
        int pmtu = qp.pathMtu().bytes();
        if (wr.opcode() == WrOpcode.RDMA_READ) {
            long offset = (long) index * pmtu;
            sendPsn = Psn.add(w.lastPsn(), 1);
            return frame(
                    w,
                    OpCode.RC_RDMA_READ_REQUEST,
                    true,
                    true,
                    psn,
                    FrameWriter.EMPTY,
                    new Reth(wr.remoteAddr() + offset, wr.rkey(), (int) (wr.length() - offset)));
        }
        sendPsn = Psn.add(psn, 1);
        if (wr.opcode().isAtomic()) {
            boolean cas = wr.opcode() == WrOpcode.ATOMIC_CMP_AND_SWP;
            return frame(
                    w,
                    cas ? OpCode.RC_COMPARE_SWAP : OpCode.RC_FETCH_ADD,
                    true,
                    true,
                    psn,
                    FrameWriter.EMPTY,
                    new AtomicEth(
                            wr.remoteAddr(), wr.rkey(), cas ? wr.swap() : wr.compareAdd(), cas ? wr.compareAdd() : 0));
        }
        boolean last = index == w.packets - 1;
        OpCode op = Ops.segment(Transport.RC, wr.opcode(), index == 0, last);
        return frame(
                w,
                op,
                last,
                last || (index + 1) % ACK_REQUEST_INTERVAL == 0,
                psn,
                Segments.payload(ctx.memory(), wr, index, pmtu),
                Segments.headers(op, wr, wr.length()));
    }

    private byte[] frame(
            RcWqe w,
            OpCode op,
            boolean last,
            boolean ackReq,
            int psn,
            FrameWriter.Payload payload,
            ExtHeader... headers) {
        if (last) {
            w.sent = true;
        }
        int pkey = ctx.ports().pkey(qp.port(), qp.pkeyIndex());
        return ctx.frames()
                .build(
                        qp.port(),
                        qp.av(),
                        pkey,
                        qp.destQpn(),
                        op,
                        last && w.wr.solicited(),
                        ackReq,
                        psn,
                        payload,
                        headers);
    }
}
