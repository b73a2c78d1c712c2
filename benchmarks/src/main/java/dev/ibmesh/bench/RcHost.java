package dev.ibmesh.bench;

import dev.ibmesh.device.hca.HcaDevice;
import dev.ibmesh.device.hca.transport.QpCountersView;
import dev.ibmesh.device.hca.verbs.Access;
import dev.ibmesh.device.hca.verbs.AddressVector;
import dev.ibmesh.device.hca.verbs.MrInfo;
import dev.ibmesh.device.hca.verbs.QpAttr;
import dev.ibmesh.device.hca.verbs.QpCaps;
import dev.ibmesh.device.hca.verbs.QpInitAttr;
import dev.ibmesh.device.hca.verbs.QpState;
import dev.ibmesh.device.hca.verbs.QpType;
import dev.ibmesh.device.hca.verbs.RecvWr;
import dev.ibmesh.device.hca.verbs.Sge;
import dev.ibmesh.device.hca.verbs.Verbs;
import dev.ibmesh.wire.Mtu;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;

/**
 * What a perftest process sets up on one HCA: a PD, one CQ for sends and receives, a 2 MiB region open to remote
 * read, write and atomics, and an RC QP. Created and used only on the HCA's event loop (through {@link OnLoop} or
 * from a pump running there).
 */
final class RcHost {
    static final long VA = 0x100000L;
    static final int MR_LEN = 2 << 20;
    static final int SEND_DEPTH = 1024;
    static final int RECV_DEPTH = 4096;
    static final int INLINE = 64;
    /** Every receive request takes up to this many bytes: the largest SEND the bench makes. */
    static final int RECV_SIZE = 64;
    /** The RC QP's local ACK timeout, 4.096 us x 2^14 = 67 ms, and its retry count. */
    static final int ACK_TIMEOUT = 14;

    static final int RETRY_CNT = 7;

    final HcaDevice hca;
    final Verbs verbs;
    final int cq;
    final MrInfo mr;
    final int qpn;

    private RcHost(HcaDevice hca) {
        this.hca = hca;
        this.verbs = hca.verbs();
        int pd = verbs.allocPd();
        this.cq = verbs.createCq(2 * (SEND_DEPTH + RECV_DEPTH));
        this.mr = verbs.regMr(pd, VA, MR_LEN, EnumSet.allOf(Access.class));
        this.qpn = verbs.createQp(
                new QpInitAttr(QpType.RC, pd, cq, cq, new QpCaps(SEND_DEPTH, RECV_DEPTH, 1, 1, INLINE), false));
    }

    static RcHost open(HcaDevice hca) {
        return OnLoop.call(hca, () -> new RcHost(hca));
    }

    /** RESET -> INIT -> RTR -> RTS towards the remote QP, path MTU 4096. */
    void connect(RcHost remote, int remoteLid) {
        int remoteQpn = remote.qpn;
        OnLoop.call(hca, () -> {
            verbs.modifyQp(
                    qpn,
                    new QpAttr()
                            .state(QpState.INIT)
                            .pkeyIndex(0)
                            .port(1)
                            .accessFlags(EnumSet.of(Access.REMOTE_WRITE, Access.REMOTE_READ, Access.REMOTE_ATOMIC)));
            verbs.modifyQp(
                    qpn,
                    new QpAttr()
                            .state(QpState.RTR)
                            .av(AddressVector.local(remoteLid, 0, 1))
                            .pathMtu(Mtu.MTU_4096)
                            .destQpn(remoteQpn)
                            .rqPsn(0)
                            .maxDestRdAtomic(16)
                            .minRnrTimer(1));
            verbs.modifyQp(
                    qpn,
                    new QpAttr()
                            .state(QpState.RTS)
                            .sqPsn(0)
                            .timeout(ACK_TIMEOUT)
                            .retryCnt(RETRY_CNT)
                            .rnrRetry(7)
                            .maxRdAtomic(16));
            return null;
        });
    }

    /** Back to RESET (which empties both queues), then connected again as by {@link #connect}: a fresh start. */
    void reconnect(RcHost remote, int remoteLid) {
        OnLoop.call(hca, () -> {
            verbs.modifyQp(qpn, new QpAttr().state(QpState.RESET));
            return null;
        });
        connect(remote, remoteLid);
    }

    Sge sge(long offset, int length) {
        return new Sge(VA + offset, length, mr.lkey());
    }

    /** {@code n} receive requests of {@link #RECV_SIZE} bytes each, at offset 1 MiB of the region. */
    List<RecvWr> receives(int n) {
        return new ArrayList<>(Collections.nCopies(n, new RecvWr(0, List.of(sge(1 << 20, RECV_SIZE)))));
    }

    /** Fills the receive queue to its depth; event loop only. */
    void fillReceives() {
        int missing = RECV_DEPTH - verbs.findQp(qpn).recvQueue().depth();
        if (missing > 0) {
            verbs.postRecv(qpn, receives(missing));
        }
    }

    /** The QP's transport counters (a clean run has no retries, timeouts, RNR NAKs or drops); event loop only. */
    String counters() {
        QpCountersView c = hca.transport().counters(qpn);
        return String.format(
                "%s QP %d: %,d packets sent, %,d received, %d retries, %d ACK timeouts, %d RNR NAKs"
                        + " received, %d duplicates, %d dropped",
                hca.name(),
                qpn,
                c.packetsSent(),
                c.packetsReceived(),
                c.retries(),
                c.timeouts(),
                c.rnrNaksReceived(),
                c.duplicates(),
                c.dropped());
    }
}
