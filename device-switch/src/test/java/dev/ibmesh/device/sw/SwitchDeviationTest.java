package dev.ibmesh.device.sw;

import static dev.ibmesh.device.sw.SwitchTestKit.activateAll;
import static dev.ibmesh.device.sw.SwitchTestKit.await;
import static dev.ibmesh.device.sw.SwitchTestKit.hostConfig;
import static dev.ibmesh.device.sw.SwitchTestKit.onLoop;
import static dev.ibmesh.device.sw.SwitchTestKit.sleep;
import static dev.ibmesh.device.sw.SwitchTestKit.switchConfig;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.MadStatus;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.smp.NodeDescription;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.runtime.device.Device;
import dev.ibmesh.runtime.device.LinkPlan;
import dev.ibmesh.runtime.device.RecordingDevice;
import dev.ibmesh.runtime.sma.SmpPackets;
import dev.ibmesh.runtime.sma.dr.DirectedRoute;
import dev.ibmesh.runtime.sma.dr.DrDecision;
import dev.ibmesh.runtime.sma.dr.DrNode;
import dev.ibmesh.runtime.transport.InProcessLinkTransport;
import dev.ibmesh.wire.Lrh;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.vertx.core.Vertx;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Each switch deviation breaks its rule, seen from an SM: the same exchange that a compliant switch answers as the
 * spec says goes the other way on the deviating one. Fabric: sm - s1 - s2, with s1 started with the deviation.
 */
class SwitchDeviationTest {
    private Vertx vertx;
    private RecordingDevice sm;

    @AfterEach
    void tearDown() throws Exception {
        if (vertx != null) {
            vertx.close().await(10, TimeUnit.SECONDS);
            vertx = null;
        }
    }

    private void start(List<String> deviations) throws Exception {
        vertx = Vertx.vertx();
        InProcessLinkTransport transport = new InProcessLinkTransport("dev-" + System.nanoTime());
        sm = new RecordingDevice(hostConfig("sm", 0x11, new LinkPlan(1, "s1", 1, "s1", true)), transport);
        SwitchDevice s1 = new SwitchDevice(switchConfig("s1", 0x21, List.of(new LinkPlan(1, "sm", 1, null, false),
                new LinkPlan(2, "s2", 1, "s2", true)), deviations), transport, new SimpleMeterRegistry());
        SwitchDevice s2 = new SwitchDevice(switchConfig("s2", 0x22, List.of(new LinkPlan(1, "s1", 2, null, false))),
                transport, new SimpleMeterRegistry());
        List<Device> all = List.of(sm, s1, s2);
        for (Device d : all) {
            vertx.deployVerticle(d).await(10, TimeUnit.SECONDS);
        }
        activateAll(all);
    }

    @Test
    void acceptReservedLinkWidthEnabled() throws Exception {
        start(List.of("accept-reserved-link-width-enabled"));
        PortInfo before = PortInfo.decode(exchange(DrSmp.outbound(Method.GET, 1, PortInfo.ATTRIBUTE_ID, 1, 0,
                new byte[0], 1)).data(), 0);
        byte[] twelveX = before.toBuilder().portState(0).portPhysicalState(0).linkWidthEnabled(8).build().toBytes();
        DrSmp answer = exchange(DrSmp.outbound(Method.SET, 2, PortInfo.ATTRIBUTE_ID, 1, 0, twelveX, 1));
        assertEquals(0, answer.status(), "a compliant switch answers 7 (SwitchForwardingTest)");
        assertEquals(8, PortInfo.decode(answer.data(), 0).linkWidthEnabled());
    }

    @Test
    void ignoreMKey() throws Exception {
        for (boolean deviating : new boolean[] {false, true}) {
            start(deviating ? List.of("ignore-m-key") : List.of());
            PortInfo port0 = PortInfo.decode(exchange(DrSmp.outbound(Method.GET, 1, PortInfo.ATTRIBUTE_ID, 0, 0,
                    new byte[0], 1)).data(), 0);
            byte[] protect = port0.toBuilder().portState(0).portPhysicalState(0).lid(9).masterSmLid(1).mKey(0xCAFE)
                    .mKeyProtectBits(2).build().toBytes();
            assertEquals(0, exchange(DrSmp.outbound(Method.SET, 2, PortInfo.ATTRIBUTE_ID, 0, 0, protect, 1)).status());
            send(DrSmp.outbound(Method.SET, 3, NodeDescription.ATTRIBUTE_ID, 0, 0xBAD,
                    NodeDescription.of("taken over").toBytes(), 1));
            sleep(300);
            assertEquals(deviating ? 1 : 0, onLoop(sm, () -> sm.received.size()),
                    deviating ? "the deviating switch obeys a wrong M_Key" : "a wrong M_Key gets no answer");
            tearDown();
        }
    }

    @Test
    void noDrReturnPath() throws Exception {
        for (boolean deviating : new boolean[] {false, true}) {
            start(deviating ? List.of("no-dr-return-path") : List.of());
            send(DrSmp.outbound(Method.GET, 4, NodeDescription.ATTRIBUTE_ID, 0, 0, new byte[0], 1, 2));
            sleep(300);
            assertEquals(deviating ? 0 : 1, onLoop(sm, () -> sm.received.size()),
                    deviating ? "s2's answer cannot find its way back through s1" : "s2 answers through s1");
            tearDown();
        }
    }

    private void send(DrSmp outbound) {
        onLoop(sm, () -> {
            sm.received.clear();
            DrDecision.Forward first = (DrDecision.Forward) DirectedRoute.send(outbound, DrNode.channelAdapter(1, 0));
            return sm.port(1).transmit(SmpPackets.frame(Lrh.PERMISSIVE_LID, Lrh.PERMISSIVE_LID, first.smp().encode()));
        });
    }

    private DrSmp exchange(DrSmp outbound) {
        send(outbound);
        await("answer", () -> onLoop(sm, () -> sm.received.size()) == 1);
        DrSmp answer = DrSmp.decode(SmpPackets.mad(onLoop(sm, () -> sm.received.get(0))));
        assertTrue(answer.direction());
        return answer;
    }
}
