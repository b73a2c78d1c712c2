package dev.ibmesh.runtime.port;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.runtime.link.Blocks;
import dev.ibmesh.wire.Bth;
import dev.ibmesh.wire.Lrh;
import dev.ibmesh.wire.OpCode;
import dev.ibmesh.wire.PacketBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

/**
 * A device whose packet handling throws must not stall the port: the packet is dropped and counted
 * ({@link DropReason#INTERNAL_ERROR}), its receive buffer freed unless the device freed it, and the packets after it
 * pass as before.
 */
class PortFaultBoundaryTest {
    /** Throws for the first {@code failures} packets (after releasing them, if told to), then takes the rest. */
    private static final class FailingDevice implements PortEvents {
        final List<byte[]> delivered = new ArrayList<>();
        final int failures;
        final boolean releaseBeforeThrowing;
        int calls;

        FailingDevice(int failures, boolean releaseBeforeThrowing) {
            this.failures = failures;
            this.releaseBeforeThrowing = releaseBeforeThrowing;
        }

        @Override
        public void onPacket(Port port, byte[] frame) {
            if (calls++ < failures) {
                if (releaseBeforeThrowing) {
                    port.release(Lrh.vl(frame, 0), frame.length);
                }
                throw new IllegalStateException("device bug on packet " + calls);
            }
            delivered.add(frame);
            port.release(Lrh.vl(frame, 0), frame.length);
        }

        @Override
        public void onStateChange(Port port) {}
    }

    /** More packets than one VL's buffer holds, so credit that never came back would stop them. */
    private static final int PAYLOAD = 4096;

    private static final int VL_WORTH =
            PortConfig.DEFAULT_BUFFER_BLOCKS_PER_VL / Blocks.ofFrame(PortHarness.send(0, 0, PAYLOAD).length);

    @Test
    void aThrowingDeviceNoLongerStallsTheVl() {
        int failures = VL_WORTH + 5;
        FailingDevice device = new FailingDevice(failures, false);
        PortHarness h = new PortHarness(device).active();
        int escaped = feed(h, failures + 3, psn -> PortHarness.send(0, psn, PAYLOAD));
        assertEquals(List.of(failures, failures + 1, failures + 2), psns(device.delivered), "the VL still flows");
        assertEquals(0, h.port.drops(DropReason.BUFFER_OVERRUN), "every buffer came back");
        assertEquals(failures, h.port.drops(DropReason.INTERNAL_ERROR));
        assertEquals(0, escaped, "no exception reaches the link");
        assertEquals(0, h.port.flowControl().rx(0).usedBlocks());
    }

    @Test
    void aBufferTheDeviceFreedBeforeThrowingIsNotFreedTwice() {
        int failures = VL_WORTH + 5;
        FailingDevice device = new FailingDevice(failures, true);
        PortHarness h = new PortHarness(device).active();
        int escaped = feed(h, failures + 1, psn -> PortHarness.send(0, psn, PAYLOAD));
        assertEquals(List.of(failures), psns(device.delivered));
        assertEquals(failures, h.port.drops(DropReason.INTERNAL_ERROR));
        assertEquals(0, escaped);
        assertEquals(0, h.port.flowControl().rx(0).usedBlocks());
    }

    @Test
    void aThrowingSmaNoLongerFillsTheVl15Buffer() {
        int failures = PortConfig.DEFAULT_VL15_BUFFER_PACKETS + 5;
        FailingDevice device = new FailingDevice(failures, false);
        PortHarness h = new PortHarness(device).linkUp();
        int escaped = feed(h, failures + 2, PortHarness::smp);
        assertEquals(List.of(failures, failures + 1), psns(device.delivered), "VL15 still flows");
        assertEquals(0, h.port.drops(DropReason.VL15_BUFFER_FULL));
        assertEquals(failures, h.port.drops(DropReason.INTERNAL_ERROR));
        assertEquals(0, escaped);
    }

    @Test
    void theInternalErrorHasNoPmaCounter() {
        assertEquals(null, DropReason.INTERNAL_ERROR.counter(), "no PortCounters field is for a device's own faults");
        FailingDevice device = new FailingDevice(1, false);
        PortHarness h = new PortHarness(device).active();
        feed(h, 1, psn -> PortHarness.send(0, psn, 8));
        assertEquals(1, h.port.drops(DropReason.INTERNAL_ERROR));
        assertEquals(0, h.port.counters().portCounters(1).portRcvErrors());
        assertTrue(h.port.counters().portCounters(1).portRcvPkts() == 1, "the port did receive it");
    }

    @Test
    void aDeviceFailingOnStateChangesOrTransmitSpaceStillGetsItsLinkAndItsPackets() {
        int[] stateChanges = {0};
        int[] spaceCalls = {0};
        PortEvents failing = new PortEvents() {
            @Override
            public void onPacket(Port port, byte[] frame) {
                port.release(Lrh.vl(frame, 0), frame.length);
            }

            @Override
            public void onTransmitSpace(Port port) {
                spaceCalls[0]++;
                throw new IllegalStateException("device bug");
            }

            @Override
            public void onStateChange(Port port) {
                stateChanges[0]++;
                throw new IllegalStateException("device bug");
            }
        };
        PortHarness h = new PortHarness(failing).active(); // no exception from training, arming, activating
        assertEquals(4, stateChanges[0], "Training, LinkUp with Init, Armed, Active: each told");
        // More than one link message's worth, so the drain goes on after telling the device of the space.
        int n = Transmitter.MAX_BATCH_FRAMES * 3;
        for (int i = 0; i < n; i++) {
            assertTrue(h.port.transmit(toPeer(i)));
        }
        assertEquals(n, h.dataSent());
        assertTrue(spaceCalls[0] >= 3, "told after each message: " + spaceCalls[0]);
        assertEquals(0, h.port.queued(0));
    }

    private static byte[] toPeer(int psn) {
        return PacketBuilder.iba(
                        Lrh.of(0, 0, Lrh.LNH_IBA_LOCAL, PortHarness.PEER_LID, PortHarness.LID),
                        Bth.of(OpCode.RC_SEND_ONLY, 0xFFFF, 0x11, false, psn))
                .payload(new byte[8])
                .build();
    }

    /**
     * The peer sends {@code n} packets; an exception that escapes the port is swallowed as Vert.x would and counted.
     */
    private static int feed(PortHarness h, int n, IntFunction<byte[]> packet) {
        int escaped = 0;
        for (int psn = 0; psn < n; psn++) {
            try {
                h.receive(packet.apply(psn));
            } catch (RuntimeException e) {
                escaped++;
            }
        }
        return escaped;
    }

    private static List<Integer> psns(List<byte[]> frames) {
        return frames.stream().map(f -> Bth.psn(f, Lrh.SIZE)).toList();
    }
}
