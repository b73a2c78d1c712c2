package dev.ibmesh.runtime.transport;

import dev.ibmesh.proto.link.v1.LinkMessage;
import dev.ibmesh.proto.link.v1.VirtualLinkGrpc;
import io.grpc.BindableService;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Server;
import io.grpc.ServerCall;
import io.grpc.ServerCallExecutorSupplier;
import io.grpc.ServerInterceptors;
import io.grpc.Status;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

/**
 * The links of one shard of a fabric ({@code ibmesh up --shard K/N}): {@link LocalLinks} between the shard's own
 * devices, as in one JVM, and gRPC over the network to the devices of other shards. A shard listens on one address
 * for every link the other shards dial; each Connect stream goes to the device its {@code ibmesh-target-device}
 * header names, its callbacks on that device's event loop as if the device served it itself.
 *
 * <p>Addresses: a device of this shard by its name; a device of another shard as {@link #remote}{@code (device,
 * shard address)}.
 */
public final class ShardLinkTransport implements LinkTransport {
    private static final char AT = '@';

    /** A device of this shard: where its links are served, and its event loop. */
    private record Route(VirtualLinkService service, Executor loop, Server server) {}

    private final InProcessLinkTransport local;
    private final NettyLinkTransport network = new NettyLinkTransport();
    private final Map<String, Route> routes = new ConcurrentHashMap<>();
    private Server server;

    /** @param fabricId scopes the in-process names, as {@link InProcessLinkTransport}'s */
    public ShardLinkTransport(String fabricId) {
        this.local = new InProcessLinkTransport(fabricId);
    }

    /** The address of {@code device}, which the shard at {@code shardAddress} (host:port) runs. */
    public static String remote(String device, String shardAddress) {
        return device + AT + shardAddress;
    }

    /**
     * Starts serving the links other shards dial, on {@code address} (host:port; port 0 picks a free one). Returns the
     * bound port.
     */
    public int listen(String address) throws IOException {
        ServerCallExecutorSupplier byDevice = new ServerCallExecutorSupplier() {
            @Override
            public <Q, R> Executor getExecutor(ServerCall<Q, R> call, Metadata headers) {
                String device = headers.get(LinkMetadata.TARGET_DEVICE);
                Route r = device == null ? null : routes.get(device);
                return r == null ? null : r.loop();
            }
        };
        server = NettyLinkTransport.serverBuilder(address)
                .callExecutor(byDevice)
                .addService(ServerInterceptors.intercept(new Router(), LinkMetadata.serverInterceptor()))
                .build()
                .start();
        return server.getPort();
    }

    /** A device of this shard, {@code address} being its name: served in-process, and to other shards. */
    @Override
    public Server startServer(String address, List<BindableService> services, Executor executor, NetworkLoop io)
            throws IOException {
        Server s = local.startServer(address, services, executor);
        services.stream()
                .filter(VirtualLinkService.class::isInstance)
                .map(VirtualLinkService.class::cast)
                .findFirst()
                .ifPresent(v -> routes.put(address, new Route(v, executor, s)));
        return s;
    }

    @Override
    public ManagedChannel channel(String address, Executor executor, NetworkLoop io) {
        int at = address.lastIndexOf(AT);
        return at < 0 ? local.channel(address, executor) : network.channel(address.substring(at + 1), executor, io);
    }

    @Override
    public LocalLinks localLinks() {
        return local.localLinks();
    }

    /** A device of this shard; one of another shard is dialled over the network. */
    @Override
    public boolean isLocal(String address) {
        return address.lastIndexOf(AT) < 0;
    }

    @Override
    public void close() {
        if (server != null) {
            server.shutdown();
            try {
                server.awaitTermination(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Hands each Connect stream to the device its header names; refuses one for a device this shard lacks. */
    private final class Router extends VirtualLinkGrpc.VirtualLinkImplBase {
        @Override
        public StreamObserver<LinkMessage> connect(StreamObserver<LinkMessage> responseObserver) {
            Metadata headers = LinkMetadata.HEADERS.get();
            String device = headers == null ? null : headers.get(LinkMetadata.TARGET_DEVICE);
            Route r = device == null ? null : routes.get(device);
            ServerCallStreamObserver<LinkMessage> out = (ServerCallStreamObserver<LinkMessage>) responseObserver;
            if (r == null || r.server().isShutdown()) {
                return VirtualLinkService.refuse(
                        out,
                        Status.NOT_FOUND.withDescription("this shard does not run device '" + device
                                + "': the shards disagree on the topology or the number of shards"));
            }
            return r.service().connect(responseObserver);
        }
    }
}
