package dev.ibmesh.runtime.port;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.proto.link.v1.Frame;
import org.junit.jupiter.api.Test;

/** The exerciser's path onto the link: what {@link Port#inject} puts on the wire, and when it refuses. */
class PortInjectTest {
    /** Nothing arrives in these tests; the port's events are not looked at. */
    private static final PortEvents IGNORED = new PortEvents() {
        @Override
        public void onPacket(Port port, byte[] frame) {}

        @Override
        public void onStateChange(Port port) {}
    };

    @Test
    void aBurstGoesOutWhileTheStreamIsMomentarilyNotReady() {
        PortHarness h = new PortHarness(IGNORED).linkUp();
        int before = h.sent.size();
        h.streamReady = false;
        for (int i = 0; i < 34; i++) {
            assertTrue(h.port.inject(Frame.Kind.DATA, PortHarness.smp(i), false), "frame " + i + " refused");
        }
        assertEquals(34, h.sent.size() - before, "every injected frame is on the wire, none dropped");
    }

    @Test
    void refusedWithoutALink() {
        PortHarness h = new PortHarness(IGNORED);
        assertFalse(h.port.inject(Frame.Kind.DATA, PortHarness.smp(0), false));
        assertTrue(h.sent.isEmpty());
    }
}
