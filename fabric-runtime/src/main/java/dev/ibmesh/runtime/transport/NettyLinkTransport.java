package dev.ibmesh.runtime.transport;

import io.grpc.BindableService;
import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.ServerInterceptors;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.Executor;

/** Links across processes and hosts: gRPC over HTTP/2 (plaintext). Addresses are {@code host:port}. */
public final class NettyLinkTransport implements LinkTransport {
    @Override
    public Server startServer(String address, List<BindableService> services, Executor executor) throws IOException {
        NettyServerBuilder b = NettyServerBuilder.forAddress(socket(address)).executor(executor);
        for (BindableService s : services) {
            b.addService(ServerInterceptors.intercept(s, LinkMetadata.serverInterceptor()));
        }
        return b.build().start();
    }

    @Override
    public ManagedChannel channel(String address, Executor executor) {
        InetSocketAddress a = socket(address);
        return NettyChannelBuilder.forAddress(a.getHostString(), a.getPort())
                .usePlaintext()
                .executor(executor)
                .build();
    }

    /** Parses {@code host:port} (IPv6 hosts in brackets). */
    static InetSocketAddress socket(String address) {
        int colon = address.lastIndexOf(':');
        if (colon <= 0 || colon == address.length() - 1) {
            throw new IllegalArgumentException("address must be host:port, was '" + address + "'");
        }
        String host = address.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        int port;
        try {
            port = Integer.parseInt(address.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("port in '" + address + "' is not a number");
        }
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port in '" + address + "' must be 0..65535");
        }
        return new InetSocketAddress(host, port);
    }
}
