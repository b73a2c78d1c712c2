package dev.ibmesh.runtime.control;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.ByteString;
import dev.ibmesh.proto.fabric.v1.Action;
import dev.ibmesh.proto.fabric.v1.ClearImpairmentRequest;
import dev.ibmesh.proto.fabric.v1.Counters;
import dev.ibmesh.proto.fabric.v1.Device;
import dev.ibmesh.proto.fabric.v1.Event;
import dev.ibmesh.proto.fabric.v1.FabricGrpc;
import dev.ibmesh.proto.fabric.v1.Impairment;
import dev.ibmesh.proto.fabric.v1.InjectFrameRequest;
import dev.ibmesh.proto.fabric.v1.InjectFrameResponse;
import dev.ibmesh.proto.fabric.v1.Link;
import dev.ibmesh.proto.fabric.v1.LinkState;
import dev.ibmesh.proto.fabric.v1.ListDevicesRequest;
import dev.ibmesh.proto.fabric.v1.ListLinksRequest;
import dev.ibmesh.proto.fabric.v1.PhysicalState;
import dev.ibmesh.proto.fabric.v1.Port;
import dev.ibmesh.proto.fabric.v1.PortState;
import dev.ibmesh.proto.fabric.v1.SetImpairmentRequest;
import dev.ibmesh.proto.fabric.v1.SetLinkStateRequest;
import dev.ibmesh.proto.fabric.v1.StartCaptureRequest;
import dev.ibmesh.proto.fabric.v1.StartCaptureResponse;
import dev.ibmesh.proto.fabric.v1.StopCaptureRequest;
import dev.ibmesh.proto.fabric.v1.StopCaptureResponse;
import dev.ibmesh.proto.fabric.v1.WatchEventsRequest;
import dev.ibmesh.runtime.device.CaptureControl;
import dev.ibmesh.runtime.device.DeviceFactory;
import dev.ibmesh.runtime.device.Fabric;
import dev.ibmesh.runtime.device.FabricPlan;
import dev.ibmesh.runtime.device.FabricTestKit;
import dev.ibmesh.runtime.topology.Topology;
import dev.ibmesh.runtime.transport.InProcessLinkTransport;
import dev.ibmesh.trace.ErfTraceReader;
import dev.ibmesh.trace.ErfType;
import dev.ibmesh.trace.TraceRecord;
import dev.ibmesh.wire.Bth;
import dev.ibmesh.wire.Lrh;
import dev.ibmesh.wire.OpCode;
import dev.ibmesh.wire.PacketBuilder;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.reflection.v1.ServerReflectionGrpc;
import io.grpc.reflection.v1.ServerReflectionRequest;
import io.grpc.reflection.v1.ServerReflectionResponse;
import io.grpc.reflection.v1.ServiceResponse;
import io.grpc.stub.ClientCallStreamObserver;
import io.grpc.stub.ClientResponseObserver;
import io.grpc.stub.StreamObserver;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.vertx.core.Vertx;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The control API as a client sees it, through stubs generated from fabric.proto alone, over TCP: a switch sw1 with
 * h1 on port 1, h2 on port 2 and nothing on port 3, all in this JVM (base devices: links train to LinkUp and Init,
 * nothing answers MADs).
 */
class FabricServiceTest {
    @TempDir
    static Path dir;

    private static Topology topology;
    private static Vertx vertx;
    private static Fabric fabric;
    private static ControlApiFixture fixture;
    private static ManagedChannel channel;
    private static FabricGrpc.FabricBlockingStub client;

    @BeforeAll
    static void start() throws Exception {
        fixture = new ControlApiFixture(dir, ControlApiFixture.SWITCH_AND_TWO_HCAS, "fabric-service-test");
        topology = fixture.topology;
        vertx = fixture.vertx;
        fabric = fixture.fabric;
        channel = fixture.channel;
        client = FabricGrpc.newBlockingStub(channel);
    }

    @AfterAll
    static void stop() throws Exception {
        fixture.close();
    }

