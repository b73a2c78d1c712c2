package dev.ibmesh.gateway;

import dev.ibmesh.proto.gateway.v1.MadGatewayGrpc;
import dev.ibmesh.runtime.madport.MadPort;
import io.grpc.Server;
import io.grpc.ServerInterceptors;
import io.grpc.ServerServiceDefinition;
import io.grpc.health.v1.HealthCheckResponse.ServingStatus;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.protobuf.services.HealthStatusManager;
import io.grpc.protobuf.services.ProtoReflectionServiceV1;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The gateway's gRPC server: {@code ibmesh.gateway.v1.MadGateway} on one local port, behind the token check when the
 * gateway has a token, beside gRPC reflection and the standard health service (which need no token: a Kubernetes
 * probe has none).
 */
public final class GatewayServer implements AutoCloseable {
    private final Server server;
    private final HealthStatusManager health;

    private GatewayServer(Server server, HealthStatusManager health) {
        this.server = server;
        this.health = health;
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
        HealthStatusManager health = new HealthStatusManager();
        Server server = NettyServerBuilder.forAddress(new InetSocketAddress(host, listen))
                .addService(gateway)
                .addService(ProtoReflectionServiceV1.newInstance())
                .addService(health.getHealthService())
                .build()
                .start();
        health.setStatus("", ServingStatus.SERVING);
        health.setStatus(MadGatewayGrpc.SERVICE_NAME, ServingStatus.SERVING);
        return new GatewayServer(server, health);
    }

    public int port() {
        return server.getPort();
    }

    /** Tells health watchers the gateway is going and ends every session (each releases what it held). */
    @Override
    public void close() {
        health.enterTerminalState();
        try {
            server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
