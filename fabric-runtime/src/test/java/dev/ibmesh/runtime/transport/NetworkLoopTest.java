package dev.ibmesh.runtime.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.stub.StreamObserver;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A device's server and channels over the network do their socket I/O on the device's own event loop. Every callback
 * here runs where the transport delivers it (a direct executor), so the thread a callback sees is the I/O thread.
 * Without a loop ({@code io} null, a tool's channel) they use gRPC's own threads, as the other transports' tests do.
 */
class NetworkLoopTest {
    private final Vertx vertx = Vertx.vertx();
    private final NettyLinkTransport transport = new NettyLinkTransport();
    private Server server;
    private ManagedChannel channel;

    @AfterEach
    void tearDown() throws Exception {
        if (channel != null) {
            channel.shutdownNow();
        }
        if (server != null) {
            server.shutdownNow();
        }
        vertx.close().await(10, TimeUnit.SECONDS);
    }

    @Test
    void aDevicesServerAndChannelStartedOnItsLoopReadThere() throws Exception {
        Context device = vertx.getOrCreateContext();
        NetworkLoop io = NetworkLoop.of(device);
        CompletableFuture<String> served = new CompletableFuture<>();
        HealthGrpc.HealthImplBase health = new HealthGrpc.HealthImplBase() {
            @Override
            public void check(HealthCheckRequest request, StreamObserver<HealthCheckResponse> out) {
                served.complete(Thread.currentThread().getName());
                out.onNext(HealthCheckResponse.newBuilder()
                        .setStatus(HealthCheckResponse.ServingStatus.SERVING)
                        .build());
                out.onCompleted();
            }
        };
        // As a device starts: on its own loop, which binding must not wait for.
        CompletableFuture<String> loop = new CompletableFuture<>();
        device.runOnContext(v -> {
            try {
                server = transport.startServer("127.0.0.1:0", List.of(health), Runnable::run, io);
                channel = transport.channel("127.0.0.1:" + server.getPort(), Runnable::run, io);
                loop.complete(Thread.currentThread().getName());
            } catch (Exception | Error e) {
                loop.completeExceptionally(e);
            }
        });
        String loopThread = loop.get(10, TimeUnit.SECONDS);
        CompletableFuture<String> answered = new CompletableFuture<>();
        HealthGrpc.newStub(channel).check(HealthCheckRequest.getDefaultInstance(), new StreamObserver<>() {
            @Override
            public void onNext(HealthCheckResponse value) {
                answered.complete(Thread.currentThread().getName());
            }

            @Override
            public void onError(Throwable t) {
                answered.completeExceptionally(t);
            }

            @Override
            public void onCompleted() {}
        });
        assertEquals(loopThread, answered.get(10, TimeUnit.SECONDS), "the channel's reads");
        assertEquals(loopThread, served.get(10, TimeUnit.SECONDS), "the server's reads");
    }
}
