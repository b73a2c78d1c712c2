package dev.ibmesh.runtime.umad;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.mad.Smp;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.runtime.fault.FaultLog;
import dev.ibmesh.wire.Bits;
import io.vertx.core.Future;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The server against a plain-Java client that can misbehave: sessions, every query, bad input, cleanup, data path. */
class UmadServerTest {
    private final SmaUmadPort port = new SmaUmadPort();
    private final List<AutoCloseable> closing = new ArrayList<>();
    private UmadServerFixture fixture;

    @AfterEach
    void close() throws Exception {
        for (AutoCloseable c : closing) {
            c.close();
        }
        if (fixture != null) {
            fixture.close();
        }
    }

    private UmadServerFixture start(int maxClients, Duration idle, Duration reclaim) {
        fixture = new UmadServerFixture(
                StaticUmadDirectory.builder()
                        .add(SmaUmadPort.NAME, "fake node", List.of(port))
                        .build(),
                maxClients,
                idle,
                reclaim);
        return fixture;
    }

    private UmadServerFixture start() {
        return start(10, Duration.ofMinutes(10), Duration.ofMinutes(10));
    }

    private SimTestClient client() {
        SimTestClient c = new SimTestClient(fixture.port);
        closing.add(0, c);
        return c;
    }

    private SimTestClient connected(boolean isSm) {
        SimTestClient c = client();
        assertEquals(SimCtlType.CONNECT, c.connect(SmaUmadPort.NAME, isSm).type());
        return c;
    }

    private static void assertError(SimCtl reply) {
        assertNotNull(reply, "an ERROR reply was due");
        assertEquals(SimCtlType.ERROR, reply.type(), reply::toString);
    }

    private long count(UmadCounter c) {
        return fixture.counters().get(c);
    }

    // ---- sessions and queries ----

    @Test
    void connectAnswersTheClientIdAndTheNodeName() throws Exception {
        start();
        SimTestClient c = client();
        SimCtl reply = c.connect("", false);
        SimClientInfo info = SimClientInfo.decode(reply.data());
        assertEquals(new SimClientInfo(0, 0, 0, SmaUmadPort.NAME), info);
        assertEquals(1, port.attaches.get());
        assertEquals(1, fixture.counters().activeSessions());
        SimTestClient second = client();
        assertEquals(
                1,
                SimClientInfo.decode(second.connect("fake node", true).data()).id(),
                "by NodeDescription");
        assertEquals(1, port.attaches.get(), "one sink per port");
        List<UmadClient> clients = fixture.server
                .clients()
                .toCompletionStage()
                .toCompletableFuture()
                .get(5, TimeUnit.SECONDS);
        assertEquals(2, clients.size());
        UmadClient sm = clients.get(1);
        assertEquals(1, sm.clientId());
        assertEquals(SmaUmadPort.NAME, sm.node());
        assertEquals(1, sm.port());
        assertEquals("127.0.0.1:" + second.control.getLocalPort(), sm.controlAddress());
        assertEquals("127.0.0.1:" + second.dataPort(), sm.dataAddress());
        assertTrue(sm.isSm());
    }