    @Test
    void listsDevicesWithTheirPorts() {
        List<Device> devices =
                stub().listDevices(ListDevicesRequest.getDefaultInstance()).getDevicesList();
        assertEquals(
                List.of("sw1", "h1", "h2"),
                devices.stream().map(Device::getName).toList());
        Device sw1 = devices.get(0);
        assertEquals("switch", sw1.getKind());
        assertTrue(sw1.getNodeGuid() != 0, sw1.toString());
        assertEquals(
                List.of(1, 2, 3),
                sw1.getPortsList().stream().map(Port::getNumber).toList());
        Port toH1 = sw1.getPorts(0);
        assertEquals(PhysicalState.PHYSICAL_STATE_LINK_UP, toH1.getPhysicalState(), toH1.toString());
        assertEquals(PortState.PORT_STATE_INIT, toH1.getPortState(), "no SM: the port waits in Init");
        assertEquals("h1/1", toH1.getCabledTo());
        assertFalse(toH1.getWidth().isEmpty() || toH1.getSpeed().isEmpty(), toH1.toString());
        assertTrue(toH1.getRateGbps() > 0, toH1.toString());
        assertFalse(toH1.getPeer().isEmpty(), toH1.toString());
        assertTrue(toH1.getCounters().getXmitPkts() >= 0, toH1.toString());
        Port uncabled = sw1.getPorts(2);
        assertEquals(PhysicalState.PHYSICAL_STATE_POLLING, uncabled.getPhysicalState(), uncabled.toString());
        assertEquals(PortState.PORT_STATE_DOWN, uncabled.getPortState());
        assertEquals("", uncabled.getCabledTo());
        assertEquals("", uncabled.getWidth());
    }

    @Test
    void listsEachLinkOnceFromItsEndEarlierInTheTopology() {
        List<Link> links =
                stub().listLinks(ListLinksRequest.getDefaultInstance()).getLinksList();
        assertEquals(
                List.of("sw1/1-h1/1", "sw1/2-h2/1"),
                links.stream().map(FabricServiceTest::name).toList());
        for (Link l : links) {
            assertTrue(l.getA().getLocal() && l.getB().getLocal(), l.toString());
            assertEquals(PhysicalState.PHYSICAL_STATE_LINK_UP, l.getB().getPhysicalState(), l.toString());
        }
    }

