package dev.ibmesh.runtime.transport;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFactory;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.ServerChannel;
import io.vertx.core.Context;
import io.vertx.core.internal.ContextInternal;
import io.vertx.core.spi.transport.Transport;

/**
 * Where a device's gRPC links do their network I/O: on the device's own Vert.x event loop, the thread that runs its
 * ports. A link message then goes from the socket to the port, and from the port to the socket, without a hand-off to
 * gRPC's Netty threads and back: on 2 cores those hand-offs (two thread wake-ups per message each way) kept RDMA
 * WRITE over loopback at 2.4-2.6 Gb/s, and without them it is 3.2-3.7 (./bench rc --loopback).
 *
 * <p>The channels are of the Vert.x transport's kind, so they fit its event loops. A server accepts on Vert.x's
 * acceptor loops: binding waits for the accepting loop, which must not be the caller's own.
 *
 * @param eventLoop the device's event loop: its connections' I/O
 * @param acceptor where a server accepts connections
 */
public record NetworkLoop(
        EventLoop eventLoop,
        EventLoopGroup acceptor,
        ChannelFactory<? extends Channel> channels,
        ChannelFactory<? extends ServerChannel> serverChannels) {

    /** The event loop of {@code context} (a device's), with the channel kinds of its Vert.x instance. */
    public static NetworkLoop of(Context context) {
        ContextInternal c = (ContextInternal) context;
        Transport transport = c.owner().transport();
        return new NetworkLoop(
                c.nettyEventLoop(),
                c.owner().acceptorEventLoopGroup(),
                transport.channelFactory(false),
                transport.serverChannelFactory(false));
    }
}
