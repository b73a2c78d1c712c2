package dev.ibmesh.device.hca.transport.rc;

import dev.ibmesh.device.hca.transport.HcaDeviation;
import dev.ibmesh.device.hca.transport.InboundMessage;
import dev.ibmesh.device.hca.transport.Ops;
import dev.ibmesh.device.hca.transport.Psn;
import dev.ibmesh.device.hca.transport.QpCounters;
import dev.ibmesh.device.hca.transport.Segments;
import dev.ibmesh.device.hca.transport.TransportContext;
import dev.ibmesh.device.hca.verbs.Access;
import dev.ibmesh.device.hca.verbs.MemoryRegion;
import dev.ibmesh.device.hca.verbs.QueuePair;
import dev.ibmesh.device.hca.verbs.RecvWr;
import dev.ibmesh.device.hca.verbs.WcStatus;
import dev.ibmesh.device.hca.verbs.WorkCompletion;
import dev.ibmesh.wire.Aeth;
import dev.ibmesh.wire.AtomicAckEth;
import dev.ibmesh.wire.AtomicEth;
import dev.ibmesh.wire.ExtHeader;
import dev.ibmesh.wire.FrameWriter;
import dev.ibmesh.wire.IbaFrame;
import dev.ibmesh.wire.Ieth;
import dev.ibmesh.wire.OpCode;
import dev.ibmesh.wire.Reth;
import java.util.function.Consumer;

/**
 * The RC responder (rxe's rxe_resp.c in spirit): executes requests in PSN order and answers them.
 * <ul>
 * <li>PSN: the expected PSN is executed; an older one is a duplicate (a SEND or WRITE is acknowledged again, a READ
 * executed again, an atomic answered from its saved result); a newer one gets one PSN sequence error NAK carrying the
 * expected PSN until the expected packet arrives.</li>
 * <li>A SEND, or a WRITE with immediate at its last packet, with no receive WQE posted gets an RNR NAK carrying
 * min_rnr_timer; nothing of it is executed.</li>
 * <li>NAK invalid request: opcode out of sequence, payload not fitting the PMTU rules, more data than the receive
 * buffer or the RETH's length, an operation the QP's access flags do not enable, a misaligned atomic. NAK remote
 * access error: R_Key, range or region access flags. NAK remote operational error: the receive buffer's L_Key. Each
 * of these takes the QP to Error (IBA 9.9.3 [unverified]).</li>
 * <li>ACKs carry the MSN (messages completed) and the credits (receive WQEs posted, by the AETH credit table);
 * requests without AckReq are acknowledged by the next ACK (coalescing). An ACK is owed, not sent, until the frames
 * that arrived with its request have all been handled ({@link TransportContext#owesAck}): one ACK then answers every
 * request of the burst, as an HCA coalesces ACKs: an ACK acknowledges every request up to its PSN (the requester's
 * side is IBA 9.7.6; the responder's latitude to coalesce is our reading of 9.7.5.1 [unverified]). Any other
 * response (a NAK, a READ response, an atomic ACK) sends the owed ACK first, so responses keep PSN order.</li>
 * </ul>
 */
final class RcResponder {
    private static final int NO_ACK_OWED = -1;

    private final QueuePair qp;
    private final TransportContext ctx;
    private final QpCounters counters;
    private final Consumer<WorkCompletion> complete;
    private final Runnable fail;
    private final ResponderResources resources = new ResponderResources();
    private int epsn;
    private int msn;
    private boolean sequenceNakSent;
    /** The PSN of the ACK owed (not yet sent), or {@link #NO_ACK_OWED}; and the MSN it carries. */
    private int owedAckPsn = NO_ACK_OWED;

    private int owedAckMsn;
    private final Runnable sendOwedAck = this::sendOwedAck;
    private InboundMessage current;
    /** Under {@link HcaDeviation#READ_OVERTAKEN_BY_ATOMIC}: the responses of a READ, held until the next request. */
    private Runnable heldRead;