    @Test
    void aPulledCableTakesBothEndsDownAndPutBackTrainsAgain() throws Exception {
        Watch watch = new Watch();
        FabricGrpc.newStub(channel)
                .watchEvents(WatchEventsRequest.newBuilder().setCurrent(true).build(), watch);
        // The current state of every port (3 + 1 + 1) comes first: from then on the watch sees every change.
        for (int i = 0; i < 5; i++) {
            watch.next(e -> true);
        }

        // h2/1 dials this link (its name sorts first), so cutting at sw1/2 leaves h2 trying again and again.
        Link cut = stub().setLinkState(request("sw1/2", Action.ACTION_DOWN)).getLink();
        assertEquals("sw1/2-h2/1", name(cut));
        assertEquals(LinkState.LINK_STATE_DOWN, cut.getState());
        assertEquals(PhysicalState.PHYSICAL_STATE_DISABLED, cut.getA().getPhysicalState(), cut.toString());
        Event disabled = watch.next(e -> e.getDevice().equals("sw1"));
        assertEquals(2, disabled.getPort(), disabled.toString());
        assertEquals(PhysicalState.PHYSICAL_STATE_DISABLED, disabled.getPhysicalState(), disabled.toString());
        assertEquals(PortState.PORT_STATE_DOWN, disabled.getPortState());
        assertEquals("port disabled", disabled.getReason());
        assertTrue(disabled.getTime().getSeconds() > 0, disabled.toString());
        Event peerDown = watch.next(e -> e.getDevice().equals("h2"));
        assertEquals(PhysicalState.PHYSICAL_STATE_POLLING, peerDown.getPhysicalState(), peerDown.toString());
        assertEquals(PortState.PORT_STATE_DOWN, peerDown.getPortState());
        // It stays down: h2 dials again, trains for a moment, is refused and polls on.
        watch.next(e -> e.getDevice().equals("h2")
                && e.getPhysicalState() == PhysicalState.PHYSICAL_STATE_PORT_CONFIGURATION_TRAINING);
        watch.next(e -> e.getDevice().equals("h2") && e.getPhysicalState() == PhysicalState.PHYSICAL_STATE_POLLING);
        Link listed = linkOf("sw1/2");
        assertEquals(LinkState.LINK_STATE_DOWN, listed.getState(), listed.toString());
        assertEquals(PhysicalState.PHYSICAL_STATE_DISABLED, listed.getA().getPhysicalState());
        assertEquals(LinkState.LINK_STATE_UP, linkOf("sw1/1").getState(), "the other link is untouched");

        // h2/1 was never disabled: UP there changes nothing, the cable stays pulled at sw1's end.
        assertEquals(
                PhysicalState.PHYSICAL_STATE_DISABLED,
                stub().setLinkState(request("h2/1", Action.ACTION_UP))
                        .getLink()
                        .getA()
                        .getPhysicalState());
        stub().setLinkState(request("sw1/2", Action.ACTION_UP));
        watch.all(List.of(
                e -> e.getDevice().equals("sw1")
                        && e.getPort() == 2
                        && e.getPhysicalState() == PhysicalState.PHYSICAL_STATE_LINK_UP,
                e -> e.getDevice().equals("h2") && e.getPhysicalState() == PhysicalState.PHYSICAL_STATE_LINK_UP));
        Link back = linkOf("sw1/2");
        assertEquals(LinkState.LINK_STATE_UP, back.getState(), back.toString());
        assertEquals(PortState.PORT_STATE_INIT, back.getA().getPortState());
        watch.cancel();
    }

    @Test
    void badNamesAreRefusedNamingTheFieldAndChangeNothing() {
        assertRefused(Status.Code.INVALID_ARGUMENT, "link: missing", request("", Action.ACTION_DOWN));
        assertRefused(
                Status.Code.INVALID_ARGUMENT, "link: 'sw1' is not DEVICE/PORT", request("sw1", Action.ACTION_DOWN));
        assertRefused(Status.Code.INVALID_ARGUMENT, "link: 'x' in 'sw1/x'", request("sw1/x", Action.ACTION_DOWN));
        assertRefused(Status.Code.INVALID_ARGUMENT, "link: port 0", request("sw1/0", Action.ACTION_DOWN));
        assertRefused(Status.Code.NOT_FOUND, "link: no device 'sw9'", request("sw9/1", Action.ACTION_DOWN));
        assertRefused(Status.Code.NOT_FOUND, "link: device sw1 has no port 7", request("sw1/7", Action.ACTION_DOWN));
        assertRefused(Status.Code.NOT_FOUND, "link: sw1/3 is not cabled", request("sw1/3", Action.ACTION_DOWN));
        assertRefused(Status.Code.INVALID_ARGUMENT, "action:", request("sw1/1", Action.ACTION_UNSPECIFIED));
        StatusRuntimeException e = assertThrows(
                StatusRuntimeException.class,
                () -> FabricGrpc.newBlockingStub(channel)
                        .watchEvents(WatchEventsRequest.newBuilder()
                                .setDevice("nope")
                                .build())
                        .hasNext());
        assertEquals(Status.Code.NOT_FOUND, e.getStatus().getCode());
        assertTrue(e.getStatus().getDescription().startsWith("device: no device 'nope'"), e.getMessage());
        assertEquals(LinkState.LINK_STATE_UP, linkOf("sw1/1").getState(), "nothing changed");
    }

