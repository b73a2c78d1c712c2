package dev.ibmesh.device.hca.grpc;

import io.grpc.BindableService;
import io.grpc.ForwardingServerCall.SimpleForwardingServerCall;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.Status;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Logs every verbs call that ends with an error status, as the client saw it (the RPC, the status code and its
 * description, which names the field, limit and value): at INFO, since a refused request is what an operator looks
 * for when a client misbehaves. Calls that succeed are not logged.
 */
public final class VerbsErrorLog implements ServerInterceptor {
    private static final Logger LOG = LoggerFactory.getLogger(VerbsErrorLog.class);

    private final String device;

    private VerbsErrorLog(String device) {
        this.device = device;
    }

    /** {@code service} with its errors logged under the device's name. */
    public static BindableService around(BindableService service, String device) {
        return () -> ServerInterceptors.intercept(service, new VerbsErrorLog(device));
    }

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(
            ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next) {
        return next.startCall(
                new SimpleForwardingServerCall<>(call) {
                    @Override
                    public void close(Status status, Metadata trailers) {
                        if (!status.isOk()) {
                            LOG.info(
                                    "{} verbs {} refused: {}: {}",
                                    device,
                                    call.getMethodDescriptor().getBareMethodName(),
                                    status.getCode(),
                                    status.getDescription());
                        }
                        super.close(status, trailers);
                    }
                },
                headers);
    }
}
