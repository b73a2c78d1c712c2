package dev.ibmesh.device.hca.transport.ud;

import dev.ibmesh.device.hca.transport.HcaDeviation;
import dev.ibmesh.device.hca.transport.QpCounters;
import dev.ibmesh.device.hca.transport.TransportContext;
import dev.ibmesh.device.hca.verbs.QueuePair;
import dev.ibmesh.device.hca.verbs.RecvWr;
import dev.ibmesh.device.hca.verbs.WcOpcode;
import dev.ibmesh.device.hca.verbs.WcStatus;
import dev.ibmesh.device.hca.verbs.WorkCompletion;
import dev.ibmesh.wire.Deth;
import dev.ibmesh.wire.Grh;
import dev.ibmesh.wire.IbaFrame;
import dev.ibmesh.wire.ImmDt;
import java.util.function.Consumer;

/**
 * Receives UD messages. The DETH Q_Key must be the QP's (else the packet is dropped, counted, and reported to the
 * device for Q_KeyViolations); a message with no receive WQE posted is dropped. The first 40 bytes of the receive
 * buffer take the GRH (zeros when there is none), as libibverbs defines for UD; byte_len counts them.
 */
final class UdReceiver {
    static final int GRH_SPACE = Grh.SIZE;
    private final QueuePair qp;
    private final TransportContext ctx;
    private final QpCounters counters;
    private final Consumer<WorkCompletion> complete;

    UdReceiver(QueuePair qp, TransportContext ctx, QpCounters counters, Consumer<WorkCompletion> complete) {
        this.qp = qp;
        this.ctx = ctx;
        this.counters = counters;
        this.complete = complete;
    }

    void onPacket(IbaFrame p) {
        Deth deth = p.header(Deth.class);
        if (deth.qKey() != qp.qkey() && !ctx.deviates(HcaDeviation.ACCEPT_WRONG_Q_KEY)) {
            counters.drop();
            ctx.ports().qKeyViolation(qp.port(), p.frame());
            return;
        }
        RecvWr wr = qp.recvQueue().take();
        if (wr == null) {
            counters.drop();
            return;
        }
        byte[] grh = new byte[GRH_SPACE];
        if (p.hasGrh() && !ctx.deviates(HcaDeviation.DROP_UD_GRH)) {
            p.grh().encode(grh, 0);
        }
        WcStatus status = ctx.memory().scatter(qp, wr.sgList(), 0, grh, 0, GRH_SPACE);
        if (status == WcStatus.SUCCESS) {
            status = ctx.memory().scatter(qp, wr.sgList(), GRH_SPACE, p.frame(), p.payloadOffset(), p.payloadLength());
        }
        ImmDt imm = p.header(ImmDt.class);
        complete.accept(new WorkCompletion(
                wr.wrId(),
                status,
                WcOpcode.RECV,
                qp.qpn(),
                status == WcStatus.SUCCESS ? GRH_SPACE + p.payloadLength() : 0,
                imm != null,
                imm == null ? 0 : imm.data(),
                false,
                0,
                deth.srcQp(),
                p.slid(),
                p.sl(),
                qp.pkeyIndex(),
                p.hasGrh()));
    }
}
