package dev.ibmesh.runtime.port;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.proto.link.v1.Frame;
import dev.ibmesh.runtime.port.LinkImpairment.Settings;
import dev.ibmesh.wire.Vcrc;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * A frame its device sealed ({@link Port#transmitSealed}) tells a receiver in this JVM that its VCRC is right, so the
 * receiver does not compute it again; nothing else is trusted: a plain {@link Port#transmit}, a flow-control packet,
 * and a sealed frame the cable corrupted are all checked.
 */
class SealedFramesTest {
    private static final PortEvents CONSUMER = new PortEvents() {
        @Override
        public void onPacket(Port port, byte[] frame) {
            port.release(0, frame.length);
        }

        @Override
        public void onStateChange(Port port) {}
    };

    private final PortHarness h = new PortHarness(CONSUMER).active();
    private final PortHarness peer = new PortHarness(CONSUMER).active();

    /** The data frames of what the port sent, by whether each went out sealed. */
    private List<Boolean> dataSealed() {
        return IntStream.range(0, h.sent.size())
                .filter(i -> h.sent.get(i).getKind() == Frame.Kind.DATA)
                .mapToObj(h.sentSealed::get)
                .toList();
    }

    @Test
    void onlyWhatTheDeviceSealedLeavesSealed() {
        h.sent.clear();
        h.sentSealed.clear();
        assertTrue(h.port.transmitSealed(PortHarness.send(0, 0, 64)));
        assertTrue(h.port.transmit(PortHarness.send(0, 1, 64)));
        assertTrue(h.port.transmitSealed(PortHarness.send(0, 2, 64)));
        assertEquals(List.of(true, false, true), dataSealed());
        for (int i = 0; i < h.sent.size(); i++) {
            if (h.sent.get(i).getKind() == Frame.Kind.LINK) {
                assertEquals(false, h.sentSealed.get(i), "a flow-control packet is never sealed");
            }
        }
    }

    @Test
    void aSealedFrameIsNotCheckedAgainAndAPlainOneIs() {
        byte[] wrongVcrc = PortHarness.send(0, 0, 64);
        Vcrc.write(wrongVcrc, wrongVcrc.length - 2, Vcrc.compute(wrongVcrc, 0, wrongVcrc.length - 2) ^ 1);
        peer.receive(wrongVcrc);
        assertEquals(1, peer.port.drops(DropReason.BAD_VCRC), "a plain frame's VCRC is checked");
        peer.receiveSealed(wrongVcrc.clone());
        assertEquals(1, peer.port.drops(DropReason.BAD_VCRC), "a sealed frame's is taken as its device computed it");
        assertEquals(1, peer.port.counters().portCountersExtended(0).portRcvPkts());
    }

    @Test
    void aSealedFrameTheCableCorruptsIsCheckedAndDropped() {
        h.port.impair(new Settings(0, 1, 0, 0, 0, 7));
        h.sent.clear();
        h.sentSealed.clear();
        for (int i = 0; i < 20; i++) {
            assertTrue(h.port.transmitSealed(PortHarness.send(0, i, 200)));
        }
        assertEquals(20, dataSealed().size());
        assertTrue(dataSealed().stream().noneMatch(s -> s), "a corrupted copy is not what the device sealed");
        for (int i = 0; i < h.sent.size(); i++) {
            Frame f = h.sent.get(i);
            if (f.getKind() == Frame.Kind.DATA) {
                byte[] bytes = f.getBytes().toByteArray();
                if (h.sentSealed.get(i)) {
                    peer.receiveSealed(bytes);
                } else {
                    peer.receive(bytes);
                }
            }
        }
        assertEquals(20, peer.port.drops(DropReason.BAD_VCRC), "every flipped bit fails the VCRC, checked first");
        assertEquals(0, peer.port.counters().portCountersExtended(0).portRcvPkts());
    }
}
