package dev.ibmesh.device.hca.grpc;

import dev.ibmesh.device.hca.verbs.CompletionChannel;
import dev.ibmesh.device.hca.verbs.Verbs;
import dev.ibmesh.device.hca.verbs.VerbsException;
import dev.ibmesh.device.hca.verbs.WorkCompletion;
import dev.ibmesh.runtime.fault.FaultLog;
import io.grpc.Status;
import io.grpc.stub.ServerCallStreamObserver;
import java.util.List;

/**
 * One WatchCompletions call: the CQ's completion channel, which polls the CQ on each event and sends what it took
 * down the stream, one completion per message, while the stream is ready (gRPC flow control: what the client has not
 * read yet stays in the CQ). Ends OK when the CQ is destroyed, with the poll's status when polling fails (an
 * overrun); a cancelled stream detaches from the CQ, which stays as it is. Event loop only, like the verbs.
 */
final class CompletionStream implements CompletionChannel {
    private final Verbs verbs;
    private final int cq;
    private final ServerCallStreamObserver<dev.ibmesh.proto.verbs.v1.WorkCompletion> out;
    private boolean ended;

    CompletionStream(Verbs verbs, int cq, ServerCallStreamObserver<dev.ibmesh.proto.verbs.v1.WorkCompletion> out) {
        this.verbs = verbs;
        this.cq = cq;
        this.out = out;
    }

    /** Attaches to the CQ (throws {@link VerbsException} when it cannot) and sends what the CQ already holds. */
    void start() {
        verbs.attachChannel(cq, this);
        out.setOnCancelHandler(() -> {
            ended = true;
            verbs.detachChannel(cq, this);
        });
        out.setOnReadyHandler(this::drain);
        drain();
    }

    @Override
    public void completion() {
        drain();
    }

    @Override
    public void closed() {
        if (!ended) {
            ended = true;
            out.onCompleted();
        }
    }

    private void drain() {
        // A cancel marks the call at once but reaches the handler later, on the loop: take nothing for it meanwhile.
        while (!ended && !out.isCancelled() && out.isReady()) {
            List<WorkCompletion> taken;
            try {
                taken = verbs.pollCq(cq, 1);
            } catch (VerbsException e) {
                end(VerbsErrors.toStatus(e).getStatus());
                return;
            }
            if (taken.isEmpty()) {
                return;
            }
            try {
                out.onNext(VerbsMapper.workCompletion(taken.get(0)));
            } catch (RuntimeException e) {
                // The call broke under us; the completion is lost with it. Never let it reach the transport that
                // pushed.
                FaultLog.shared().caught("CompletionStream", e);
                ended = true;
                verbs.detachChannel(cq, this);
                return;
            }
        }
    }

    private void end(Status status) {
        ended = true;
        verbs.detachChannel(cq, this);
        out.onError(status.asRuntimeException());
    }
}
