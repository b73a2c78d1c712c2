package dev.ibmesh.runtime.port;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.wire.Lrh;
import org.junit.jupiter.api.Test;

/**
 * What a device sends while it takes a link message's frames leaves with the end of that message, not behind
 * whatever else the event loop has queued: a stream's deliveries can hold the loop for as long as the peer keeps
 * sending, and an HCA's ACKs must not wait for that.
 */
class PortInboundDrainTest {
    /** Answers every data packet at once, as an RC responder's ACK, and frees its buffer. */
    private static final PortEvents RESPONDER = new PortEvents() {
        @Override
        public void onPacket(Port port, byte[] frame) {
            port.release(Lrh.vl(frame, 0), frame.length);
            port.transmit(PortHarness.send(0, 0, 0));
        }

        @Override
        public void onStateChange(Port port) {}
    };

    @Test
    void anAnswerLeavesWithTheMessageThatCausedItWhileTheLoopIsBusy() {
        PortHarness h = new PortHarness(RESPONDER).active();
        h.loopBusy = true;

        h.receive(PortHarness.send(0, 1, 1024));

        assertEquals(1, h.dataSent(), "the answer is on the wire before the loop gets to its queue");
        assertEquals(0, h.port.queued(0));
        h.loopBusy = false;
        h.loopQueue.forEach(Runnable::run);
        assertEquals(1, h.dataSent(), "the drain the loop ran later found nothing left to send");
        assertTrue(h.loopQueue.size() <= 1, "at most the one drain was queued: " + h.loopQueue.size());
    }
}
