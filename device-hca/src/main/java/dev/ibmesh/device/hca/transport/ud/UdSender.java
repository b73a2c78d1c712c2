package dev.ibmesh.device.hca.transport.ud;

import dev.ibmesh.device.hca.transport.HcaDeviation;
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
import dev.ibmesh.wire.Deth;
import dev.ibmesh.wire.ExtHeader;
import dev.ibmesh.wire.FrameWriter;
import dev.ibmesh.wire.ImmDt;
import dev.ibmesh.wire.OpCode;
import java.util.function.BiConsumer;

/**
 * Sends UD requests: one SEND Only packet each, with a DETH carrying the Q_Key and this QP as SrcQP. A message longer
 * than the port's MTU completes with LOC_LEN_ERR. A request completes once its packet is handed to the port; while
 * the port's queue is full the sender waits, so nothing is lost.
 */
final class UdSender {
    private final QueuePair qp;
    private final TransportContext ctx;
    private final QpCounters counters;
    private final BiConsumer<SendWr, WcStatus> complete;
    private final Runnable resume;
    private final Runnable sendQueueError;
    private int psn;

    UdSender(
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
    }

    void pump() {
        Outbox out = ctx.outbox(qp.port());
        while (qp.state() == QpState.RTS && qp.sendQueue().peek() != null) {
            if (!out.ready()) {
                out.whenReady(resume);
                return;
            }
            SendWr wr = qp.sendQueue().take();
            WcStatus error = !ctx.memory().readable(qp, wr)
                    ? WcStatus.LOC_PROT_ERR
                    : wr.length() > ctx.ports().mtu(qp.port()).bytes() && !ctx.deviates(HcaDeviation.SEND_UD_BEYOND_MTU)
                            ? WcStatus.LOC_LEN_ERR
                            : null;
            if (error != null) {
                complete.accept(wr, error);
                sendQueueError.run();
                return;
            }
            out.send(frame(wr, Segments.payload(ctx.memory(), wr, 0, (int) wr.length())));
            counters.sent();
            psn = Psn.add(psn, 1);
            complete.accept(wr, WcStatus.SUCCESS);
        }
    }

    private byte[] frame(SendWr wr, FrameWriter.Payload data) {
        SendWr.UdDestination to = wr.ud();
        // IBA 10.2.4: a Q_Key with the high-order bit set in the request means "use the QP's own Q_Key" (Linux
        // hfi1 ud.c does the same).
        int qkey = to.remoteQkey() < 0 ? qp.qkey() : to.remoteQkey();
        Deth deth = new Deth(qkey, qp.qpn());
        boolean imm = wr.opcode() == WrOpcode.SEND_WITH_IMM;
        OpCode op = imm ? OpCode.UD_SEND_ONLY_WITH_IMMEDIATE : OpCode.UD_SEND_ONLY;
        ExtHeader[] headers = imm ? new ExtHeader[] {deth, new ImmDt(wr.immData())} : new ExtHeader[] {deth};
        int pkey = ctx.ports().pkey(qp.port(), qp.pkeyIndex());
        return ctx.frames()
                .build(qp.port(), to.av(), pkey, to.remoteQpn(), op, wr.solicited(), false, psn, data, headers);
    }
}
