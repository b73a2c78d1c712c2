package dev.ibmesh.gateway;

import dev.ibmesh.runtime.control.ServingGrpc;
import dev.ibmesh.runtime.madport.MadPort;
import io.grpc.ServerInterceptors;
import io.grpc.ServerServiceDefinition;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * The gateway's gRPC server: {@code ibmesh.gateway.v1.MadGateway} on one local port, behind the token check when the
 * gateway has a token, beside gRPC reflection and the standard health service (which need no token: a Kubernetes
 * probe has none).
 */
public final class GatewayServer implements AutoCloseable {
    private final ServingGrpc serving;

    private GatewayServer(ServingGrpc serving) {
        this.serving = serving;
    }

    /**
     * Serves {@code port} on {@code host:listen} (0: a free port).
     *
     * @param backend  names where {@code port} is, for clients ("umad mlx5_0:1")
     * @param token    what clients must present; empty: anyone who reaches the address may use the port
     * @param readOnly only Get-like requests pass (see {@link AccessPolicy})
     * @throws IOException the address cannot be bound
     */
    public static GatewayServer start(
            MadPort port,
            String backend,
            Optional<String> token,
            boolean readOnly,
            String host,
            int listen,
            MeterRegistry registry)
            throws IOException {
        GatewayMetrics metrics = new GatewayMetrics(registry);
        ServerServiceDefinition gateway =
                new MadGatewayService(port, backend, new AccessPolicy(readOnly), metrics).bindService();
        if (token.isPresent()) {
            gateway = ServerInterceptors.intercept(gateway, new TokenCheck(token.get(), metrics));
        }
        return new GatewayServer(ServingGrpc.start(host, listen, List.of(gateway)));
    }

    public int port() {
        return serving.port();
    }

    /** Tells health watchers the gateway is going and ends every session (each releases what it held). */
    @Override
    public void close() {
        serving.close();
    }
}
