package dev.ibmesh.device.hca.verbs;

/** What {@link Verbs} tells the transport about a QP. All calls run on the device's event loop. */
public interface QpHooks {
    void created(QueuePair qp);

    /** After modify-QP applied its attributes; {@code from} is the state before. */
    void modified(QueuePair qp, QpState from);

    void sendPosted(QueuePair qp);

    void recvPosted(QueuePair qp);

    void destroyed(QueuePair qp);

    /** The QP's current send PSN (ibv_query_qp's sq_psn); without a transport, the value modify-QP set. */
    default int sqPsn(QueuePair qp) {
        return qp.sqPsn();
    }

    /** The QP's current expected receive PSN (ibv_query_qp's rq_psn); without a transport, what modify-QP set. */
    default int rqPsn(QueuePair qp) {
        return qp.rqPsn();
    }
}
