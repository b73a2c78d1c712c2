package dev.ibmesh.runtime.control;

import io.grpc.Server;
import io.grpc.ServerServiceDefinition;
import io.grpc.health.v1.HealthCheckResponse.ServingStatus;
import io.grpc.netty.NettyServerBuilder;
import io.grpc.protobuf.services.HealthStatusManager;
import io.grpc.protobuf.services.ProtoReflectionService;
import io.grpc.protobuf.services.ProtoReflectionServiceV1;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A gRPC server as every ibmesh service runs one: its services, gRPC server reflection (v1 and the older v1alpha
 * that many clients still ask first), so a generic client such as grpcurl explores it without the .proto files, and
 * the standard health service, SERVING for the server and each service while it runs.
 */
public final class ServingGrpc implements AutoCloseable {
    private final Server server;
    private final HealthStatusManager health;

    private ServingGrpc(Server server, HealthStatusManager health) {
        this.server = server;
        this.health = health;
    }

    /**
     * Serves {@code services} on {@code host:port} (port 0: a free one, see {@link #port()}).
     *
     * @throws IOException the address cannot be bound (taken, or not this host's)
     */
    @SuppressWarnings("deprecation") // ProtoReflectionService is v1alpha, kept for clients that know no other
    public static ServingGrpc start(String host, int port, List<ServerServiceDefinition> services) throws IOException {
        HealthStatusManager health = new HealthStatusManager();
        NettyServerBuilder builder = NettyServerBuilder.forAddress(new InetSocketAddress(host, port));
        services.forEach(builder::addService);
        Server server = builder.addService(ProtoReflectionServiceV1.newInstance())
                .addService(ProtoReflectionService.newInstance())
                .addService(health.getHealthService())
                .build()
                .start();
        health.setStatus("", ServingStatus.SERVING);
        services.forEach(d -> health.setStatus(d.getServiceDescriptor().getName(), ServingStatus.SERVING));
        return new ServingGrpc(server, health);
    }

    /** The port the server listens on. */
    public int port() {
        return server.getPort();
    }

    /** Tells health watchers the server is going, ends every call (streams too) and waits briefly. */
    @Override
    public void close() {
        health.enterTerminalState();
        try {
            server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            // Shut down already; only the wait for the last calls is cut short.
            Thread.currentThread().interrupt();
        }
    }
}
