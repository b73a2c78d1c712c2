package dev.ibmesh.device.hca.transport.uc;

import dev.ibmesh.device.hca.transport.QpEngine;
import dev.ibmesh.device.hca.transport.TransportContext;
import dev.ibmesh.device.hca.verbs.QueuePair;
import dev.ibmesh.wire.IbaFrame;

/** The Unreliable Connection transport of one QP: a {@link UcSender} and a {@link UcReceiver}; no ACKs. */
public final class UcEngine extends QpEngine {
    private final UcSender sender;
    private final UcReceiver receiver;

    public UcEngine(QueuePair qp, TransportContext ctx) {
        super(qp, ctx);
        this.sender = new UcSender(qp, ctx, counters, this::completeSend, this::pump, this::enterSendQueueError);
        this.receiver = new UcReceiver(qp, ctx, counters, this::completeRecv, this::fail);
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
        return receiver.epsn();
    }

    @Override
    protected void startReceiving() {
        receiver.start();
    }

    @Override
    protected void startSending() {
        sender.start();
    }

    @Override
    protected void reset() {
        sender.reset();
        receiver.reset();
    }

    @Override
    protected void flushTaken() {
        sender.flush();
        receiver.flush();
    }
}
