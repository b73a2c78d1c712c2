package dev.ibmesh.device.hca.verbs;

import dev.ibmesh.wire.Mtu;
import java.util.Set;

/**
 * A queue pair as the verbs see it: its type, PD, CQs, work queues, state and the attributes modify-QP set. The
 * transport reads the attributes and moves the state on errors ({@link #enterError}, {@link #enterSendQueueError}).
 */
public final class QueuePair {
    private final int qpn;
    private final QpType type;
    private final ProtectionDomain pd;
    private final CompletionQueue sendCq;
    private final CompletionQueue recvCq;
    private final QpCaps caps;
    private final boolean sqSigAll;
    private final WorkQueue<SendWr> sendQueue;
    private final WorkQueue<RecvWr> recvQueue;
    QpState state = QpState.RESET;
    Set<Access> accessFlags = Set.of();
    int pkeyIndex;
    int port;
    int qkey;
    AddressVector av;
    Mtu pathMtu = Mtu.MTU_256;
    int timeout;
    int retryCnt;
    int rnrRetry;
    int rqPsn;
    int maxRdAtomic;
    int minRnrTimer;
    int sqPsn;
    int maxDestRdAtomic;
    int destQpn;

    QueuePair(int qpn, QpInitAttr init, ProtectionDomain pd, CompletionQueue sendCq, CompletionQueue recvCq) {
        this.qpn = qpn;
        this.type = init.type();
        this.pd = pd;
        this.sendCq = sendCq;
        this.recvCq = recvCq;
        this.caps = init.caps();
        this.sqSigAll = init.sqSigAll();
        this.sendQueue = new WorkQueue<>(caps.maxSendWr());
        this.recvQueue = new WorkQueue<>(caps.maxRecvWr());
    }

    public int qpn() {
        return qpn;
    }

    public QpType type() {
        return type;
    }

    public ProtectionDomain pd() {
        return pd;
    }

    public CompletionQueue sendCq() {
        return sendCq;
    }

    public CompletionQueue recvCq() {
        return recvCq;
    }

    public QpCaps caps() {
        return caps;
    }

    public boolean sqSigAll() {
        return sqSigAll;
    }

    public WorkQueue<SendWr> sendQueue() {
        return sendQueue;
    }

    public WorkQueue<RecvWr> recvQueue() {
        return recvQueue;
    }

    public QpState state() {
        return state;
    }

    /** The transport's move to ERR after a failure; the transport then flushes what is outstanding (IBA 10.3.1). */
    public void enterError() {
        state = QpState.ERR;
    }

    /** The transport's move to SQE after a local send error on UC or UD (IBA 10.3.1.5). */
    public void enterSendQueueError() {
        state = QpState.SQE;
    }

    public Set<Access> accessFlags() {
        return accessFlags;
    }

    public int pkeyIndex() {
        return pkeyIndex;
    }

    public int port() {
        return port;
    }

    public int qkey() {
        return qkey;
    }

    public AddressVector av() {
        return av;
    }

    public Mtu pathMtu() {
        return pathMtu;
    }

    public int timeout() {
        return timeout;
    }

    public int retryCnt() {
        return retryCnt;
    }

    public int rnrRetry() {
        return rnrRetry;
    }

    public int rqPsn() {
        return rqPsn;
    }

    public int maxRdAtomic() {
        return maxRdAtomic;
    }

    public int minRnrTimer() {
        return minRnrTimer;
    }

    public int sqPsn() {
        return sqPsn;
    }

    public int maxDestRdAtomic() {
        return maxDestRdAtomic;
    }

    public int destQpn() {
        return destQpn;
    }

    /** Whether a successful completion of {@code wr} goes to the CQ (signaled, or every request is). */
    public boolean signals(SendWr wr) {
        return sqSigAll || wr.signaled();
    }
}