    @Test
    void anImpairmentIsSetPerDirectionListedWithItsSeedAndCleared() {
        Impairment lossy = Impairment.newBuilder()
                .setDrop(0.25)
                .setCorrupt(0.5)
                .setDelayUs(3000)
                .build();
        Link set = stub().setImpairment(SetImpairmentRequest.newBuilder()
                        .setPort("h1/1")
                        .setImpairment(lossy)
                        .build())
                .getLink();
        assertEquals("sw1/1-h1/1", name(set));
        Impairment h1 = set.getB().getImpairment();
        assertEquals(0.25, h1.getDrop());
        assertEquals(0.5, h1.getCorrupt());
        assertEquals(3000, h1.getDelayUs());
        assertTrue(h1.getSeed() != 0, "the server picked a seed and says which: " + h1);
        assertFalse(set.getA().hasImpairment(), "only h1's direction: " + set);
        assertEquals(LinkState.LINK_STATE_UP, set.getState(), "an impaired link stays up");
        Port h1Port = stub().listDevices(ListDevicesRequest.getDefaultInstance())
                .getDevices(1)
                .getPorts(0);
        assertEquals(h1, h1Port.getImpairment());

        Link both = stub().setImpairment(SetImpairmentRequest.newBuilder()
                        .setPort("sw1/1")
                        .setImpairment(Impairment.newBuilder().setRateGbps(2.5).setSeed(7))
                        .setBoth(true)
                        .build())
                .getLink();
        assertEquals(
                Impairment.newBuilder().setRateGbps(2.5).setSeed(7).build(),
                both.getA().getImpairment());
        assertEquals(both.getA().getImpairment(), both.getB().getImpairment());
        assertEquals(both, linkOf("sw1/1"));

        Link healed = stub().clearImpairment(
                        ClearImpairmentRequest.newBuilder().setPort("h1/1").build())
                .getLink();
        assertFalse(healed.getB().hasImpairment(), healed.toString());
        assertTrue(healed.getA().hasImpairment(), "the other direction stays impaired: " + healed);
        healed = stub().clearImpairment(ClearImpairmentRequest.newBuilder()
                        .setPort("h1/1")
                        .setBoth(true)
                        .build())
                .getLink();
        assertFalse(healed.getA().hasImpairment() || healed.getB().hasImpairment(), healed.toString());
        assertEquals(LinkState.LINK_STATE_UP, linkOf("sw1/1").getState());
    }

    @Test
    void impossibleImpairmentsAreRefusedNamingTheFieldAndChangeNothing() {
        assertImpairRefused(Status.Code.INVALID_ARGUMENT, "impairment.drop: 1.5", "sw1/2", i -> i.setDrop(1.5));
        assertImpairRefused(Status.Code.INVALID_ARGUMENT, "impairment.corrupt: -0.5", "sw1/2", i -> i.setCorrupt(-0.5));
        assertImpairRefused(
                Status.Code.INVALID_ARGUMENT, "impairment.duplicate: NaN", "sw1/2", i -> i.setDuplicate(Double.NaN));
        assertImpairRefused(
                Status.Code.INVALID_ARGUMENT,
                "impairment.delay_us: -1",
                "sw1/2",
                i -> i.setDrop(0.5).setDelayUs(-1));
        assertImpairRefused(
                Status.Code.INVALID_ARGUMENT, "impairment.rate_gbps: -1.0", "sw1/2", i -> i.setRateGbps(-1));
        assertImpairRefused(Status.Code.INVALID_ARGUMENT, "port: missing", "", i -> i.setDrop(0.5));
        assertImpairRefused(Status.Code.NOT_FOUND, "port: no device 'sw9'", "sw9/1", i -> i.setDrop(0.5));
        assertImpairRefused(Status.Code.NOT_FOUND, "port: device sw1 has no port 9", "sw1/9", i -> i.setDrop(0.5));
        assertImpairRefused(Status.Code.NOT_FOUND, "port: sw1/3 is not cabled", "sw1/3", i -> i.setDrop(0.5));
        StatusRuntimeException e = assertThrows(
                StatusRuntimeException.class,
                () -> stub().clearImpairment(ClearImpairmentRequest.newBuilder()
                        .setPort("h2")
                        .build()));
        assertEquals(Status.Code.INVALID_ARGUMENT, e.getStatus().getCode());
        Link l = linkOf("sw1/2");
        assertFalse(l.getA().hasImpairment() || l.getB().hasImpairment(), "nothing changed: " + l);
    }

