package dev.ibmesh.gateway;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.ByteString;
import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.sa.NodeRecord;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.proto.gateway.v1.ClientMessage;
import dev.ibmesh.proto.gateway.v1.Failure;
import dev.ibmesh.proto.gateway.v1.GatewayMessage;
import dev.ibmesh.proto.gateway.v1.MadGatewayGrpc;
import dev.ibmesh.proto.gateway.v1.Outcome;
import dev.ibmesh.proto.gateway.v1.Transmit;
import dev.ibmesh.runtime.agent.HostMad;
import dev.ibmesh.runtime.device.FabricTestKit;
import dev.ibmesh.runtime.madport.IbsimMadPort;
import dev.ibmesh.runtime.madport.MadNotCarriedException;
import dev.ibmesh.runtime.madport.MadPort;
import dev.ibmesh.runtime.madport.MadSendException;
import dev.ibmesh.runtime.madport.MadTimeoutException;
import dev.ibmesh.runtime.madport.PortSmps;
import dev.ibmesh.runtime.sa.SaAnswer;
import dev.ibmesh.runtime.sa.SaClient;
import dev.ibmesh.runtime.umad.IbsimProcess;
import dev.ibmesh.sm.SmOptions;
import dev.ibmesh.sm.SmService;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.MetadataUtils;
import io.grpc.stub.StreamObserver;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The gateway between a client's {@link GatewayMadPort} and a port of Debian's ibsim (a switch with two CAs): the
 * client sees what a program on that port would, with the token and read-only mode enforced.
 */
class GatewayTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(2);
    private static final String TOKEN = "s3cret-token";

    @TempDir
    static Path dir;

    static IbsimProcess ibsim;

    @BeforeAll
    static void startIbsim() throws Exception {
        ibsim = IbsimProcess.start(
                dir, Files.writeString(dir.resolve("fabric.net"), IbsimProcess.SWITCH_AND_TWO_HCAS), "h1");
    }

    @AfterAll
    static void stopIbsim() {
        ibsim.close();
    }

    /** A gateway on ibsim's node {@code node}, with its own port and registry. */
    private record Gateway(MadPort local, GatewayServer server, SimpleMeterRegistry registry) implements AutoCloseable {
        static Gateway on(String node, boolean readOnly) throws Exception {
            MadPort local = IbsimMadPort.open(ibsim.address(node), TIMEOUT);
            SimpleMeterRegistry registry = new SimpleMeterRegistry();
            GatewayServer server = GatewayServer.start(
                    local, "ibsim " + ibsim.address(node), Optional.of(TOKEN), readOnly, "127.0.0.1", 0, registry);
            return new Gateway(local, server, registry);
        }

        MadPort client() {
            return client(Optional.of(TOKEN));
        }

        MadPort client(Optional<String> token) {
            return GatewayMadPort.open("127.0.0.1", server.port(), token, TIMEOUT);
        }

        double refused(String reason) {
            var c = registry.find("ibmesh.gateway.refused")
                    .tag("reason", reason)
                    .counter();
            return c == null ? 0 : c.count();
        }

        @Override
        public void close() {
            server.close();
            local.close();
        }
    }

    @Test
    void aClientGetsWhatAProgramOnTheGatewaysPortGetsWithItsOwnTid() throws Exception {
        try (Gateway g = Gateway.on("h2", false);
                MadPort client = g.client()) {
            assertEquals("h2", client.identity().nodeName());
            assertEquals(g.local().identity(), client.identity());
            HostMad request = PortSmps.get(client, NodeInfo.ATTRIBUTE_ID, 0, 1);
            HostMad answer = client.request(request, TIMEOUT).join();
            assertEquals(
                    request.mad().header().transactionId(),
                    answer.mad().header().transactionId());
            NodeInfo sw = NodeInfo.decode(DrSmp.decode(answer.mad()).data(), 0);
            assertEquals(NodeInfo.NODE_TYPE_SWITCH, sw.nodeType());
            assertEquals(2, sw.localPortNum(), "h2 is cabled to port 2 of the switch");
            assertEquals(g.local().lid().join(), client.lid().join(), "the port's LID, whether an SM gave one or not");
        }
    }

    @Test
    void clientsThatPickTheSameTidDoNotCollide() throws Exception {
        try (Gateway g = Gateway.on("h1", false);
                MadPort a = g.client();
                MadPort b = g.client()) {
            long tid = 0x1234;
            CompletableFuture<HostMad> self =
                    a.request(PortSmps.get(a, NodeInfo.ATTRIBUTE_ID, 0).withTransactionId(tid), TIMEOUT);
            CompletableFuture<HostMad> sw =
                    b.request(PortSmps.get(b, NodeInfo.ATTRIBUTE_ID, 0, 1).withTransactionId(tid), TIMEOUT);
            assertEquals(NodeInfo.NODE_TYPE_CA, nodeType(self.join()));
            assertEquals(NodeInfo.NODE_TYPE_SWITCH, nodeType(sw.join()));
            assertEquals(tid, self.join().mad().header().transactionId());
            assertEquals(tid, sw.join().mad().header().transactionId());
        }
    }

    @Test
    void aMissingOrWrongTokenIsRefusedWithAClearError() throws Exception {
        try (Gateway g = Gateway.on("h1", false)) {
            MadSendException none = assertThrows(MadSendException.class, () -> g.client(Optional.empty()));
            assertTrue(none.getMessage().contains("refused the token"), none.getMessage());
            assertTrue(none.getMessage().contains(GatewayToken.VARIABLE), none.getMessage());
            MadSendException wrong = assertThrows(MadSendException.class, () -> g.client(Optional.of("guess")));
            assertTrue(wrong.getMessage().contains("not the gateway's"), wrong.getMessage());
            assertEquals(2, g.refused("unauthenticated"));
        }
    }

    @Test
    void anUnreachableGatewayIsAClearError() throws Exception {
        int nobody;
        try (ServerSocket s = new ServerSocket(0)) {
            nobody = s.getLocalPort();
        }
        int port = nobody;
        MadSendException e = assertThrows(
                MadSendException.class, () -> GatewayMadPort.open("127.0.0.1", port, Optional.of(TOKEN), TIMEOUT));
        assertTrue(e.getMessage().contains("gateway 127.0.0.1:" + port), e.getMessage());
        assertTrue(e.getMessage().contains("cannot be reached"), e.getMessage());
    }

    @Test
    void aReadOnlyGatewayRefusesSetsAndTheDeviceStaysAsItWas() throws Exception {
        try (Gateway g = Gateway.on("h1", true);
                MadPort client = g.client()) {
            PortInfo before = PortInfo.decode(
                    DrSmp.decode(client.request(PortSmps.get(client, PortInfo.ATTRIBUTE_ID, 0, 1), TIMEOUT)
                                    .join()
                                    .mad())
                            .data(),
                    0);
            HostMad set = HostMad.smp(
                    DrSmp.PERMISSIVE_LID,
                    DrSmp.outbound(
                                    Method.SET,
                                    client.newTransactionId(),
                                    PortInfo.ATTRIBUTE_ID,
                                    0,
                                    0,
                                    before.toBuilder().lid(77).build().toBytes(),
                                    1)
                            .encode());
            CompletionException refused = assertThrows(
                    CompletionException.class,
                    () -> client.request(set, TIMEOUT).join());
            assertInstanceOf(MadSendException.class, refused.getCause());
            assertTrue(
                    refused.getCause().getMessage().contains("read-only"),
                    refused.getCause().getMessage());
            assertTrue(refused.getCause().getMessage().contains("SubnMgtDR Set attribute 0x0015"));
            PortInfo after = PortInfo.decode(
                    DrSmp.decode(g.local()
                                    .request(PortSmps.get(g.local(), PortInfo.ATTRIBUTE_ID, 0, 1), TIMEOUT)
                                    .join()
                                    .mad())
                            .data(),
                    0);
            assertEquals(before.lid(), after.lid(), "the switch's LID is what it was");
            assertNotEquals(77, after.lid());

            CompletionException announce = assertThrows(
                    CompletionException.class, () -> client.announceSm(true).join());
            assertTrue(
                    announce.getCause().getMessage().contains("IsSM"),
                    announce.getCause().getMessage());
            CompletionException trap = assertThrows(
                    CompletionException.class,
                    () -> client.send(PortSmps.get(client, NodeInfo.ATTRIBUTE_ID, 0, 1))
                            .join());
            assertTrue(trap.getCause().getMessage().contains("read-only"), "nothing but requests goes out");
            assertEquals(3, g.refused("read_only"));
        }
    }

    @Test
    void timeoutsAndRefusalsKeepTheMeaningTheyHaveOnTheGatewaysHost() throws Exception {
        try (Gateway g = Gateway.on("h1", false);
                MadPort client = g.client()) {
            CompletionException lost = assertThrows(
                    CompletionException.class,
                    () -> client.request(PortSmps.get(client, NodeInfo.ATTRIBUTE_ID, 0, 1, 5), TIMEOUT)
                            .join());
            MadTimeoutException t = assertInstanceOf(MadTimeoutException.class, lost.getCause(), "no cable on port 5");
            assertEquals(TIMEOUT, t.timeout());

            HostMad pKeyIndex1 = new HostMad(
                    1,
                    0,
                    1,
                    0x8001_0000,
                    1,
                    PortSmps.get(client, NodeInfo.ATTRIBUTE_ID, 0).mad());
            CompletionException notCarried = assertThrows(
                    CompletionException.class,
                    () -> client.request(pKeyIndex1, TIMEOUT).join());
            assertInstanceOf(MadNotCarriedException.class, notCarried.getCause());
        }
    }

    @Test
    void endingASessionReleasesTheSmItAnnounced() throws Exception {
        try (Gateway g = Gateway.on("h1", false)) {
            MadPort client = g.client();
            client.announceSm(true).join();
            assertTrue(PortSmps.isSm(g.local(), TIMEOUT), "the client's announcement sets IsSM on the gateway's port");
            client.close();
            FabricTestKit.await("IsSM cleared when the session ended", 5_000, () -> !PortSmps.isSm(g.local(), TIMEOUT));
        }
    }

    /**
     * ibmesh's SM on h1 serves SA; through a gateway on h2 a client's GetTable of NodeRecords comes back whole: the
     * later RMPP segments carry the client's TID, and its ACKs go out with the gateway's.
     */
    @Test
    void anRmppTransferCrossesTheGateway() throws Exception {
        try (MadPort smPort = IbsimMadPort.open(ibsim.address("h1"), TIMEOUT);
                SmService sm = new SmService(smPort, SmOptions.defaults(), 0, Duration.ofHours(1), s -> {});
                Gateway g = Gateway.on("h2", true);
                MadPort client = g.client();
                SaClient sa = new SaClient(client, Duration.ofSeconds(10))) {
            assertTrue(sm.start().get(30, TimeUnit.SECONDS).up());
            SaAnswer nodes = sa.query(smPort.lid().join(), Method.GET_TABLE, NodeRecord.ATTRIBUTE_ID, 0, new byte[0])
                    .get(15, TimeUnit.SECONDS);
            List<NodeRecord> all = nodes.records(NodeRecord::decode);
            assertEquals(3, all.size(), "the switch and both CAs; more than one segment holds");
        }
    }

    @Test
    void malformedMessagesAreAnsweredOrCountedAndTheSessionGoesOn() throws Exception {
        try (Gateway g = Gateway.on("h1", false)) {
            ManagedChannel channel = NettyChannelBuilder.forAddress(
                            "127.0.0.1", g.server().port())
                    .usePlaintext()
                    .build();
            try {
                Metadata headers = new Metadata();
                headers.put(TokenCheck.AUTHORIZATION, TokenCheck.BEARER + TOKEN);
                BlockingQueue<GatewayMessage> in = new LinkedBlockingQueue<>();
                StreamObserver<ClientMessage> out = MadGatewayGrpc.newStub(channel)
                        .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers))
                        .attach(new StreamObserver<>() {
                            @Override
                            public void onNext(GatewayMessage m) {
                                in.add(m);
                            }

                            @Override
                            public void onError(Throwable t) {}

                            @Override
                            public void onCompleted() {}
                        });
                assertTrue(next(in).hasHello());
                out.onNext(ClientMessage.getDefaultInstance());
                out.onNext(ClientMessage.newBuilder()
                        .setTransmit(Transmit.newBuilder()
                                .setCall(1)
                                .setTimeoutMs(1000)
                                .setMad(dev.ibmesh.proto.gateway.v1.Mad.newBuilder()
                                        .setData(ByteString.copyFrom(new byte[10]))))
                        .build());
                Outcome shortMad = next(in).getOutcome();
                assertEquals(1, shortMad.getCall());
                assertEquals(Failure.Kind.KIND_INVALID, shortMad.getFailure().getKind());
                assertTrue(shortMad.getFailure().getMessage().contains("256 bytes"), shortMad.toString());
                out.onNext(ClientMessage.newBuilder()
                        .setTransmit(Transmit.newBuilder()
                                .setCall(2)
                                .setTimeoutMs(2000)
                                .setMad(MadMessages.toProto(new HostMad(
                                        0x1_0000 - 1,
                                        0,
                                        0,
                                        0,
                                        0,
                                        PortSmps.get(g.local(), NodeInfo.ATTRIBUTE_ID, 0)
                                                .mad()))))
                        .build());
                Outcome fine = next(in).getOutcome();
                assertEquals(2, fine.getCall());
                assertTrue(fine.hasResponse(), "the session still works: " + fine);
                assertEquals(2, g.refused("invalid"), "the empty message and the short MAD");
                out.onCompleted();
            } finally {
                channel.shutdownNow();
            }
        }
    }

    private static GatewayMessage next(BlockingQueue<GatewayMessage> in) throws InterruptedException {
        GatewayMessage m = in.poll(5, TimeUnit.SECONDS);
        assertNotNull(m, "the gateway answered");
        return m;
    }

    private static int nodeType(HostMad answer) {
        return NodeInfo.decode(DrSmp.decode(answer.mad()).data(), 0).nodeType();
    }
}
