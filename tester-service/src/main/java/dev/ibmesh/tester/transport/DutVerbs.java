package dev.ibmesh.tester.transport;

import dev.ibmesh.proto.verbs.v1.VerbsGrpc;
import dev.ibmesh.tester.engine.TesterError;
import io.grpc.Channel;
import io.grpc.StatusRuntimeException;
import java.util.function.Function;

/**
 * The DUT's verbs, as an application drives a real HCA (the CTS's "instruct the DUT to post WQEs / poll CQ"): the
 * {@code ibmesh.verbs.v1.Verbs} service of the DUT, over its gRPC channel. A refused call is the tester's setup
 * going wrong, not a verdict on the DUT: it is a {@link TesterError} naming the call and the status.
 *
 * <p>Threading: blocking calls on the procedure's thread.
 */
public final class DutVerbs {
    private final VerbsGrpc.VerbsBlockingStub stub;

    public DutVerbs(Channel channel) {
        this.stub = VerbsGrpc.newBlockingStub(channel);
    }

    /** Makes one call: {@code DutVerbs.call("ModifyQp to RTR", s -> s.modifyQp(request))}. */
    public <T> T call(String what, Function<VerbsGrpc.VerbsBlockingStub, T> call) {
        try {
            return call.apply(stub);
        } catch (StatusRuntimeException e) {
            throw new TesterError(
                    "the DUT refused " + what + ": " + e.getStatus().getCode() + " "
                            + e.getStatus().getDescription(),
                    e);
        }
    }
}
