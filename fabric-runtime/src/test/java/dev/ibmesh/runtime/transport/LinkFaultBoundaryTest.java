package dev.ibmesh.runtime.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.proto.link.v1.LinkMessage;
import dev.ibmesh.proto.link.v1.VirtualLinkGrpc;
import dev.ibmesh.runtime.time.ManualScheduler;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Server;
import io.grpc.Status;
import io.grpc.stub.MetadataUtils;
import io.grpc.stub.StreamObserver;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A port that fails while taking a stream refuses it: the serving end answers INTERNAL, the dialling end abandons
 * the stream and dials again.
 */
class LinkFaultBoundaryTest {
    /** Takes a stream, after failing to the first {@code failures} times. */
    private static final class Handler implements LinkHandler {
        final int failures;
        final CompletableFuture<Void> taken = new CompletableFuture<>();
        int calls;

        Handler(int failures) {
            this.failures = failures;
        }

        @Override
        public boolean onConnected(LinkConnection connection) {
            if (calls++ < failures) {
                throw new IllegalStateException("port bug");
            }
            taken.complete(null);
            return true;
        }

        @Override
        public void onMessage(LinkMessage message) {}

        @Override
        public void onReady() {}

        @Override
        public void onDisconnected(Status cause) {}
    }

    /** The device's event loop: the server, the channel and the test's calls all run here. */
    private final ExecutorService loop = Executors.newSingleThreadExecutor();

    private final InProcessLinkTransport transport = new InProcessLinkTransport("fault-" + System.nanoTime());
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
        loop.shutdownNow();
    }

    private void serve(Handler port1) throws Exception {
        server = transport.startServer("dev", List.of(new VirtualLinkService("dev", n -> n == 1 ? port1 : null)), loop);
        channel = transport.channel("dev", loop);
    }

    @Test
    void aPortFailingToTakeAStreamRefusesItWithInternal() throws Exception {
        serve(new Handler(1));
        CompletableFuture<Status> refused = new CompletableFuture<>();
        VirtualLinkGrpc.newStub(channel)
                .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(LinkMetadata.of(0xB1, 1, "dev", 1)))
                .connect(new StreamObserver<>() {
                    @Override
                    public void onNext(LinkMessage value) {}

                    @Override
                    public void onError(Throwable t) {
                        refused.complete(Status.fromThrowable(t));
                    }

                    @Override
                    public void onCompleted() {
                        refused.complete(Status.OK);
                    }
                });
        Status status = refused.get(10, TimeUnit.SECONDS);
        assertEquals(Status.Code.INTERNAL, status.getCode(), status.toString());
        assertTrue(status.getDescription().contains("port bug"), status.getDescription());
    }

    @Test
    void aDialledPortThatFailsToTakeTheStreamIsDialledAgain() throws Exception {
        Handler remote = new Handler(0);
        serve(remote);
        Handler local = new Handler(1);
        ManualScheduler clock = new ManualScheduler();
        Metadata headers = LinkMetadata.of(0xA1, 1, "dev", 1);
        LinkDialer dialer = onLoop(() -> new LinkDialer(new GrpcLinkOpener(channel, headers, "dev/1"), local, clock));
        onLoop(() -> {
            dialer.start();
            return null;
        });
        assertEquals(1, onLoop(() -> local.calls));
        assertEquals(LinkDialer.INITIAL_BACKOFF_NANOS, onLoop(clock::nextDue), "a redial is due");
        onLoop(() -> {
            clock.advance(LinkDialer.INITIAL_BACKOFF_NANOS);
            return null;
        });
        local.taken.get(10, TimeUnit.SECONDS);
        assertEquals(2, onLoop(() -> local.calls), "the second stream is taken");
        remote.taken.get(10, TimeUnit.SECONDS);
    }

    private <T> T onLoop(Supplier<T> work) throws Exception {
        return CompletableFuture.supplyAsync(work, loop).get(10, TimeUnit.SECONDS);
    }
}