    RcResponder(
            QueuePair qp, TransportContext ctx, QpCounters counters, Consumer<WorkCompletion> complete, Runnable fail) {
        this.qp = qp;
        this.ctx = ctx;
        this.counters = counters;
        this.complete = complete;
        this.fail = fail;
    }

    void start() {
        epsn = qp.rqPsn();
        msn = 0;
        sequenceNakSent = false;
        owedAckPsn = NO_ACK_OWED;
        current = null;
        heldRead = null;
        resources.reset(qp.maxDestRdAtomic());
    }

    /** The PSN expected next. */
    int epsn() {
        return epsn;
    }

    /** The receive WQE of a SEND in progress completes with WR_FLUSH_ERR. */
    void flush() {
        if (current != null && current.isSend()) {
            complete.accept(WorkCompletion.recvError(current.recv().wrId(), WcStatus.WR_FLUSH_ERR, qp.qpn()));
        }
        current = null;
    }

    void reset() {
        current = null;
        heldRead = null;
        owedAckPsn = NO_ACK_OWED;
    }

    void onRequest(IbaFrame p) {
        Runnable overtaken = heldRead;
        heldRead = null;
        handle(p);
        if (overtaken != null) {
            overtaken.run();
        }
    }

    private void handle(IbaFrame p) {
        int op = Ops.op(p.opCode());
        int psn = p.psn();
        int d = Psn.diff(psn, epsn);
        if (d < 0) {
            counters.duplicate();
            duplicate(p, op, psn);
            return;
        }
        if (d > 0) {
            if (!ctx.deviates(HcaDeviation.ACCEPT_PSN_OUT_OF_SEQUENCE)) {
                counters.drop();
                if (!sequenceNakSent) {
                    sequenceNakSent = true;
                    nak(Aeth.NAK_PSN_SEQUENCE_ERROR, epsn);
                }
                return;
            }
            epsn = psn;
        }
        sequenceNakSent = false;
        if (Ops.isAtomic(op)) {
            atomic(p, op, psn);
        } else if (op == Ops.READ_REQUEST) {
            read(p, psn);
        } else {
            sendOrWrite(p, op, psn);
        }
    }

    private void sendOrWrite(IbaFrame p, int op, int psn) {
        boolean inSequence = current == null
                ? Ops.startsMessage(op) || Ops.isSend(op) && ctx.deviates(HcaDeviation.ACCEPT_OPCODE_OUT_OF_SEQUENCE)
                : !Ops.startsMessage(op) && Ops.isSend(op) == current.isSend();
        boolean fits =
                InboundMessage.payloadFits(op, p.payloadLength(), qp.pathMtu().bytes())
                        || Ops.endsMessage(op) && ctx.deviates(HcaDeviation.ACCEPT_PAYLOAD_BEYOND_PMTU);
        if (!inSequence || !fits) {
            requestError(Aeth.NAK_INVALID_REQUEST, psn, WcStatus.REM_INV_REQ_ERR);
            return;
        }
        boolean needsWqe = current == null && Ops.isSend(op) || !Ops.isSend(op) && Ops.hasImmediate(op);
        if (needsWqe && qp.recvQueue().peek() == null) {
            receiverNotReady(psn);
            return;
        }
        if (current == null && !begin(p, op, psn)) {
            return;
        }
        WcStatus placed = current.append(ctx.memory(), qp, p);
        if (placed != WcStatus.SUCCESS) {
            requestError(
                    placed == WcStatus.LOC_PROT_ERR ? Aeth.NAK_REMOTE_OPERATIONAL_ERROR : Aeth.NAK_INVALID_REQUEST,
                    psn,
                    placed);
            return;
        }
        if (Ops.endsMessage(op) && !end(p, op, psn)) {
            return;
        }
        if (!Ops.endsMessage(op) && ctx.deviates(HcaDeviation.MSN_COUNTS_PACKETS)) {
            msn = Psn.add(msn, 1);
        }
        epsn = Psn.add(psn, 1);
        if (p.ackReq()) {
            ack(psn);
        }
    }

