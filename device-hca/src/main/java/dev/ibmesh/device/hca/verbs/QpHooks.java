package dev.ibmesh.device.hca.verbs;

/** What {@link Verbs} tells the transport about a QP. All calls run on the device's event loop. */
public interface QpHooks {
    void created(QueuePair qp);

    /** After modify-QP applied its attributes; {@code from} is the state before. */
    void modified(QueuePair qp, QpState from);

    void sendPosted(QueuePair qp);

    void recvPosted(QueuePair qp);

    void destroyed(QueuePair qp);
}
