package dev.ibmesh.device.hca.transport.ud;

import dev.ibmesh.device.hca.transport.QpEngine;
import dev.ibmesh.device.hca.transport.TransportContext;
import dev.ibmesh.device.hca.verbs.QueuePair;
import dev.ibmesh.wire.IbaFrame;

/** The Unreliable Datagram transport of one QP: a {@link UdSender} and a {@link UdReceiver}. */
public final class UdEngine extends QpEngine {
    private final UdSender sender;
    private final UdReceiver receiver;

    public UdEngine(QueuePair qp, TransportContext ctx) {
        super(qp, ctx);
        this.sender = new UdSender(qp, ctx, counters, this::completeSend, this::pump, this::enterSendQueueError);
        this.receiver = new UdReceiver(qp, ctx, counters, this::completeRecv);
    }

    @Override
    public void onPacket(IbaFrame p) {
        receiver.onPacket(p);
    }

    @Override
    protected void pump() {
        sender.pump();
    }

    @Override
    protected int sendPsn() {
        return sender.psn();
    }

    @Override
    protected int expectedPsn() {
        // UD checks no receive sequence (IBA 9.7.1.2 [unverified]): the value modify-QP set stays.
        return qp.rqPsn();
    }

    @Override
    protected void startReceiving() {
        // UD has no receive-side sequence state.
    }

    @Override
    protected void startSending() {
        sender.start();
    }

    @Override
    protected void reset() {
        sender.reset();
    }

    @Override
    protected void flushTaken() {
        // A UD send is complete when it is transmitted; the transport holds no taken request.
    }
}
