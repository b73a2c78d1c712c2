package dev.ibmesh.runtime.port;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.pma.PortCounters.Counter;
import dev.ibmesh.proto.link.v1.Frame;
import dev.ibmesh.runtime.link.Blocks;
import dev.ibmesh.runtime.port.LinkImpairment.Effect;
import dev.ibmesh.runtime.port.LinkImpairment.Settings;
import dev.ibmesh.wire.Bth;
import dev.ibmesh.wire.FlowControlPacket;
import dev.ibmesh.wire.Lrh;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A port whose cable is impaired (the control API's SetImpairment), on a hand-driven clock: what reaches the peer,
 * what the peer's receive check makes of it, and what is counted.
 */
class PortImpairmentTest {
    private static final PortEvents CONSUMER = new PortEvents() {
        @Override
        public void onPacket(Port port, byte[] frame) {
            port.release(Lrh.vl(frame, 0), frame.length);
        }

        @Override
        public void onStateChange(Port port) {}
    };

    private final PortHarness h = new PortHarness(CONSUMER).active();

    private static Settings settings(double drop, double corrupt, double duplicate, long delayUs, double gbps) {
        return new Settings(drop, corrupt, duplicate, delayUs, gbps, 42);
    }

    private void transmit(int packets, int payload) {
        for (int i = 0; i < packets; i++) {
            assertTrue(h.port.transmit(PortHarness.send(0, i, payload)));
        }
    }

    private List<Frame> dataOnWire() {
        return h.sent.stream().filter(f -> f.getKind() == Frame.Kind.DATA).toList();
    }

    @Test
    void aCableThatDropsEverythingLosesEveryFrameCountsItAndHealsWhenCleared() {
        h.port.impair(settings(1, 0, 0, 0, 0));
        h.sent.clear();
        transmit(5, 100);
        h.clock.advance(FlowControlKeepAlive.KEEP_ALIVE_NANOS);
        assertEquals(List.of(), h.sent, "nothing reaches the peer, flow-control packets neither");
        assertEquals(5, h.port.impaired(Effect.DROPPED, true));
        assertTrue(h.port.impaired(Effect.DROPPED, false) > 0, "the keep-alive's packets were lost too");
        assertEquals(5, h.port.counters().portCountersExtended(0).portXmitPkts(), "the port sent them");

        h.port.impair(Settings.NONE);
        assertTrue(
                h.sent.stream().anyMatch(f -> f.getKind() == Frame.Kind.LINK),
                "healing re-sends the flow-control state at once");
        transmit(2, 100);
        assertEquals(2, dataOnWire().size());
        assertEquals(5, h.port.impaired(Effect.DROPPED, true), "the counts stay");
    }

    @Test
    void corruptedFramesFailThePeersCrcCheckAndItCountsPortRcvErrors() {
        PortHarness peer = new PortHarness(CONSUMER).active();
        h.port.impair(settings(0, 1, 0, 0, 0));
        h.sent.clear();
        long corruptedBefore = h.port.impaired(Effect.CORRUPTED, false);
        transmit(20, 200);
        h.clock.advance(FlowControlKeepAlive.KEEP_ALIVE_NANOS);
        List<Frame> onWire = h.sent;
        long data = onWire.stream().filter(f -> f.getKind() == Frame.Kind.DATA).count();
        long link = onWire.size() - data;
        assertEquals(20, data);
        assertTrue(link > 0, "the keep-alive's flow-control packets went out");
        for (Frame f : onWire) {
            peer.receive(f.getKind(), f.getBytes().toByteArray(), false);
        }
        assertEquals(20, h.port.impaired(Effect.CORRUPTED, true));
        assertEquals(link, h.port.impaired(Effect.CORRUPTED, false) - corruptedBefore);
        assertEquals(
                20 + link,
                peer.port.counters().value(Counter.PORT_RCV_ERRORS),
                "every flipped bit is caught: VCRC or ICRC, LPCRC");
        assertEquals(20, peer.port.drops(DropReason.BAD_VCRC) + peer.port.drops(DropReason.BAD_ICRC));
        assertEquals(link, peer.port.drops(DropReason.MALFORMED_LINK_PACKET));
        assertEquals(0, peer.port.counters().portCountersExtended(0).portRcvPkts());
    }

    @Test
    void theSameSeedMakesTheSameChoices() {
        PortHarness other = new PortHarness(CONSUMER).active();
        for (PortHarness p : List.of(h, other)) {
            p.port.impair(settings(0.5, 0, 0, 0, 0));
            p.sent.clear();
            for (int i = 0; i < 40; i++) {
                p.port.transmit(PortHarness.send(0, i, 64));
            }
        }
        List<Integer> psns = psns(h);
        assertTrue(psns.size() > 5 && psns.size() < 35, "about half arrive: " + psns);
        assertEquals(psns, psns(other));
        assertEquals(40 - psns.size(), h.port.impaired(Effect.DROPPED, true));
    }

    @Test
    void duplicatesArriveTwiceAndTakeCreditTwice() {
        long credit = h.port.txCreditBlocks(0);
        h.port.impair(settings(0, 0, 1, 0, 0));
        transmit(3, 1000);
        assertEquals(List.of(0, 0, 1, 1, 2, 2), psns(h));
        assertEquals(3, h.port.impaired(Effect.DUPLICATED, true));
        assertEquals(credit - 6L * Blocks.ofFrame(PortHarness.send(0, 0, 1000).length), h.port.txCreditBlocks(0));
        assertEquals(3, h.port.counters().portCountersExtended(0).portXmitPkts(), "the port sent each once");
    }

    @Test
    void aDelayHoldsEveryFrameThatLongInOrder() {
        h.port.impair(settings(0, 0, 0, 500, 0));
        h.sent.clear();
        transmit(3, 64);
        h.port.impair(settings(0, 0, 0, 0, 0));
        assertTrue(h.port.transmit(PortHarness.send(0, 3, 64)));
        assertEquals(List.of(), h.sent, "on the cable: the undelayed frame queues behind the delayed ones");
        h.clock.advance(500_000 - 1);
        assertEquals(List.of(), h.sent);
        h.clock.advance(1);
        assertEquals(List.of(0, 1, 2, 3), psns(h));
        assertTrue(h.port.impaired(Effect.DELAYED, true) >= 3);
    }

    @Test
    void aRateLimitPacesDataPackets() {
        h.port.impair(settings(0, 0, 0, 0, 1));
        int frame = PortHarness.send(0, 0, 4000).length;
        transmit(100, 4000);
        h.clock.advance(200_000);
        long bytes = dataOnWire().size() * (long) frame;
        // 1 Gb/s for 200 us is 25,000 bytes, plus the burst the pacer lets out at once (the peer's credit would
        // allow 2048 blocks, 131,072 bytes).
        assertTrue(bytes >= 25_000 && bytes <= 25_000 + Pacer.BURST_BYTES + frame, bytes + " bytes in 200 us");
    }

    @Test
    void aFlowControlPacketThatAccountsForLostPacketsIsAnsweredAtOnce() {
        h.sent.clear();
        // The peer used up its credit on 2000 blocks we never received (lost on the cable): its FCTBS says so, and
        // our limit moves by 2000, which the peer, short of credit, waits for.
        h.receiveLink(
                FlowControlPacket.of(FlowControlPacket.OP_NORMAL, 2000, 0, 2048).encode());
        List<Frame> updates =
                h.sent.stream().filter(f -> f.getKind() == Frame.Kind.LINK).toList();
        assertEquals(1, updates.size(), "an update without waiting for the keep-alive");
        FlowControlPacket fc =
                FlowControlPacket.decode(updates.get(0).getBytes().toByteArray(), 0);
        assertEquals(0, fc.vl());
        assertEquals(Blocks.mod(2000 + Math.min(2048, h.port.flowControl().rx(0).freeBlocks())), fc.fccl());
        h.sent.clear();
        h.receiveLink(
                FlowControlPacket.of(FlowControlPacket.OP_NORMAL, 2000, 0, 2048).encode());
        assertEquals(List.of(), h.sent, "nothing new to say: no answer");
    }

    @Test
    void impossibleSettingsAreRefusedNamingTheField() {
        assertRefused("drop: 1.5", () -> settings(1.5, 0, 0, 0, 0));
        assertRefused("corrupt: -0.1", () -> settings(0, -0.1, 0, 0, 0));
        assertRefused("duplicate: NaN", () -> settings(0, 0, Double.NaN, 0, 0));
        assertRefused("delay_us: -1", () -> settings(0, 0, 0, -1, 0));
        assertRefused("rate_gbps: -2.0", () -> settings(0, 0, 0, 0, -2));
        assertFalse(settings(0, 0, 0, 0, 0.5).none());
        assertTrue(Settings.NONE.none());
    }

    private static void assertRefused(String start, Runnable make) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, make::run);
        assertTrue(e.getMessage().startsWith(start), e.getMessage());
    }

    private static List<Integer> psns(PortHarness p) {
        return p.sent.stream()
                .filter(f -> f.getKind() == Frame.Kind.DATA)
                .map(f -> Bth.psn(f.getBytes().toByteArray(), Lrh.SIZE))
                .toList();
    }
}