    @Test
    void everyQueryAnswersFromThePort() throws Exception {
        start();
        SimTestClient c = connected(false);
        byte[] nodeInfo = port.nodeInfo().result();
        byte[] portInfo = port.portInfo(1).result();

        SimVendor vendor = SimVendor.decode(
                c.request(SimCtlType.GET_VENDOR, new byte[0], SimVendor.SIZE).data());
        assertEquals(new SimVendor(0x0002C9, 0x1017, 0xA0, 1), vendor);
        assertArrayEquals(
                Arrays.copyOf(nodeInfo, 64),
                c.request(SimCtlType.GET_NODEINFO, new byte[0], 64).data());
        assertEquals(
                1,
                NodeInfo.decode(
                                c.request(SimCtlType.GET_NODEINFO, new byte[0], 64)
                                        .data(),
                                0)
                        .localPortNum());
        assertArrayEquals(
                portInfo,
                c.request(SimCtlType.GET_PORTINFO, SimAttributeData.portInfoRequest(0), 64)
                        .data());
        assertArrayEquals(
                portInfo,
                c.request(SimCtlType.GET_PORTINFO, SimAttributeData.portInfoRequest(1), 64)
                        .data());
        assertArrayEquals(
                portInfo,
                c.request(SimCtlType.GET_PORTINFO, SimAttributeData.portInfoRequest(9), 64)
                        .data(),
                "a port the node lacks means the client's own (ibsim)");
        byte[] pKeys = c.request(SimCtlType.GET_PKEYS, new byte[0], 64).data();
        assertArrayEquals(port.pKeyTable().result(), pKeys);
        assertEquals(
                new SimPort(0x10, PortInfo.PORT_STATE_INIT),
                SimPort.decode(c.request(SimCtlType.GET_PORT, new byte[0], 4).data()));
        assertEquals(
                new SimGid(0xFE80000000000000L, port.nodeGuid()),
                SimGid.decode(c.request(SimCtlType.GET_GID, new byte[0], 16).data()));
        assertEquals(
                new SimGuid(port.nodeGuid()),
                SimGuid.decode(c.request(SimCtlType.GET_GUID, new byte[0], 8).data()));
        SimCtl bye = c.request(SimCtlType.DISCONNECT);
        assertEquals(SimCtlType.DISCONNECT, bye.type());
        assertEquals(0, fixture.counters().activeSessions());
        assertEquals(1, port.detaches.get());
        assertEquals(0, count(UmadCounter.CONTROL_ERRORS));
    }

    @Test
    void repliesEchoTheHeader() {
        start();
        SimTestClient c = connected(false);
        SimCtl reply = c.request(SimCtlType.GET_GUID, new byte[0], 8);
        assertEquals(SimCtl.MAGIC, reply.magic());
        assertEquals(0, reply.clientId());
        assertEquals(8, reply.len());
    }

    // ---- bad control messages ----

    @Test
    void unknownTypesGetAnErrorAndChangeNothing() {
        start();
        SimTestClient c = connected(false);
        for (int type : new int[] {SimCtlType.ERROR, SimCtlType.LAST, 99, -1}) {
            assertError(c.request(type));
        }
        assertEquals(4, count(UmadCounter.CONTROL_ERRORS));
        assertEquals(4, fixture.counters().rejected(SimReject.UNKNOWN_TYPE));
        assertEquals(1, fixture.counters().activeSessions());
        assertEquals(
                SimCtlType.GET_GUID,
                c.request(SimCtlType.GET_GUID, new byte[0], 8).type());
    }

    @Test
    void aWrongMagicOrAMissingHeaderGetsNoReply() {
        start();
        SimTestClient c = connected(false);
        byte[] bad = SimCtl.of(0, SimCtlType.GET_GUID, new byte[0], 8).encode();
        bad[3] = 0;
        assertNull(c.rawControl(bad, 300));
        assertNull(c.rawControl(new byte[15], 300));
        assertNull(c.rawControl(new byte[0], 300));
        assertEquals(3, count(UmadCounter.CONTROL_DROPPED));
        assertEquals(1, fixture.counters().rejected(SimReject.BAD_MAGIC));
        assertEquals(2, fixture.counters().rejected(SimReject.TRUNCATED_HEADER));
        assertEquals(
                SimCtlType.GET_GUID,
                c.request(SimCtlType.GET_GUID, new byte[0], 8).type());
    }

    @Test
    void aWrongSizeOrLengthGetsAnError() throws Exception {
        start();
        SimTestClient c = connected(false);
        byte[] full = SimCtl.of(0, SimCtlType.DISCONNECT, new byte[0], 0).encode();
        SimCtl shortReply = SimCtl.decode(c.rawControl(Arrays.copyOf(full, 40)));
        assertEquals(SimCtlType.ERROR, shortReply.type());
        SimCtl longReply = SimCtl.decode(c.rawControl(Arrays.copyOf(full, 100)));
        assertEquals(SimCtlType.ERROR, longReply.type());
        assertError(c.request(SimCtlType.GET_NODEINFO, new byte[0], 65));
        assertError(c.request(SimCtlType.SET_ISSM, new SimIsSm(1).encode(), 3));
        assertEquals(1, fixture.counters().activeSessions(), "the DISCONNECTs of the wrong size did nothing");
        assertEquals(2, fixture.counters().rejected(SimReject.BAD_SIZE));
        assertEquals(2, fixture.counters().rejected(SimReject.BAD_LENGTH));
        assertEquals(List.of(), port.isSmCalls);
    }

