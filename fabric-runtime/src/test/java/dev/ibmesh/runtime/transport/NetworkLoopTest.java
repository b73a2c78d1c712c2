package dev.ibmesh.runtime.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

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
    void aDevicesServerAndChannelReadOnItsEventLoop() throws Exception {
        Context device = vertx.getOrCreateContext();
        String loop = threadOf(device);
        CallThreads seen = call(NetworkLoop.of(device));
        assertEquals(loop, seen.server(), "the server's reads");
        assertEquals(loop, seen.client(), "the channel's reads");
    }

    @Test
    void withoutALoopTheTransportUsesItsOwnThreads() throws Exception {
        String loop = threadOf(vertx.getOrCreateContext());
        CallThreads seen = call(null);
        assertNotEquals(loop, seen.server());
        assertNotEquals(loop, seen.client());
    }

    private record CallThreads(String server, String client) {}

    /** One health check through a server and a channel whose I/O is on {@code io}: the threads each end read on. */
    private CallThreads call(NetworkLoop io) throws Exception {
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
        server = transport.startServer("127.0.0.1:0", List.of(health), Runnable::run, io);
        channel = transport.channel("127.0.0.1:" + server.getPort(), Runnable::run, io);
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
        return new CallThreads(served.get(10, TimeUnit.SECONDS), answered.get(10, TimeUnit.SECONDS));
    }

    private static String threadOf(Context context) throws Exception {
        CompletableFuture<String> name = new CompletableFuture<>();
        context.runOnContext(v -> name.complete(Thread.currentThread().getName()));
        return name.get(10, TimeUnit.SECONDS);
    }
}
