package dev.ibmesh.runtime.transport;

import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;

/**
 * The request metadata that names both ends of a link: the dialling node's GUID and port, and the serving device and
 * the port it wants there. The server interceptor moves them into the gRPC {@link Context} for the service.
 */
public final class LinkMetadata {
    public static final Metadata.Key<String> NODE_GUID =
            Metadata.Key.of("ibmesh-node-guid", Metadata.ASCII_STRING_MARSHALLER);
    public static final Metadata.Key<String> PORT = Metadata.Key.of("ibmesh-port", Metadata.ASCII_STRING_MARSHALLER);
    public static final Metadata.Key<String> TARGET_PORT =
            Metadata.Key.of("ibmesh-target-port", Metadata.ASCII_STRING_MARSHALLER);
    /** The serving device's name: a shard's server hands the link to that device; a device's own checks it. */
    public static final Metadata.Key<String> TARGET_DEVICE =
            Metadata.Key.of("ibmesh-target-device", Metadata.ASCII_STRING_MARSHALLER);

    static final Context.Key<Metadata> HEADERS = Context.key("ibmesh-link-headers");

    private LinkMetadata() {}

    public static Metadata of(long nodeGuid, int port, String targetDevice, int targetPort) {
        Metadata m = new Metadata();
        m.put(TARGET_DEVICE, targetDevice);
        m.put(NODE_GUID, String.format("0x%016x", nodeGuid));
        m.put(PORT, Integer.toString(port));
        m.put(TARGET_PORT, Integer.toString(targetPort));
        return m;
    }

    /** Puts the request headers into the call's Context. */
    public static ServerInterceptor serverInterceptor() {
        return new ServerInterceptor() {
            @Override
            public <Q, R> ServerCall.Listener<Q> interceptCall(
                    ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next) {
                return Contexts.interceptCall(Context.current().withValue(HEADERS, headers), call, headers, next);
            }
        };
    }
}
