package dev.ibmesh.runtime.port;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * A device whose packet the port refused (data before Active) learns when to offer it again: the port reports
 * transmit space when it becomes Active, not only after it happens to send a batch.
 */
class PortTransmitSpaceTest {
    private int spaceReported;

    private final PortEvents device = new PortEvents() {
        @Override
        public void onPacket(Port port, byte[] frame) {}

        @Override
        public void onTransmitSpace(Port port) {
            spaceReported++;
        }

        @Override
        public void onStateChange(Port port) {}
    };

    @Test
    void becomingActiveReportsTransmitSpace() {
        PortHarness h = new PortHarness(device).linkUp();
        assertFalse(h.port.transmit(PortHarness.send(0, 0, 8)), "Init refuses data");
        h.clock.advance(FlowControlKeepAlive.KEEP_ALIVE_NANOS - 1); // no keep-alive batch goes out meanwhile
        int before = spaceReported;
        assertTrue(h.port.arm() && h.port.activate());
        assertTrue(spaceReported > before, "the device is told it may offer the refused packet now");
        assertTrue(h.port.transmit(PortHarness.send(0, 1, 8)));
        assertEquals(1, h.dataSent());
    }
}