    private static void assertImpairRefused(
            Status.Code code, String start, String port, java.util.function.UnaryOperator<Impairment.Builder> i) {
        StatusRuntimeException e = assertThrows(
                StatusRuntimeException.class,
                () -> stub().setImpairment(SetImpairmentRequest.newBuilder()
                        .setPort(port)
                        .setImpairment(i.apply(Impairment.newBuilder()))
                        .build()));
        assertEquals(code, e.getStatus().getCode(), e.getMessage());
        assertTrue(e.getStatus().getDescription().startsWith(start), e.getMessage());
    }

    @Test
    void aCaptureLeavesOutFlowControlUnlessAskedAndCountsWhatItSaw() throws Exception {
        StartCaptureResponse started = stub().startCapture(StartCaptureRequest.newBuilder()
                .setPort("sw1/2")
                .setFile("sw1-2.pcap")
                .build());
        assertEquals("no-fc", started.getFilter(), "the default");
        assertTrue(started.getPath().endsWith("sw1-2.pcap"), started.getPath());
        // Healing a direction re-sends its flow-control state: frames for the capture to see.
        stub().clearImpairment(
                        ClearImpairmentRequest.newBuilder().setPort("sw1/2").build());
        StopCaptureResponse stopped = stub().stopCapture(
                        StopCaptureRequest.newBuilder().setPort("sw1/2").build());
        assertEquals(started.getPath(), stopped.getPath());
        assertEquals(0, stopped.getFrames(), "only flow-control packets passed: " + stopped);
        assertTrue(stopped.getFramesSeen() > 0, stopped.toString());
        assertEquals(0, frames(Path.of(stopped.getPath())).size());

        stub().startCapture(StartCaptureRequest.newBuilder()
                .setPort("sw1/2")
                .setFile("sw1-2-all.pcap")
                .setFilter("all")
                .build());
        stub().clearImpairment(
                        ClearImpairmentRequest.newBuilder().setPort("sw1/2").build());
        StopCaptureResponse all = stub().stopCapture(
                        StopCaptureRequest.newBuilder().setPort("sw1/2").build());
        assertTrue(all.getFrames() > 0 && all.getFrames() == all.getFramesSeen(), all.toString());
        List<TraceRecord> records = frames(Path.of(all.getPath()));
        assertEquals(all.getFrames(), records.size());
        assertTrue(records.stream().allMatch(r -> r.type().equals(ErfType.INFINIBAND_LINK)), records.toString());
    }

    @Test
    void badCaptureRequestsAreRefusedNamingTheField() {
        StartCaptureRequest.Builder ok =
                StartCaptureRequest.newBuilder().setPort("h2/1").setFile("h2.pcap");
        assertCaptureRefused(
                Status.Code.NOT_FOUND, "port: no device 'sw9'", ok.clone().setPort("sw9/1"));
        assertCaptureRefused(
                Status.Code.INVALID_ARGUMENT, "port: 'h2'", ok.clone().setPort("h2"));
        assertCaptureRefused(Status.Code.INVALID_ARGUMENT, "file: ", ok.clone().setFile("../h2.pcap"));
        assertCaptureRefused(
                Status.Code.INVALID_ARGUMENT, "filter: 'vl=3'", ok.clone().setFilter("no-fc,vl=3"));
        stub().startCapture(ok.build());
        assertCaptureRefused(
                Status.Code.FAILED_PRECONDITION,
                "port: h2/1 is already",
                ok.clone().setFile("x.pcap"));
        stub().stopCapture(StopCaptureRequest.newBuilder().setPort("h2/1").build());
        StatusRuntimeException e = assertThrows(
                StatusRuntimeException.class,
                () -> stub().stopCapture(
                                StopCaptureRequest.newBuilder().setPort("h2/1").build()));
        assertEquals(Status.Code.FAILED_PRECONDITION, e.getStatus().getCode());
        assertTrue(e.getStatus().getDescription().startsWith("port: h2/1 is not being captured"), e.getMessage());
    }