    @Test
    void aClientIdIsOnlyTheSendersOwn() {
        start();
        SimTestClient owner = connected(false);
        SimTestClient other = client();
        other.clientId = owner.clientId;
        assertError(other.request(SimCtlType.GET_NODEINFO, new byte[0], 64));
        assertError(other.request(SimCtlType.DISCONNECT));
        assertError(other.request(SimCtlType.SET_ISSM, new SimIsSm(1).encode(), 4));
        assertEquals(1, fixture.counters().activeSessions());
        other.clientId = 10;
        assertError(other.request(SimCtlType.GET_GUID));
        other.clientId = -1; // 0xFFFFFFFF
        assertError(other.request(SimCtlType.DISCONNECT));
        other.clientId = 5;
        assertEquals(
                SimCtlType.DISCONNECT,
                other.request(SimCtlType.DISCONNECT).type(),
                "DISCONNECT of an empty slot is done already (ibsim)");
        assertEquals(1, fixture.counters().activeSessions());
        assertEquals(List.of(), port.isSmCalls);
    }

    @Test
    void anUnknownHostOrDataPortIsRefused() {
        start();
        SimTestClient c = client();
        assertError(c.connect("nobody", false));
        assertError(c.connect(SmaUmadPort.NAME + "@2", false));
        assertError(c.request(SimCtlType.CONNECT, new SimClientInfo(0, 0, 0, SmaUmadPort.NAME).encode(), 44));
        assertError(c.request(SimCtlType.CONNECT, new SimClientInfo(70000, 0, 0, SmaUmadPort.NAME).encode(), 44));
        assertError(
                c.request(SimCtlType.CONNECT, new SimClientInfo(c.dataPort(), 0, 0, SmaUmadPort.NAME).encode(), 43));
        assertEquals(0, fixture.counters().activeSessions());
        assertEquals(0, port.attaches.get());
        assertEquals(2, fixture.counters().rejected(SimReject.UNKNOWN_HOST));
        assertEquals(2, fixture.counters().rejected(SimReject.BAD_DATA_PORT));
        assertEquals(1, fixture.counters().rejected(SimReject.BAD_LENGTH));
        assertEquals(
                SimCtlType.CONNECT, c.connect(SmaUmadPort.NAME + "@1", false).type(), "name@port");
    }

