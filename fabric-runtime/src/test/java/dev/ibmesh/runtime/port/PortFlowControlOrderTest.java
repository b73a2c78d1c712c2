package dev.ibmesh.runtime.port;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.proto.link.v1.Frame;
import dev.ibmesh.wire.FlowControlPacket;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The flow-control packets a port sends say the credit as it is when they go out: the peer takes each FCCL as it
 * comes (IBA 7.9.4), so an update built earlier and sent after a newer one would take credit back, and the peer's
 * sender would wait for the next keep-alive with the receive buffer empty.
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
        assertEquals(
                h.port.flowControl().rx(0).fccl(),
                updates.get(updates.size() - 1).fccl(),
                () -> "the last update the peer takes advertises the whole free buffer: " + updates);
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
