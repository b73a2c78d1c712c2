package dev.ibmesh.runtime.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.proto.link.v1.LinkMessage;
import dev.ibmesh.proto.link.v1.VirtualLinkGrpc;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.stub.MetadataUtils;
import io.grpc.stub.StreamObserver;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A shard's listener hands each link to the device its header names, and refuses, with the reason, a link for a
 * device the shard does not run; a device refuses a link meant for another.
 */
class ShardLinkTransportTest {
    private final ExecutorService loop = Executors.newSingleThreadExecutor();
    private final ShardLinkTransport shard = new ShardLinkTransport("shard-" + System.nanoTime());
    private final List<ManagedChannel> channels = new ArrayList<>();

    @AfterEach
    void tearDown() {
        channels.forEach(ManagedChannel::shutdownNow);
        shard.close();
        loop.shutdownNow();
    }

    @Test
    void aLinkReachesTheDeviceItNamesAndNoOther() throws Exception {
        int port = shard.listen("127.0.0.1:0");
        // sw1 has no ports: a link that reaches it is refused by sw1 itself, naming the port.
        shard.startServer("sw1", List.of(new VirtualLinkService("sw1", n -> null)), loop);
        String sw1 = ShardLinkTransport.remote("sw1", "127.0.0.1:" + port);
        String nobody = ShardLinkTransport.remote("nobody", "127.0.0.1:" + port);

        Status reached = refusal(sw1, LinkMetadata.of(0xA1, 1, "sw1", 7));
        assertEquals(Status.Code.NOT_FOUND, reached.getCode());
        assertEquals("this device has no port 7", reached.getDescription());

        Status missing = refusal(nobody, LinkMetadata.of(0xA1, 1, "nobody", 1));
        assertEquals(Status.Code.NOT_FOUND, missing.getCode());
        assertTrue(missing.getDescription().contains("does not run device 'nobody'"), missing.getDescription());
    }

    @Test
    void aDeviceRefusesALinkMeantForAnother() throws Exception {
        shard.startServer("sw1", List.of(new VirtualLinkService("sw1", n -> null)), loop);
        Status wrong = refusal("sw1", LinkMetadata.of(0xA1, 1, "sw2", 1));
        assertEquals(Status.Code.NOT_FOUND, wrong.getCode());
        assertTrue(wrong.getDescription().contains("this is device 'sw1', not 'sw2'"), wrong.getDescription());
    }

    /** How the serving side ends a Connect stream dialled to {@code address} with {@code headers}. */
    private Status refusal(String address, Metadata headers) throws Exception {
        ManagedChannel channel = shard.channel(address, loop);
        channels.add(channel);
        CompletableFuture<Status> ended = new CompletableFuture<>();
        VirtualLinkGrpc.newStub(channel)
                .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers))
                .connect(new StreamObserver<>() {
                    @Override
                    public void onNext(LinkMessage value) {}

                    @Override
                    public void onError(Throwable t) {
                        ended.complete(Status.fromThrowable(t));
                    }

                    @Override
                    public void onCompleted() {
                        ended.complete(Status.OK);
                    }
                });
        return ended.get(10, TimeUnit.SECONDS);
    }
}