    /** The first packet of a SEND takes a receive WQE; of a WRITE, checks the RETH. False when NAKed. */
    private boolean begin(IbaFrame p, int op, int psn) {
        if (Ops.isSend(op)) {
            current = InboundMessage.send(qp.recvQueue().take());
            return true;
        }
        if (!qp.accessFlags().contains(Access.REMOTE_WRITE)) {
            requestError(Aeth.NAK_INVALID_REQUEST, psn, null);
            return false;
        }
        Reth reth = p.header(Reth.class);
        long len = reth.dmaLengthUnsigned();
        // A zero-length RDMA WRITE names no memory: its R_Key is not checked (Linux qib_rc_rcv skips it too; the
        // section, IBA 9.7.4.1.4, is [unverified]).
        MemoryRegion mr =
                len == 0 ? null : ctx.memory().remote(qp, reth.rKey(), reth.virtualAddress(), len, Access.REMOTE_WRITE);
        if (len > 0 && mr == null) {
            requestError(Aeth.NAK_REMOTE_ACCESS_ERROR, psn, null);
            return false;
        }
        current = InboundMessage.write(mr, reth.virtualAddress(), len);
        return true;
    }

    /** The last packet of a message: the receive completion, the MSN. False when NAKed. */
    private boolean end(IbaFrame p, int op, int psn) {
        InboundMessage m = current;
        if (!m.isSend() && !m.writeComplete()) {
            requestError(Aeth.NAK_INVALID_REQUEST, psn, null);
            return false;
        }
        if (Ops.hasInvalidate(op)) {
            MemoryRegion mr = ctx.memory().byRkey(qp, p.header(Ieth.class).rKey());
            if (mr == null) {
                requestError(Aeth.NAK_INVALID_REQUEST, psn, WcStatus.REM_INV_REQ_ERR);
                return false;
            }
            mr.invalidateRkey();
        }
        current = null;
        msn = Psn.add(msn, 1);
        if (m.isSend()) {
            complete.accept(m.completion(qp, p, m.recv()));
        } else if (Ops.hasImmediate(op)) {
            complete.accept(m.completion(qp, p, qp.recvQueue().take()));
        }
        return true;
    }

    private void read(IbaFrame p, int psn) {
        if (current != null || !qp.accessFlags().contains(Access.REMOTE_READ) || qp.maxDestRdAtomic() == 0) {
            requestError(Aeth.NAK_INVALID_REQUEST, psn, null);
            return;
        }
        Reth reth = p.header(Reth.class);
        MemoryRegion mr = readable(reth);
        if (reth.dmaLengthUnsigned() > 0 && mr == null) {
            requestError(Aeth.NAK_REMOTE_ACCESS_ERROR, psn, null);
            return;
        }
        int packets = Segments.count(reth.dmaLengthUnsigned(), qp.pathMtu().bytes());
        resources.save(new ResponderResources.Resource(psn, packets, false, 0));
        msn = Psn.add(msn, 1);
        if (ctx.deviates(HcaDeviation.READ_OVERTAKEN_BY_ATOMIC)) {
            heldRead = () -> readResponses(mr, reth, psn);
        } else {
            readResponses(mr, reth, psn);
        }
        epsn = Psn.add(psn, packets);
    }

    private MemoryRegion readable(Reth reth) {
        long len = reth.dmaLengthUnsigned();
        return len == 0 ? null : ctx.memory().remote(qp, reth.rKey(), reth.virtualAddress(), len, Access.REMOTE_READ);
    }

