package dev.ibmesh.device.sw;

import static dev.ibmesh.device.sw.SwitchTestKit.activateAll;
import static dev.ibmesh.device.sw.SwitchTestKit.await;
import static dev.ibmesh.device.sw.SwitchTestKit.hostConfig;
import static dev.ibmesh.device.sw.SwitchTestKit.onLoop;
import static dev.ibmesh.device.sw.SwitchTestKit.switchConfig;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ibmesh.runtime.device.Device;
import dev.ibmesh.runtime.device.LinkPlan;
import dev.ibmesh.runtime.device.RecordingDevice;
import dev.ibmesh.runtime.transport.InProcessLinkTransport;
import dev.ibmesh.wire.Bth;
import dev.ibmesh.wire.Deth;
import dev.ibmesh.wire.Lrh;
import dev.ibmesh.wire.OpCode;
import dev.ibmesh.wire.PacketBuilder;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.vertx.core.Vertx;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A switch with four hosts copies a multicast packet to every member port of the group but the one it came from. */
class MulticastForwardingTest {
    private static final int MLID = 0xC001;
    private final Vertx vertx = Vertx.vertx();

    @AfterEach
    void tearDown() throws Exception {
        vertx.close().await(10, TimeUnit.SECONDS);
    }

    @Test
    void copiesToMembersOnly() throws Exception {
        InProcessLinkTransport transport = new InProcessLinkTransport("mc-" + System.nanoTime());
        List<RecordingDevice> hosts = new ArrayList<>();
        List<LinkPlan> switchLinks = new ArrayList<>();
        for (int i = 1; i <= 4; i++) {
            hosts.add(
                    new RecordingDevice(hostConfig("h" + i, 0x10 + i, new LinkPlan(1, "s", i, "s", true)), transport));
            switchLinks.add(new LinkPlan(i, "h" + i, 1, null, false));
        }
        SwitchDevice s = new SwitchDevice(switchConfig("s", 0x20, switchLinks), transport, new SimpleMeterRegistry());
        List<Device> all = new ArrayList<>(hosts);
        all.add(s);
        for (Device d : all) {
            vertx.deployVerticle(d).await(10, TimeUnit.SECONDS);
        }
        activateAll(all);
        onLoop(s, () -> {
            for (int port : new int[] {1, 2, 3}) { // h4 is not in the group
                s.tables().setMulticastMember(MLID, port, true);
            }
            for (int lid = 1; lid <= 4; lid++) { // host i has LID i, on switch port i
                s.tables().setRoute(lid, lid);
            }
            s.tables().linearFdbTop(4);
            return null;
        });
        for (int i = 0; i < 4; i++) {
            RecordingDevice h = hosts.get(i);
            int lid = i + 1;
            onLoop(h, () -> h.port(1).receivePolicy().lid(lid, 0));
        }
        RecordingDevice h1 = hosts.get(0);
        byte[] packet = PacketBuilder.iba(
                        Lrh.of(0, 0, Lrh.LNH_IBA_LOCAL, MLID, 1),
                        Bth.of(OpCode.UD_SEND_ONLY, 0xFFFF, 0xFFFFFF, false, 0))
                .headers(new Deth(0x1234, 5))
                .payload(new byte[32])
                .build();
        onLoop(h1, () -> h1.port(1).transmit(packet));
        await(
                "h2 and h3 get a copy",
                () -> onLoop(hosts.get(1), () -> hosts.get(1).received.size()) == 1
                        && onLoop(hosts.get(2), () -> hosts.get(2).received.size()) == 1);
        // Unicast markers from h2 to h1 and h4, on the multicast's VL: the switch queued any copy for their ports
        // before it took the markers, so once a marker is there, so would the copy be.
        RecordingDevice h2 = hosts.get(1);
        for (int lid : new int[] {1, 4}) {
            onLoop(h2, () -> h2.port(1).transmit(unicast(lid, 2)));
            RecordingDevice to = hosts.get(lid - 1);
            await(
                    "the marker at " + to.name(),
                    () -> onLoop(to, () -> to.received.stream().anyMatch(f -> Lrh.dlid(f, 0) == lid)));
        }
        assertEquals(1, onLoop(h1, () -> h1.received.size()), "not back to the sender");
        assertEquals(1, onLoop(hosts.get(3), () -> hosts.get(3).received.size()), "not to a non-member");
        assertEquals(
                MLID, Lrh.dlid(onLoop(hosts.get(1), () -> hosts.get(1).received.get(0)), 0));
    }

    private static byte[] unicast(int dlid, int slid) {
        return PacketBuilder.iba(
                        Lrh.of(0, 0, Lrh.LNH_IBA_LOCAL, dlid, slid),
                        Bth.of(OpCode.RC_SEND_ONLY, 0xFFFF, 0x99, false, 0))
                .payload(new byte[8])
                .build();
    }
}