    @Test
    void anInjectedFrameGoesOutAsGivenOrWithItsCrcsComputed() throws Exception {
        stub().startCapture(StartCaptureRequest.newBuilder()
                .setPort("h1/1")
                .setFile("injected.pcap")
                .setFilter("qp=5")
                .build());
        byte[] good = PacketBuilder.iba(
                        Lrh.of(0, 0, Lrh.LNH_IBA_LOCAL, 2, 1), Bth.of(OpCode.RC_SEND_ONLY, 0xFFFF, 5, false, 9))
                .payload(new byte[] {1, 2, 3, 4})
                .build();
        byte[] noCrcs = good.clone();
        Arrays.fill(noCrcs, noCrcs.length - 6, noCrcs.length, (byte) 0);
        long errorsBefore = h1Counters().getRcvErrors();

        InjectFrameResponse sealed = stub().injectFrame(InjectFrameRequest.newBuilder()
                .setPort("sw1/1")
                .setFrame(ByteString.copyFrom(noCrcs))
                .setComputeCrcs(true)
                .build());
        assertArrayEquals(good, sealed.getFrame().toByteArray(), "the CRCs a builder computes");
        InjectFrameResponse asIs = stub().injectFrame(InjectFrameRequest.newBuilder()
                .setPort("sw1/1")
                .setFrame(ByteString.copyFrom(noCrcs))
                .setVl(1)
                .build());
        assertEquals(1, Lrh.vl(asIs.getFrame().toByteArray(), 0));
        // In order on the link: when h1 has counted the bad one, it has seen both.
        FabricTestKit.await(
                "h1 counts the frame with no CRCs", 10_000, () -> h1Counters().getRcvErrors() == errorsBefore + 1);
        StopCaptureResponse captured = stub().stopCapture(
                        StopCaptureRequest.newBuilder().setPort("h1/1").build());
        List<TraceRecord> records = frames(Path.of(captured.getPath()));
        assertEquals(2, records.size(), records.toString());
        assertArrayEquals(good, records.get(0).packet());
        assertArrayEquals(asIs.getFrame().toByteArray(), records.get(1).packet());
    }

    @Test
    void badFramesToInjectAreRefusedNamingTheField() {
        InjectFrameRequest.Builder ok =
                InjectFrameRequest.newBuilder().setPort("sw1/1").setFrame(ByteString.copyFrom(new byte[30]));
        assertInjectRefused(
                Status.Code.INVALID_ARGUMENT, "frame: empty", ok.clone().setFrame(ByteString.EMPTY));
        assertInjectRefused(
                Status.Code.INVALID_ARGUMENT,
                "frame: 5000 bytes is longer than the port's MTUCap",
                ok.clone().setFrame(ByteString.copyFrom(new byte[5000])));
        assertInjectRefused(
                Status.Code.INVALID_ARGUMENT, "vl: 16 is not a VL", ok.clone().setVl(16));
        assertInjectRefused(
                Status.Code.INVALID_ARGUMENT,
                "compute_crcs: a link packet is 6 bytes",
                ok.clone().setLinkPacket(true).setComputeCrcs(true));
        assertInjectRefused(
                Status.Code.NOT_FOUND,
                "port: device sw1 has no port 9",
                ok.clone().setPort("sw1/9"));
        assertInjectRefused(
                Status.Code.FAILED_PRECONDITION,
                "port: sw1/3 has no link",
                ok.clone().setPort("sw1/3"));
    }

