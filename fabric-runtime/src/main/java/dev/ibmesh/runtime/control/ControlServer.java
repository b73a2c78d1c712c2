package dev.ibmesh.runtime.control;

import dev.ibmesh.proto.fabric.v1.FabricGrpc;
import dev.ibmesh.runtime.device.CaptureControl;
import dev.ibmesh.runtime.device.Fabric;
import io.grpc.BindableService;
import io.grpc.Server;
import io.grpc.ServerServiceDefinition;
import io.grpc.health.v1.HealthCheckResponse.ServingStatus;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.protobuf.services.HealthStatusManager;
import io.grpc.protobuf.services.ProtoReflectionService;
import io.grpc.protobuf.services.ProtoReflectionServiceV1;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The gRPC server of a running fabric's control API: {@code ibmesh.fabric.v1.Fabric} ({@link FabricService}), gRPC
 * server reflection (v1 and the older v1alpha that many clients still ask first), so a generic client such as
 * grpcurl explores it without the .proto files, and the standard health service (SERVING for the server and the
 * Fabric service while it runs), plus the services its caller adds (the cli adds the HCAs' verbs). Calls run on gRPC's own threads; they only hop to the devices' loops.
 */
public final class ControlServer implements AutoCloseable {
    private final Server server;
    private final HealthStatusManager health;

    private ControlServer(Server server, HealthStatusManager health) {
        this.server = server;
        this.health = health;
    }

    /**
     * Serves {@code fabric}'s control API on {@code host:port} (port 0: a free one, see {@link #port()}), its
     * captures through {@code captures}, with {@code more} services beside Fabric (the HCAs' verbs, which the caller
     * wires: this module knows no HCA), each reported SERVING by the health service too.
     *
     * @throws IOException the address cannot be bound (taken, or not this host's)
     */
    @SuppressWarnings("deprecation") // ProtoReflectionService is v1alpha, kept for clients that know no other
    public static ControlServer start(
            Fabric fabric, CaptureControl captures, String host, int port, List<BindableService> more)
            throws IOException {
        HealthStatusManager health = new HealthStatusManager();
        NettyServerBuilder builder = NettyServerBuilder.forAddress(new InetSocketAddress(host, port));
        List<ServerServiceDefinition> extra =
                more.stream().map(BindableService::bindService).toList();
        extra.forEach(builder::addService);
        Server server = builder.addService(new FabricService(fabric, captures, Clock.systemUTC()))
                .addService(ProtoReflectionServiceV1.newInstance())
                .addService(ProtoReflectionService.newInstance())
                .addService(health.getHealthService())
                .build()
                .start();
        health.setStatus("", ServingStatus.SERVING);
        health.setStatus(FabricGrpc.SERVICE_NAME, ServingStatus.SERVING);
        extra.forEach(d -> health.setStatus(d.getServiceDescriptor().getName(), ServingStatus.SERVING));
        return new ControlServer(server, health);
    }

    /** The port the server listens on. */
    public int port() {
        return server.getPort();
    }

    /** Tells health watchers the server is going, ends every call (event streams too) and waits briefly. */
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
