package dev.ibmesh.device.hca.transport.rc;

import dev.ibmesh.device.hca.transport.Ops;
import dev.ibmesh.device.hca.transport.QpEngine;
import dev.ibmesh.device.hca.transport.TransportContext;
import dev.ibmesh.device.hca.verbs.QpState;
import dev.ibmesh.device.hca.verbs.QueuePair;
import dev.ibmesh.wire.IbaFrame;
import java.util.ArrayDeque;

/**
 * The Reliable Connection transport of one QP, split as rxe splits it: the {@link RcRequester} sends requests, the
 * {@link RcCompleter} takes their responses and completes them (with {@link RcRetry} deciding retries), the
 * {@link RcResponder} executes the peer's requests.
 */
public final class RcEngine extends QpEngine {
    private final ArrayDeque<RcWqe> outstanding = new ArrayDeque<>();
    private final RcRequester requester;
    private final RcRetry retry;
    private final RcCompleter completer;
    private final RcResponder responder;

    public RcEngine(QueuePair qp, TransportContext ctx) {
        super(qp, ctx);
        this.requester = new RcRequester(qp, ctx, counters, outstanding, this::pump);
        this.retry = new RcRetry(qp, ctx, counters, this::pump);
        this.completer =
                new RcCompleter(qp, ctx, counters, outstanding, requester, retry, this::completeSend, this::fail);
        this.responder = new RcResponder(qp, ctx, counters, this::completeRecv, this::fail);
        requester.bind(retry, completer);
        retry.bind(requester, completer);
    }

    @Override
    public void onPacket(IbaFrame p) {
        if (!Ops.isResponse(Ops.op(p.opCode()))) {
            responder.onRequest(p);
        } else if (qp.state() == QpState.RTS || qp.state() == QpState.SQD) {
            completer.onResponse(p);
            pump();
        } else {
            counters.drop();
        }
    }

    @Override
    protected void pump() {
        requester.pump();
        completer.retire();
    }

    @Override
    protected int sendPsn() {
        return requester.nextPsn();
    }

    @Override
    protected int expectedPsn() {
        return responder.epsn();
    }

    @Override
    protected void startReceiving() {
        responder.start();
    }

    @Override
    protected void startSending() {
        requester.start();
        completer.start();
        retry.restoreCounts();
    }

    @Override
    protected void reset() {
        retry.stop();
        requester.reset();
        outstanding.clear();
        responder.reset();
    }

    @Override
    protected void flushTaken() {
        completer.flush();
        responder.flush();
    }
}