    /** RDMA READ responses, First/Middle/Last or Only by the PMTU, the first and last with an AETH. */
    private void readResponses(MemoryRegion mr, Reth reth, int firstPsn) {
        int pmtu = qp.pathMtu().bytes();
        long len = reth.dmaLengthUnsigned();
        int n = Segments.count(len, pmtu);
        for (int i = 0; i < n; i++) {
            int size = (int) Math.min(pmtu, len - (long) i * pmtu);
            long va = reth.virtualAddress() + (long) i * pmtu;
            OpCode op = n == 1
                    ? OpCode.RC_RDMA_READ_RESPONSE_ONLY
                    : i == 0
                            ? OpCode.RC_RDMA_READ_RESPONSE_FIRST
                            : i == n - 1 ? OpCode.RC_RDMA_READ_RESPONSE_LAST : OpCode.RC_RDMA_READ_RESPONSE_MIDDLE;
            ExtHeader[] headers = op == OpCode.RC_RDMA_READ_RESPONSE_MIDDLE
                    ? new ExtHeader[0]
                    : new ExtHeader[] {Aeth.ack(creditCode(), msn)};
            respond(op, Psn.add(firstPsn, i), size == 0 ? FrameWriter.EMPTY : regionPayload(mr, va, size), headers);
        }
    }

    /** {@code size} bytes of a region at {@code va}, read when the frame is written (straight into it). */
    private static FrameWriter.Payload regionPayload(MemoryRegion mr, long va, int size) {
        return new FrameWriter.Payload() {
            @Override
            public int length() {
                return size;
            }

            @Override
            public void copyTo(byte[] frame, int off) {
                mr.read(va, frame, off, size);
            }
        };
    }

    private void atomic(IbaFrame p, int op, int psn) {
        AtomicEth a = p.header(AtomicEth.class);
        // An atomic's address must be 8-byte aligned, or the request is invalid (Linux qib_rc_rcv NAKs it as
        // invalid; the section, IBA 9.4.5, is [unverified]).
        if (current != null
                || !qp.accessFlags().contains(Access.REMOTE_ATOMIC)
                || qp.maxDestRdAtomic() == 0
                || (a.virtualAddress() & 7) != 0) {
            requestError(Aeth.NAK_INVALID_REQUEST, psn, null);
            return;
        }
        MemoryRegion mr = ctx.memory().remote(qp, a.rKey(), a.virtualAddress(), 8, Access.REMOTE_ATOMIC);
        if (mr == null) {
            requestError(Aeth.NAK_REMOTE_ACCESS_ERROR, psn, null);
            return;
        }
        long original = mr.readLong(a.virtualAddress());
        long result = op == Ops.COMPARE_SWAP
                ? (original == a.compareData() ? a.swapOrAddData() : original)
                : original + a.swapOrAddData();
        mr.writeLong(a.virtualAddress(), result);
        long reported = ctx.deviates(HcaDeviation.ATOMIC_ACK_WRONG_ORIGINAL) ? result : original;
        resources.save(new ResponderResources.Resource(psn, 1, true, reported));
        msn = Psn.add(msn, 1);
        epsn = Psn.add(psn, 1);
        atomicAck(psn, reported);
    }

    private void duplicate(IbaFrame p, int op, int psn) {
        if (reexecutesDuplicate(op)) {
            int expected = epsn;
            if (Ops.isAtomic(op)) {
                atomic(p, op, psn);
            } else {
                sendOrWrite(p, op, psn);
            }
            epsn = expected;
        } else if (op == Ops.READ_REQUEST || Ops.isAtomic(op)) {
            ResponderResources.Resource r = resources.find(psn);
            boolean dropRead = op == Ops.READ_REQUEST && ctx.deviates(HcaDeviation.DROP_DUPLICATE_READ);
            if (r == null || r.atomic() != Ops.isAtomic(op) || dropRead) {
                counters.drop();
            } else if (r.atomic()) {
                atomicAck(psn, r.original());
            } else {
                Reth reth = p.header(Reth.class);
                MemoryRegion mr = readable(reth);
                if (reth.dmaLengthUnsigned() == 0 || mr != null) {
                    readResponses(mr, reth, psn);
                }
            }
        } else {
            // A duplicate SEND or WRITE is acknowledged again, with the PSN of the last request executed (C9-105).
            ack(Psn.add(epsn, -1));
        }
    }

