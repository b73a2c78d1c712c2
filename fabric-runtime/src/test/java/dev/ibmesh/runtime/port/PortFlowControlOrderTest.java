package dev.ibmesh.runtime.port;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.proto.link.v1.Frame;
import dev.ibmesh.runtime.link.Blocks;
import dev.ibmesh.wire.FlowControlPacket;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The flow-control packets a port owes are built when they go out, so they say the credit as it is then: the peer
 * takes each FCCL as it comes (IBA 7.9.4), and an update built earlier and sent after a newer one would take credit
 * back, the peer's sender waiting for the next keep-alive with the receive buffer empty. What is owed keeps its Op.
 */
class PortFlowControlOrderTest {
    @Test
    void anUpdateOwedWhileTheStreamWasFullTakesBackNoCreditSentSince() {
        List<byte[]> held = new ArrayList<>();
        PortHarness h = new PortHarness(new PortEvents() {
                    @Override
                    public void onPacket(Port port, byte[] frame) {
                        held.add(frame); // a device still working on them: their buffer space is not free yet
                    }

                    @Override
                    public void onStateChange(Port port) {}
                })
                .active();
        for (int psn = 0; psn < 24; psn++) {
            h.receive(PortHarness.send(0, psn, 2048));
        }
        // The keep-alive comes while the stream is full: its update must wait for the stream.
        h.streamReady = false;
        h.clock.advance(FlowControlKeepAlive.KEEP_ALIVE_NANOS);
        // The stream has room again, and the device frees the packets: those updates go out at once.
        h.streamReady = true;
        int before = h.sent.size();
        held.forEach(frame -> h.port.release(0, frame.length));
        assertTrue(updatesOnVl0(h, before).size() > 0, "freed buffer space is advertised at once");
        // Then the stream says it is ready, and whatever waited goes out.
        h.port.onReady();

        List<FlowControlPacket> updates = updatesOnVl0(h, before);
        for (int i = 1; i < updates.size(); i++) {
            int advance = Blocks.mod(updates.get(i).fccl() - updates.get(i - 1).fccl());
            assertTrue(advance <= Blocks.MAX_CREDIT, () -> "an update took credit back: " + updates);
        }
    }

    @Test
    void theInitPacketsOwedAtLinkUpStayInitPacketsWhileTheStreamIsFull() {
        PortHarness h = new PortHarness(PortKeepAliveTest.CONSUMER);
        h.streamReady = false;
        h.linkUp(); // trained, and the peer's init packets arrived: ours could not go out yet
        h.streamReady = true;
        h.port.onReady();

        List<Integer> ops = new ArrayList<>();
        for (Frame f : h.sent) {
            if (f.getKind() == Frame.Kind.LINK) {
                ops.add(FlowControlPacket.decode(f.getBytes().toByteArray(), 0).op());
            }
        }
        assertEquals(
                Collections.nCopies(h.port.flowControl().operationalVls(), FlowControlPacket.OP_INIT),
                ops,
                "one init packet per operational VL, not a normal update in its place");
    }

    private static List<FlowControlPacket> updatesOnVl0(PortHarness h, int from) {
        List<FlowControlPacket> updates = new ArrayList<>();
        for (Frame f : h.sent.subList(from, h.sent.size())) {
            if (f.getKind() == Frame.Kind.LINK) {
                FlowControlPacket fc = FlowControlPacket.decode(f.getBytes().toByteArray(), 0);
                if (fc.vl() == 0) {
                    updates.add(fc);
                }
            }
        }
        return updates;
    }
}