    private static void assertInjectRefused(Status.Code code, String start, InjectFrameRequest.Builder r) {
        StatusRuntimeException e = assertThrows(StatusRuntimeException.class, () -> stub().injectFrame(r.build()));
        assertEquals(code, e.getStatus().getCode(), e.getMessage());
        assertTrue(e.getStatus().getDescription().startsWith(start), e.getMessage());
    }

    private static Counters h1Counters() {
        return stub().listDevices(ListDevicesRequest.getDefaultInstance())
                .getDevices(1)
                .getPorts(0)
                .getCounters();
    }

    private static void assertCaptureRefused(Status.Code code, String start, StartCaptureRequest.Builder r) {
        StatusRuntimeException e = assertThrows(StatusRuntimeException.class, () -> stub().startCapture(r.build()));
        assertEquals(code, e.getStatus().getCode(), e.getMessage());
        assertTrue(e.getStatus().getDescription().startsWith(start), e.getMessage());
    }

    private static List<TraceRecord> frames(Path trace) throws Exception {
        List<TraceRecord> all = new ArrayList<>();
        try (ErfTraceReader reader = ErfTraceReader.open(trace)) {
            for (TraceRecord r = reader.next(); r != null; r = reader.next()) {
                all.add(r);
            }
        }
        return all;
    }

    @Test
    void reflectionAndHealthAreServed() throws Exception {
        CompletableFuture<ServerReflectionResponse> answer = new CompletableFuture<>();
        StreamObserver<ServerReflectionRequest> requests = ServerReflectionGrpc.newStub(channel)
                .serverReflectionInfo(new StreamObserver<>() {
                    @Override
                    public void onNext(ServerReflectionResponse r) {
                        answer.complete(r);
                    }

                    @Override
                    public void onError(Throwable t) {
                        answer.completeExceptionally(t);
                    }

                    @Override
                    public void onCompleted() {}
                });
        requests.onNext(ServerReflectionRequest.newBuilder().setListServices("").build());
        List<String> services = answer.get(30, TimeUnit.SECONDS).getListServicesResponse().getServiceList().stream()
                .map(ServiceResponse::getName)
                .toList();
        requests.onCompleted();
        assertTrue(services.contains("ibmesh.fabric.v1.Fabric"), services.toString());
        assertTrue(services.contains("grpc.health.v1.Health"), services.toString());
        assertEquals(
                HealthCheckResponse.ServingStatus.SERVING,
                HealthGrpc.newBlockingStub(channel)
                        .check(HealthCheckRequest.newBuilder()
                                .setService("ibmesh.fabric.v1.Fabric")
                                .build())
                        .getStatus());
    }

    @Test
    void aServerRunningOneEndListsTheLinkFromItsEndAndCannotPullTheOther() throws Exception {
        List<dev.ibmesh.runtime.device.DeviceConfig> h1Only = FabricPlan.embedded(topology).stream()
                .filter(c -> c.name().equals("h1"))
                .toList();
        Fabric alone = Fabric.start(
                        vertx,
                        h1Only,
                        DeviceFactory.BASIC,
                        new InProcessLinkTransport("fabric-service-test-alone"),
                        new SimpleMeterRegistry())
                .await(60, TimeUnit.SECONDS);
        try (ControlServer s = ControlServer.start(alone, new CaptureControl(alone, dir), "127.0.0.1", 0, List.of())) {
            ManagedChannel c = ManagedChannelBuilder.forAddress("127.0.0.1", s.port())
                    .usePlaintext()
                    .build();
            try {
                FabricGrpc.FabricBlockingStub h1 =
                        FabricGrpc.newBlockingStub(c).withDeadlineAfter(30, TimeUnit.SECONDS);
                Link l = h1.listLinks(ListLinksRequest.getDefaultInstance()).getLinks(0);
                assertEquals("h1/1-sw1/1", name(l));
                assertTrue(l.getA().getLocal() && !l.getB().getLocal(), l.toString());
                assertEquals(PhysicalState.PHYSICAL_STATE_UNSPECIFIED, l.getB().getPhysicalState());
                assertEquals(LinkState.LINK_STATE_DOWN, l.getState(), "sw1 is not running: " + l);
                StatusRuntimeException e = assertThrows(
                        StatusRuntimeException.class, () -> h1.setLinkState(request("sw1/1", Action.ACTION_DOWN)));
                assertEquals(Status.Code.NOT_FOUND, e.getStatus().getCode());
                assertTrue(e.getStatus().getDescription().startsWith("link: no device 'sw1' here"), e.getMessage());
                StatusRuntimeException both = assertThrows(
                        StatusRuntimeException.class,
                        () -> h1.setImpairment(SetImpairmentRequest.newBuilder()
                                .setPort("h1/1")
                                .setImpairment(Impairment.newBuilder().setDrop(1))
                                .setBoth(true)
                                .build()));
                assertEquals(Status.Code.NOT_FOUND, both.getStatus().getCode());
                assertTrue(
                        both.getStatus().getDescription().startsWith("both: the other end sw1/1 of h1/1 is not run"),
                        both.getMessage());
            } finally {
                c.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
            }
        } finally {
            alone.stop().await(10, TimeUnit.SECONDS);
        }
    }

