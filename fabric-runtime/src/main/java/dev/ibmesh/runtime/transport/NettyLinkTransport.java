package dev.ibmesh.runtime.transport;

import io.grpc.BindableService;
import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.ServerInterceptors;
import io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.NettyServerBuilder;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

/**
 * Links across processes and hosts: gRPC over HTTP/2 (plaintext). Addresses are {@code host:port}.
 *
 * <p>A cable pulled between hosts (a network cut, a host gone) leaves TCP connections open but silent, and a link
 * is down only once its stream ends. So both ends ping a silent connection and end it when a ping goes unanswered for
 * {@link #PING_TIMEOUT_SECONDS} s: the serving end pings after {@link #SERVER_PING_SECONDS} s, the dialling end after
 * {@link #CLIENT_PING_SECONDS} s (the least grpc-java lets a client ask). The ports see LinkDown within seconds, as
 * they would a lost signal, and the dialler dials again until the network is back.
 *
 * <p>A device's server and channels do their I/O on the device's own event loop ({@link NetworkLoop}); without one
 * (a client of a test or a tool) a channel uses gRPC's Netty threads.
 */
public final class NettyLinkTransport implements LinkTransport {
    static final long SERVER_PING_SECONDS = 2;
    static final long CLIENT_PING_SECONDS = 10;
    static final long PING_TIMEOUT_SECONDS = 2;

    @Override
    public Server startServer(String address, List<BindableService> services, Executor executor, NetworkLoop io)
            throws IOException {
        NettyServerBuilder b = serverBuilder(address).executor(executor);
        if (io != null) {
            b.bossEventLoopGroup(io.acceptor())
                    .workerEventLoopGroup(io.eventLoop())
                    .channelFactory(io.serverChannels());
        }
        for (BindableService s : services) {
            b.addService(ServerInterceptors.intercept(s, LinkMetadata.serverInterceptor()));
        }
        return b.build().start();
    }

    @Override
    public ManagedChannel channel(String address, Executor executor, NetworkLoop io) {
        InetSocketAddress a = unresolved(address); // gRPC's resolver looks the name up, off the device's loop
        NettyChannelBuilder b = NettyChannelBuilder.forAddress(a.getHostString(), a.getPort())
                .usePlaintext()
                .keepAliveTime(CLIENT_PING_SECONDS, TimeUnit.SECONDS)
                .keepAliveTimeout(PING_TIMEOUT_SECONDS, TimeUnit.SECONDS)
                .keepAliveWithoutCalls(true)
                .executor(executor);
        if (io != null) {
            b.eventLoopGroup(io.eventLoop()).channelFactory(io.channels());
        }
        return b.build();
    }

    /** A server on {@code address} that pings its clients and lets them ping it, as {@link #channel} does. */
    static NettyServerBuilder serverBuilder(String address) {
        InetSocketAddress a = unresolved(address);
        return NettyServerBuilder.forAddress(new InetSocketAddress(a.getHostString(), a.getPort()))
                .keepAliveTime(SERVER_PING_SECONDS, TimeUnit.SECONDS)
                .keepAliveTimeout(PING_TIMEOUT_SECONDS, TimeUnit.SECONDS)
                .permitKeepAliveTime(CLIENT_PING_SECONDS / 2, TimeUnit.SECONDS)
                .permitKeepAliveWithoutCalls(true);
    }

    /** Parses {@code host:port} (IPv6 hosts in brackets), without looking the host up. */
    static InetSocketAddress unresolved(String address) {
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
        return InetSocketAddress.createUnresolved(host, port);
    }
}
