package dev.ibmesh.gateway;

import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * Lets through only calls that present the gateway's token as {@code authorization: Bearer TOKEN} (RFC 6750's form,
 * which gRPC clients and proxies know); others end with UNAUTHENTICATED before the service sees them. The comparison
 * takes the same time wherever the tokens differ.
 */
final class TokenCheck implements ServerInterceptor {
    static final Metadata.Key<String> AUTHORIZATION =
            Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER);
    static final String BEARER = "Bearer ";

    private final byte[] expected;
    private final GatewayMetrics metrics;

    TokenCheck(String token, GatewayMetrics metrics) {
        this.expected = (BEARER + token).getBytes(StandardCharsets.UTF_8);
        this.metrics = metrics;
    }

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(
            ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next) {
        String given = headers.get(AUTHORIZATION);
        if (given == null || !MessageDigest.isEqual(expected, given.getBytes(StandardCharsets.UTF_8))) {
            metrics.refused("unauthenticated");
            call.close(
                    Status.UNAUTHENTICATED.withDescription(
                            given == null
                                    ? "the gateway needs its token (authorization: Bearer TOKEN)"
                                    : "the token is not the gateway's"),
                    new Metadata());
            return new ServerCall.Listener<>() {};
        }
        return next.startCall(call, headers);
    }
}
