package dev.ibmesh.device.hca.verbs;

import dev.ibmesh.wire.Mtu;
import java.util.Set;

/**
 * What {@code ibv_query_qp} reports: the state and every attribute modify-QP set, except the PSNs: {@code sqPsn} is
 * the PSN the next new request gets and {@code rqPsn} the PSN the responder expects next, as the QP's transport
 * holds them now (as rxe reports them).
 */
public record QpInfo(
        int qpn,
        QpType type,
        QpState state,
        QpCaps caps,
        Set<Access> accessFlags,
        int port,
        int pkeyIndex,
        int qkey,
        AddressVector av,
        Mtu pathMtu,
        int timeout,
        int retryCnt,
        int rnrRetry,
        int rqPsn,
        int sqPsn,
        int maxRdAtomic,
        int maxDestRdAtomic,
        int minRnrTimer,
        int destQpn) {
    static QpInfo of(QueuePair q, int sqPsn, int rqPsn) {
        return new QpInfo(
                q.qpn(),
                q.type(),
                q.state,
                q.caps(),
                q.accessFlags,
                q.port,
                q.pkeyIndex,
                q.qkey,
                q.av,
                q.pathMtu,
                q.timeout,
                q.retryCnt,
                q.rnrRetry,
                rqPsn,
                sqPsn,
                q.maxRdAtomic,
                q.maxDestRdAtomic,
                q.minRnrTimer,
                q.destQpn);
    }
}
