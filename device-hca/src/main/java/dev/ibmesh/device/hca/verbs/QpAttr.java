package dev.ibmesh.device.hca.verbs;

import dev.ibmesh.wire.Mtu;
import java.util.EnumSet;
import java.util.Set;

/**
 * The attributes of a modify-QP call (libibverbs {@code struct ibv_qp_attr} with its mask): each setter records the
 * value and adds its bit to {@link #mask()}. Values are range-checked by {@link Verbs#modifyQp}.
 */
public final class QpAttr {
    private final EnumSet<QpAttrMask> mask = EnumSet.noneOf(QpAttrMask.class);
    QpState state;
    QpState curState;
    Set<Access> accessFlags = Set.of();
    int pkeyIndex;
    int port;
    int qkey;
    AddressVector av;
    Mtu pathMtu;
    int timeout;
    int retryCnt;
    int rnrRetry;
    int rqPsn;
    int maxRdAtomic;
    int minRnrTimer;
    int sqPsn;
    int maxDestRdAtomic;
    int destQpn;

    public Set<QpAttrMask> mask() {
        return mask.clone();
    }

    private QpAttr set(QpAttrMask m) {
        mask.add(m);
        return this;
    }

    public QpAttr state(QpState s) {
        state = s;
        return set(QpAttrMask.STATE);
    }

    public QpAttr curState(QpState s) {
        curState = s;
        return set(QpAttrMask.CUR_STATE);
    }

    public QpAttr accessFlags(Set<Access> flags) {
        accessFlags = flags;
        return set(QpAttrMask.ACCESS_FLAGS);
    }

    public QpAttr pkeyIndex(int index) {
        pkeyIndex = index;
        return set(QpAttrMask.PKEY_INDEX);
    }

    public QpAttr port(int p) {
        port = p;
        return set(QpAttrMask.PORT);
    }

    public QpAttr qkey(int key) {
        qkey = key;
        return set(QpAttrMask.QKEY);
    }

    public QpAttr av(AddressVector v) {
        av = v;
        return set(QpAttrMask.AV);
    }

    public QpAttr pathMtu(Mtu m) {
        pathMtu = m;
        return set(QpAttrMask.PATH_MTU);
    }

    /** Local ACK timeout: 4.096 us x 2^timeout; 0 is infinite. */
    public QpAttr timeout(int t) {
        timeout = t;
        return set(QpAttrMask.TIMEOUT);
    }

    public QpAttr retryCnt(int n) {
        retryCnt = n;
        return set(QpAttrMask.RETRY_CNT);
    }

    /** RNR retries; 7 is infinite. */
    public QpAttr rnrRetry(int n) {
        rnrRetry = n;
        return set(QpAttrMask.RNR_RETRY);
    }

    public QpAttr rqPsn(int psn) {
        rqPsn = psn;
        return set(QpAttrMask.RQ_PSN);
    }

    public QpAttr maxRdAtomic(int n) {
        maxRdAtomic = n;
        return set(QpAttrMask.MAX_QP_RD_ATOMIC);
    }

    /** The RNR NAK timer code (0..31) this QP's responder sends. */
    public QpAttr minRnrTimer(int code) {
        minRnrTimer = code;
        return set(QpAttrMask.MIN_RNR_TIMER);
    }

    public QpAttr sqPsn(int psn) {
        sqPsn = psn;
        return set(QpAttrMask.SQ_PSN);
    }

    public QpAttr maxDestRdAtomic(int n) {
        maxDestRdAtomic = n;
        return set(QpAttrMask.MAX_DEST_RD_ATOMIC);
    }

    public QpAttr destQpn(int qpn) {
        destQpn = qpn;
        return set(QpAttrMask.DEST_QPN);
    }
}