    /** Under {@link HcaDeviation#REEXECUTE_DUPLICATE_ATOMIC} or {@code _SEND}: a duplicate runs again as if new. */
    private boolean reexecutesDuplicate(int op) {
        return Ops.isAtomic(op)
                ? ctx.deviates(HcaDeviation.REEXECUTE_DUPLICATE_ATOMIC)
                : op != Ops.READ_REQUEST && ctx.deviates(HcaDeviation.REEXECUTE_DUPLICATE_SEND);
    }

    private void receiverNotReady(int psn) {
        if (ctx.deviates(HcaDeviation.NO_RNR_NAK)) {
            counters.drop();
            return;
        }
        counters.rnrNakSent();
        // The packets the requester sent after this one are not NAKed again: it goes back to this PSN anyway.
        sequenceNakSent = true;
        respond(OpCode.RC_ACKNOWLEDGE, psn, FrameWriter.EMPTY, Aeth.rnrNak(qp.minRnrTimer(), msn));
    }

    /**
     * A NAK for the request at {@code psn}; a SEND in progress completes its receive WQE with {@code recvStatus}
     * (REM_INV_REQ_ERR when null); the QP goes to Error.
     */
    private void requestError(int nakCode, int psn, WcStatus recvStatus) {
        nak(nakCode, psn);
        if (current != null && current.isSend()) {
            RecvWr wr = current.recv();
            complete.accept(WorkCompletion.recvError(
                    wr.wrId(), recvStatus == null ? WcStatus.REM_INV_REQ_ERR : recvStatus, qp.qpn()));
        }
        current = null;
        fail.run();
    }

    private void nak(int code, int psn) {
        counters.nakSent(code);
        respond(OpCode.RC_ACKNOWLEDGE, psn, FrameWriter.EMPTY, Aeth.nak(code, msn));
    }

    private void ack(int psn) {
        if (owedAckPsn == NO_ACK_OWED) {
            ctx.owesAck(sendOwedAck);
        } else if (Psn.diff(psn, owedAckPsn) < 0) {
            return; // an older PSN (a duplicate executed again under a deviation): the newer ACK covers it
        }
        owedAckPsn = psn;
        owedAckMsn = msn;
    }

    /**
     * Sends the ACK owed, if any, with the credits as they are now. Also when the QP went to Error since (its requests
     * were executed, and a responder that had not coalesced would have acknowledged them); a reset or a destroyed QP
     * owes nothing ({@link #start}, {@link #reset}).
     */
    private void sendOwedAck() {
        if (owedAckPsn == NO_ACK_OWED) {
            return;
        }
        int psn = owedAckPsn;
        owedAckPsn = NO_ACK_OWED;
        send(OpCode.RC_ACKNOWLEDGE, psn, FrameWriter.EMPTY, Aeth.ack(creditCode(), owedAckMsn));
    }

    private void atomicAck(int psn, long original) {
        respond(
                OpCode.RC_ATOMIC_ACKNOWLEDGE,
                psn,
                FrameWriter.EMPTY,
                Aeth.ack(creditCode(), msn),
                new AtomicAckEth(original));
    }

    /** The largest AETH credit code whose credit count the posted receive WQEs cover. */
    private int creditCode() {
        int available = qp.recvQueue().waiting();
        int code = 0;
        while (code + 1 < Aeth.CREDIT_CODE_INVALID && Aeth.credits(code + 1) <= available) {
            code++;
        }
        return code;
    }

    private void respond(OpCode op, int psn, FrameWriter.Payload payload, ExtHeader... headers) {
        sendOwedAck();
        send(op, psn, payload, headers);
    }

    private void send(OpCode op, int psn, FrameWriter.Payload payload, ExtHeader... headers) {
        int pkey = ctx.ports().pkey(qp.port(), qp.pkeyIndex());
        boolean queued = ctx.outbox(qp.port())
                .send(ctx.frames()
                        .build(qp.port(), qp.av(), pkey, qp.destQpn(), op, false, false, psn, payload, headers));
        if (queued) {
            counters.sent();
        } else {
            counters.drop();
        }
    }
}