    /** The client, with a deadline for the next call. */
    private static FabricGrpc.FabricBlockingStub stub() {
        return client.withDeadlineAfter(30, TimeUnit.SECONDS);
    }

    private static void assertRefused(Status.Code code, String start, SetLinkStateRequest r) {
        StatusRuntimeException e = assertThrows(StatusRuntimeException.class, () -> stub().setLinkState(r));
        assertEquals(code, e.getStatus().getCode(), e.getMessage());
        assertTrue(e.getStatus().getDescription().startsWith(start), e.getMessage());
    }

    private static SetLinkStateRequest request(String link, Action action) {
        return SetLinkStateRequest.newBuilder().setLink(link).setAction(action).build();
    }

    private static Link linkOf(String end) {
        return stub().listLinks(ListLinksRequest.getDefaultInstance()).getLinksList().stream()
                .filter(l -> name(l).contains(end))
                .findFirst()
                .orElseThrow();
    }

    private static String name(Link l) {
        return l.getA().getDevice() + "/" + l.getA().getPort() + "-" + l.getB().getDevice() + "/"
                + l.getB().getPort();
    }

    /** A WatchEvents stream read in order: {@link #next} skips to the first event it accepts. */
    private static final class Watch implements ClientResponseObserver<WatchEventsRequest, Event> {
        private final BlockingQueue<Object> events = new LinkedBlockingQueue<>();
        private final List<Event> seen = new ArrayList<>();
        private ClientCallStreamObserver<WatchEventsRequest> call;

        @Override
        public void beforeStart(ClientCallStreamObserver<WatchEventsRequest> requests) {
            call = requests;
        }

        @Override
        public void onNext(Event e) {
            events.add(e);
        }

        @Override
        public void onError(Throwable t) {
            events.add(t);
        }

        @Override
        public void onCompleted() {
            events.add("completed");
        }

        Event next(Predicate<Event> wanted) throws InterruptedException {
            while (true) {
                Object o = events.poll(30, TimeUnit.SECONDS);
                assertNotNull(o, "no event in 30 s; seen: " + seen);
                if (!(o instanceof Event e)) {
                    throw new AssertionError("the stream ended: " + o + "; seen: " + seen);
                }
                seen.add(e);
                if (wanted.test(e)) {
                    return e;
                }
            }
        }

        /** Reads on until each of {@code wanted} accepted an event, in whatever order they come. */
        void all(List<Predicate<Event>> wanted) throws InterruptedException {
            List<Predicate<Event>> left = new ArrayList<>(wanted);
            while (!left.isEmpty()) {
                Event e = next(x -> left.stream().anyMatch(w -> w.test(x)));
                left.removeIf(w -> w.test(e));
            }
        }

        void cancel() {
            call.cancel("the test is done", null);
        }
    }
}