    @Test
    void tenClientsFitAndTheEleventhIsRefused() {
        start();
        List<SimTestClient> clients = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            SimTestClient c = connected(false);
            assertEquals(i, c.clientId);
            clients.add(c);
        }
        SimTestClient eleventh = client();
        assertError(eleventh.connect(SmaUmadPort.NAME, false));
        assertEquals(1, fixture.counters().rejected(SimReject.NO_FREE_SLOT));
        for (SimTestClient c : clients) {
            assertEquals(
                    SimCtlType.GET_GUID,
                    c.request(SimCtlType.GET_GUID, new byte[0], 8).type());
        }
        assertEquals(
                SimCtlType.DISCONNECT,
                clients.get(4).request(SimCtlType.DISCONNECT).type());
        assertEquals(
                SimCtlType.CONNECT, eleventh.connect(SmaUmadPort.NAME, false).type());
        assertEquals(4, eleventh.clientId, "the lowest free slot");
    }

    // ---- the SM role ----

    @Test
    void onePortHasOneSm() {
        start();
        SimTestClient sm = connected(true);
        assertEquals(List.of(true), port.isSmCalls);
        assertTrue((port.node.portInfo(1).capabilityMask() & PortInfo.CAP_IS_SM) != 0);
        SimTestClient second = client();
        assertError(second.connect(SmaUmadPort.NAME, true));
        assertEquals(SimCtlType.CONNECT, second.connect(SmaUmadPort.NAME, false).type());
        assertError(second.request(SimCtlType.SET_ISSM, new SimIsSm(1).encode(), 4));
        assertEquals(
                SimCtlType.SET_ISSM,
                sm.request(SimCtlType.SET_ISSM, new SimIsSm(0).encode(), 4).type());
        assertEquals(
                SimCtlType.SET_ISSM,
                second.request(SimCtlType.SET_ISSM, new SimIsSm(1).encode(), 4).type());
        assertEquals(List.of(true, false, true), port.isSmCalls);
        assertEquals(2, fixture.counters().rejected(SimReject.SM_ALREADY_EXISTS));
        second.request(SimCtlType.DISCONNECT);
        assertEquals(List.of(true, false, true, false), port.isSmCalls);
        assertEquals(0, port.node.portInfo(1).capabilityMask() & PortInfo.CAP_IS_SM);
    }

    // ---- vanished clients ----

    @Test
    void aSilentClientIsClosedAfterTheIdleTimeout() {
        start(10, Duration.ofMillis(400), Duration.ZERO);
        connected(true);
        fixture.advance(Duration.ofMillis(400));
        assertEquals(1, fixture.counters().activeSessions(), "silent for exactly the idle timeout: not yet");
        fixture.advance(Duration.ofMillis(100)); // the next sweep
        assertEquals(0, fixture.counters().activeSessions());
        assertEquals(1, count(UmadCounter.SESSIONS_IDLE));
        assertEquals(1, port.detaches.get());
        assertEquals(List.of(true, false), port.isSmCalls);
    }

    @Test
    void aClientThatKeepsTalkingStays() throws Exception {
        start(10, Duration.ofMillis(400), Duration.ZERO);
        SimTestClient c = connected(false);
        for (int i = 0; i < 8; i++) {
            fixture.advance(Duration.ofMillis(100)); // a sweep each time
            assertEquals(
                    SimCtlType.GET_GUID,
                    c.request(SimCtlType.GET_GUID, new byte[0], 8).type());
        }
        assertEquals(1, fixture.counters().activeSessions());
    }

    @Test
    void aNewConnectFromTheSameAddressReplacesTheOldSession() {
        start();
        SimTestClient c = connected(true);
        int first = c.clientId;
        assertEquals(
                SimCtlType.CONNECT,
                c.connect(SmaUmadPort.NAME, true).type(),
                "the old holder of the SM role is gone, so the role is free");
        assertEquals(first, c.clientId);
        assertEquals(1, count(UmadCounter.SESSIONS_REPLACED));
        assertEquals(1, fixture.counters().activeSessions());
    }

    @Test
    void whenFullTheLongestSilentClientMakesRoom() throws Exception {
        start(2, Duration.ofMinutes(10), Duration.ofMillis(200));
        connected(false);
        SimTestClient talker = connected(false);
        SimTestClient third = client();
        assertError(third.connect(SmaUmadPort.NAME, false));
        fixture.advance(Duration.ofMillis(300));
        talker.request(SimCtlType.GET_GUID, new byte[0], 8);
        assertEquals(SimCtlType.CONNECT, third.connect(SmaUmadPort.NAME, false).type());
        assertEquals(0, third.clientId, "the silent client's slot");
        assertEquals(1, count(UmadCounter.SESSIONS_RECLAIMED));
        assertEquals(
                SimCtlType.GET_GUID,
                talker.request(SimCtlType.GET_GUID, new byte[0], 8).type());
    }

    @Test
    void stoppingClosesEverySessionAndClearsIsSm() throws Exception {
        start();
        connected(true);
        fixture.vertx
                .undeploy(fixture.server.deploymentID())
                .toCompletionStage()
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS);
        assertEquals(1, count(UmadCounter.SESSIONS_STOPPED));
        assertEquals(List.of(true, false), port.isSmCalls);
        assertEquals(1, port.detaches.get());
    }

    // ---- data ----

    private static final long TID = 0x0000_0007_1234_5678L; // umad2sim's agent id 7 in bits 47..32

    private static SimRequest drGet(int attributeId, long tid) {
        Mad mad =
                DrSmp.outbound(Method.GET, tid, attributeId, 0, 0, new byte[64]).encode();
        return new SimRequest(0xFFFF, 0xFFFF, 0, 0, 0, 256, mad.toBytes());
    }

    @Test
    void aDirectedRouteSmpComesBackAnswered() {
        start();
        SimTestClient c = connected(false);
        c.sendData(drGet(NodeInfo.ATTRIBUTE_ID, TID).encode());
        SimRequest answer = c.receiveMad(2000);
        assertNotNull(answer);
        assertEquals(0xFFFF, answer.dlid());
        assertEquals(0xFFFF, answer.slid());
        assertEquals(0, answer.sqp());
        assertEquals(0, answer.status());
        assertEquals(256, answer.length());
        DrSmp smp = DrSmp.decode(Mad.copyOf(answer.mad()));
        assertEquals(Method.GET_RESP, smp.header().method());
        assertTrue(smp.direction());
        assertEquals(port.nodeGuid(), NodeInfo.decode(smp.data(), 0).nodeGuid());
        long tid = smp.header().transactionId();
        assertEquals(TID, tid & 0x0000_FFFF_FFFF_FFFFL, "umad2sim's agent id and libibmad's TID are kept");
        assertEquals(c.clientId, tid >>> 48);
        assertEquals(
                MadRelay.stampedTid(TID, c.clientId),
                port.sent.get(0).mad().header().transactionId());
        assertEquals(1, count(UmadCounter.MADS_FROM_CLIENTS));
        assertEquals(1, count(UmadCounter.MADS_TO_CLIENTS));
    }

    @Test
    void answersGoToTheClientThatAsked() {
        start();
        SimTestClient first = connected(false);
        SimTestClient second = connected(false);
        second.sendData(drGet(NodeInfo.ATTRIBUTE_ID, TID).encode());
        assertNotNull(second.receiveMad(2000));
        assertNull(first.receiveMad(200));
    }

    @Test
    void aRequestThePortCannotSendComesBackWithTimeoutStatus() {
        start();
        SimTestClient c = connected(false);
        MadHeader h =
                new MadHeader(1, MgmtClass.SUBN_LID_ROUTED, 1, Method.GET, 0, 0, TID, NodeInfo.ATTRIBUTE_ID, 0, 0);
        SimRequest request = new SimRequest(
                77, 0, 0, 0, 0, 256, Smp.of(h, 0, new byte[64]).encode().toBytes());
        c.sendData(request.encode());
        SimRequest back = c.receiveMad(2000);
        assertNotNull(back);
        assertEquals(SimRequest.STATUS_TIMEOUT, back.status());
        assertEquals(77, back.dlid());
        assertEquals(
                MadRelay.stampedTid(TID, c.clientId),
                Mad.copyOf(back.mad()).header().transactionId());
        assertEquals(1, count(UmadCounter.MADS_UNDELIVERABLE));
    }

    private static SimRequest lidRoutedGet(int dlid, long tid) {
        MadHeader h =
                new MadHeader(1, MgmtClass.SUBN_LID_ROUTED, 1, Method.GET, 0, 0, tid, NodeInfo.ATTRIBUTE_ID, 0, 0);
        return new SimRequest(
                dlid, 0, 0, 0, 0, 256, Smp.of(h, 0, new byte[64]).encode().toBytes());
    }

    @Test
    void aRequestLostInTheFabricComesBackWithTimeoutStatusAfterTheResponseTimeout() {
        start();
        SimTestClient c = connected(false);
        c.sendData(lidRoutedGet(SmaUmadPort.SILENT_LID, TID).encode());
        UmadServerFixture.await("the request at the port", () -> port.sent.size() == 1);
        fixture.advance(UmadServerOptions.DEFAULT_RESPONSE_TIMEOUT.minusMillis(1));
        assertNull(c.receiveMad(200), "nothing before the timeout");

        fixture.advance(Duration.ofMillis(1));
        SimRequest back = c.receiveMad(2000);
        assertNotNull(back, "the kernel's send timeout: the request comes back");
        assertEquals(SimRequest.STATUS_TIMEOUT, back.status());
        assertEquals(SmaUmadPort.SILENT_LID, back.dlid());
        assertEquals(
                MadRelay.stampedTid(TID, c.clientId),
                Mad.copyOf(back.mad()).header().transactionId());
        assertEquals(1, count(UmadCounter.REQUESTS_TIMED_OUT));

        // its answer, late, is dropped as the kernel drops a response it has no send for
        MadHeader late = new MadHeader(
                1,
                MgmtClass.SUBN_LID_ROUTED,
                1,
                Method.GET_RESP,
                0,
                0,
                MadRelay.stampedTid(TID, c.clientId),
                NodeInfo.ATTRIBUTE_ID,
                0,
                0);
        port.deliver(
                new UmadMad(0x10, 0x20, 0, 0, 0, Smp.of(late, 0, new byte[64]).encode()));
        assertNull(c.receiveMad(200));
        UmadServerFixture.await("the late answer dropped", () -> count(UmadCounter.LATE_RESPONSES) == 1);
    }

    @Test
    void anAnsweredRequestIsNotGivenBack() {
        start();
        SimTestClient c = connected(false);
        c.sendData(drGet(NodeInfo.ATTRIBUTE_ID, TID).encode());
        assertEquals(0, c.receiveMad(2000).status());
        fixture.advance(UmadServerOptions.DEFAULT_RESPONSE_TIMEOUT.multipliedBy(2));
        assertNull(c.receiveMad(200));
        assertEquals(0, count(UmadCounter.REQUESTS_TIMED_OUT));
    }

    @Test
    void requestsToThePortGoToItsSmClientOnly() {
        start();
        SimTestClient diag = connected(false);
        SimTestClient sm = connected(true);
        MadHeader h = new MadHeader(1, MgmtClass.SUBN_LID_ROUTED, 1, Method.TRAP, 0, 0, 0x42, 0x0002, 0, 0);
        port.deliver(new UmadMad(0x10, 0x20, 0, 0, 0, Smp.of(h, 0, new byte[64]).encode()));
        SimRequest trap = sm.receiveMad(2000);
        assertNotNull(trap);
        assertEquals(0x10, trap.dlid());
        assertEquals(0x20, trap.slid());
        assertEquals(Method.TRAP, Mad.copyOf(trap.mad()).header().method());
        assertNull(diag.receiveMad(200));
    }

    @Test
    void madsNobodyIsDueAreCounted() {
        start();
        SimTestClient diag = connected(false);
        MadHeader trap = new MadHeader(1, MgmtClass.SUBN_LID_ROUTED, 1, Method.TRAP, 0, 0, 0x42, 0x0002, 0, 0);
        port.deliver(
                new UmadMad(0x10, 0x20, 0, 0, 0, Smp.of(trap, 0, new byte[64]).encode()));
        MadHeader stale = new MadHeader(1, MgmtClass.SUBN_LID_ROUTED, 1, Method.GET_RESP, 0, 0, 5L << 48, 0x0011, 0, 0);
        port.deliver(
                new UmadMad(0x10, 0x20, 0, 0, 0, Smp.of(stale, 0, new byte[64]).encode()));
        UmadServerFixture.await("two unclaimed MADs", () -> count(UmadCounter.MADS_UNCLAIMED) == 2);
        assertNull(diag.receiveMad(200));
    }

    @Test
    void badDataIsDroppedAndCounted() {
        start();
        SimTestClient c = connected(false);
        SimTestClient stranger = client();
        byte[] good = drGet(NodeInfo.ATTRIBUTE_ID, TID).encode();
        c.sendData(Arrays.copyOf(good, 287));
        c.sendData(Arrays.copyOf(good, 289));
        byte[] noLength = good.clone();
        Bits.put64(noLength, 24, 0);
        c.sendData(noLength);
        stranger.sendData(good, fixture.port + 1 + c.clientId); // someone else on the client's data port
        c.sendData(good, fixture.port + 2); // c's data socket on a slot that is not its own
        UmadServerFixture.await("five drops", () -> count(UmadCounter.DATA_DROPPED) == 5);
        assertEquals(2, fixture.counters().rejected(SimReject.BAD_REQUEST_SIZE));
        assertEquals(1, fixture.counters().rejected(SimReject.BAD_MAD_LENGTH));
        assertEquals(2, fixture.counters().rejected(SimReject.UNKNOWN_SENDER));
        assertEquals(List.of(), port.sent);
        assertNull(c.receiveMad(200));
        c.sendData(good);
        assertNotNull(c.receiveMad(2000), "the client still works");
    }

    @Test
    void aPortThatFailsGetsErrorRepliesAndTheServerGoesOn() {
        UmadPort broken = new SmaUmadPort("broken") {
            @Override
            public Future<byte[]> nodeInfo() {
                throw new IllegalStateException("device gone");
            }

            @Override
            public Future<byte[]> pKeyTable() {
                return Future.failedFuture("device gone");
            }
        };
        fixture = new UmadServerFixture(
                StaticUmadDirectory.builder()
                        .add("broken", null, List.of(broken))
                        .build(),
                10,
                Duration.ofMinutes(10),
                Duration.ofMinutes(10));
        SimTestClient c = client();
        assertEquals(SimCtlType.CONNECT, c.connect("broken", false).type());
        long logged = FaultLog.shared().count("UmadPort.query", IllegalStateException.class);
        assertError(c.request(SimCtlType.GET_NODEINFO, new byte[0], 64));
        assertEquals(
                1,
                FaultLog.shared().count("UmadPort.query", IllegalStateException.class) - logged,
                "the throwing port is reported, the failed future is not");
        assertError(c.request(SimCtlType.GET_PKEYS, new byte[0], 64));
        assertError(c.request(SimCtlType.GET_VENDOR, new byte[0], 24));
        assertEquals(
                SimCtlType.GET_GUID,
                c.request(SimCtlType.GET_GUID, new byte[0], 8).type());
        assertEquals(3, fixture.counters().rejected(SimReject.PORT_FAILED));
    }

    @Test
    void aBusyPortFailsTheDeploymentAndReleasesWhatItBound() throws Exception {
        start();
        UmadServer clash = new UmadServer(
                fixture.server.options().withPort(fixture.port + 5),
                StaticUmadDirectory.builder()
                        .add(SmaUmadPort.NAME, null, List.of(port))
                        .build());
        java.util.concurrent.ExecutionException e = org.junit.jupiter.api.Assertions.assertThrows(
                java.util.concurrent.ExecutionException.class,
                () -> fixture.vertx
                        .deployVerticle(clash)
                        .toCompletionStage()
                        .toCompletableFuture()
                        .get(10, TimeUnit.SECONDS));
        assertTrue(e.getCause().getMessage().contains("cannot bind the umad endpoint"), e::toString);
        // the data ports it did bind (base + 11 ..) are released; NIO frees the port when the event loop
        // deregisters the closed channel, a moment after the close completes
        UmadServerFixture.await("base + 11 free again", () -> {
            try (java.net.DatagramSocket probe =
                    new java.net.DatagramSocket(fixture.port + 11, java.net.InetAddress.getLoopbackAddress())) {
                return probe.getLocalPort() == fixture.port + 11;
            } catch (java.net.SocketException busy) {
                return false;
            }
        });
        SimTestClient c = connected(false);
        assertEquals(
                SimCtlType.GET_GUID,
                c.request(SimCtlType.GET_GUID, new byte[0], 8).type(),
                "the first server is unharmed");
    }

    @Test
    void optionsAreChecked() {
        UmadServerOptions d = UmadServerOptions.defaults();
        assertEquals(7070, d.port());
        assertEquals(10, d.maxClients());
        assertEquals("0.0.0.0", d.host());
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> d.withPort(0));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> d.withMaxClients(0));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> d.withPort(65530));
        org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class, () -> d.withIdleTimeout(Duration.ofSeconds(-1)));
    }
}
