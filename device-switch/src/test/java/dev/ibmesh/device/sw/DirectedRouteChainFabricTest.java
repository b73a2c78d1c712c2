package dev.ibmesh.device.sw;

import static dev.ibmesh.device.sw.SwitchTestKit.activateAll;
import static dev.ibmesh.device.sw.SwitchTestKit.await;
import static dev.ibmesh.device.sw.SwitchTestKit.hostConfig;
import static dev.ibmesh.device.sw.SwitchTestKit.onLoop;
import static dev.ibmesh.device.sw.SwitchTestKit.switchConfig;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.smp.NodeDescription;
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
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A directed-route SubnGet(NodeDescription) from a host through chains of 1 to 10 real switches, and back. */
class DirectedRouteChainFabricTest {
    private final Vertx vertx = Vertx.vertx();

    @AfterEach
    void tearDown() throws Exception {
        vertx.close().await(10, TimeUnit.SECONDS);
    }

    @ParameterizedTest(name = "{0} switches")
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
    void reachesTheLastSwitchAndComesBack(int switches) throws Exception {
        InProcessLinkTransport transport = new InProcessLinkTransport("chain-" + System.nanoTime());
        RecordingDevice sm =
                new RecordingDevice(hostConfig("sm", 0x11, new LinkPlan(1, "s1", 1, "s1", true)), transport);
        List<Device> devices = new ArrayList<>(List.of(sm));
        for (int i = 1; i <= switches; i++) {
            List<LinkPlan> links = new ArrayList<>();
            links.add(new LinkPlan(1, i == 1 ? "sm" : "s" + (i - 1), i == 1 ? 1 : 2, null, false));
            if (i < switches) {
                links.add(new LinkPlan(2, "s" + (i + 1), 1, "s" + (i + 1), true));
            }
            devices.add(
                    new SwitchDevice(switchConfig("s" + i, 0x100 + i, links), transport, new SimpleMeterRegistry()));
        }
        for (Device d : devices) {
            vertx.deployVerticle(d).await(10, TimeUnit.SECONDS);
        }
        activateAll(devices);

        int[] path = new int[switches];
        path[0] = 1;
        for (int i = 1; i < switches; i++) {
            path[i] = 2;
        }
        DrSmp request =
                DrSmp.outbound(Method.GET, 0x5000 + switches, NodeDescription.ATTRIBUTE_ID, 0, 0, new byte[0], path);
        onLoop(sm, () -> {
            DrDecision.Forward first = (DrDecision.Forward) DirectedRoute.send(request, DrNode.channelAdapter(1, 0));
            return sm.port(first.port())
                    .transmit(SmpPackets.frame(
                            Lrh.PERMISSIVE_LID, Lrh.PERMISSIVE_LID, first.smp().encode()));
        });
        await("the answer", () -> onLoop(sm, () -> sm.received.size()) == 1);
        DrSmp answer = DrSmp.decode(SmpPackets.mad(onLoop(sm, () -> sm.received.get(0))));
        DrDecision home = DirectedRoute.receive(answer, DrNode.channelAdapter(1, 0), 1);
        DrSmp delivered = ((DrDecision.Deliver) home).smp();
        assertEquals(0x5000 + switches, delivered.header().transactionId());
        assertEquals(0, delivered.status());
        assertEquals("s" + switches, NodeDescription.decode(delivered.data(), 0).text(), "the last switch answered");
        for (int hop = 1; hop <= switches; hop++) {
            assertEquals(1, delivered.returnPath(hop), "every switch is entered on its port 1");
        }
    }
}
