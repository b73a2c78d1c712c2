package dev.ibmesh.runtime.device;

import static dev.ibmesh.runtime.device.FabricTestKit.activate;
import static dev.ibmesh.runtime.device.FabricTestKit.advance;
import static dev.ibmesh.runtime.device.FabricTestKit.await;
import static dev.ibmesh.runtime.device.FabricTestKit.awaitPortState;
import static dev.ibmesh.runtime.device.FabricTestKit.onLoop;
import static dev.ibmesh.runtime.device.FabricTestKit.send;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.pma.PortCounters;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.proto.link.v1.Frame;
import dev.ibmesh.runtime.link.Blocks;
import dev.ibmesh.runtime.port.DropReason;
import dev.ibmesh.runtime.port.Port;
import dev.ibmesh.runtime.port.PortConfig;
import dev.ibmesh.runtime.time.ManualScheduler;
import dev.ibmesh.runtime.transport.InProcessLinkTransport;
import dev.ibmesh.wire.Bth;
import dev.ibmesh.wire.Lrh;
import dev.ibmesh.wire.OpCode;
import dev.ibmesh.wire.PacketBuilder;
import io.vertx.core.Vertx;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Credits, receive checks and link recovery across a real (in-process) virtual link. The sender, a, runs on a
 * hand-driven clock (its timers fire only when a test moves it); b, which dials a, on real time.
 */
class LinkLayerTest {
    private final Vertx vertx = Vertx.vertx();
    private final InProcessLinkTransport transport = new InProcessLinkTransport("ll-" + System.nanoTime());
    private final ManualScheduler clockA = new ManualScheduler();
    private RecordingDevice a;
    private RecordingDevice b;

    @BeforeEach
    void setUp() throws Exception {
        a = new RecordingDevice(
                FabricTestKit.config("a", 0xA1, "a", List.of(new LinkPlan(1, "b", 1, null, false))), transport, clockA);
        b = newB();
        vertx.deployVerticle(a).await(10, TimeUnit.SECONDS);
        vertx.deployVerticle(b).await(10, TimeUnit.SECONDS);
        activate(a, 1, b, 1);
    }

    private RecordingDevice newB() {
        return new RecordingDevice(
                FabricTestKit.config("b", 0xB1, "b", List.of(new LinkPlan(1, "a", 1, "a", true))), transport);
    }

    @AfterEach
    void tearDown() throws Exception {
        vertx.close().await(10, TimeUnit.SECONDS);
    }

    @Test
    void creditExhaustionStallsTheSenderWithNothingLost() {
        onLoop(b, () -> b.hold = true);
        Port pa = a.port(1);
        byte[] big = send(0, 2, 1, 0, 4096);
        int blocks = Blocks.ofFrame(big.length);
        int fit = PortConfig.DEFAULT_BUFFER_BLOCKS_PER_VL / blocks;
        int queueCap = PortConfig.DEFAULT_QUEUE_PACKETS_PER_VL;
        int offered = queueCap + fit + 10;
        int accepted = onLoop(a, () -> {
            int n = 0;
            for (int i = 0; i < offered; i++) {
                n += pa.transmit(send(0, 2, 1, i, 4096)) ? 1 : 0;
            }
            return n;
        });
        await("receiver buffer full", 5_000, () -> onLoop(b, () -> b.received.size()) == fit);
        // The sender stops at the receiver's advertised limit: it sent exactly what fits and has no credit left for
        // the next packet, so nothing more can arrive while B holds its buffer.
        assertEquals(fit, onLoop(a, () -> pa.counters().portCounters(1).portXmitPkts()), "sent what fits");
        assertTrue(onLoop(a, () -> pa.txCreditBlocks(0)) < blocks, "no credit for another packet");
        assertEquals(fit, onLoop(b, () -> b.received.size()));
        int waiting = onLoop(a, () -> pa.queued(0));
        assertTrue(waiting + fit >= accepted - 64 && waiting <= queueCap, "bounded queue, waiting " + waiting);
        assertEquals(
                offered - accepted,
                onLoop(a, () -> pa.counters().portCounters(1).portXmitDiscards()),
                "every refused packet is counted");
        onLoop(b, () -> {
            b.releaseHeld();
            return null;
        });
        await("everything accepted is delivered", 10_000, () -> onLoop(b, () -> b.received.size()) == accepted);
        PortCounters cb = onLoop(b, () -> b.port(1).counters().portCounters(1));
        assertEquals(0, cb.portRcvErrors(), "no overrun: credits were obeyed");
        List<Integer> psns =
                onLoop(b, () -> b.received.stream().map(f -> Bth.psn(f, 8)).toList());
        for (int i = 1; i < psns.size(); i++) {
            assertEquals(psns.get(i - 1) + 1, psns.get(i), "in order, none missing");
        }
    }

    @Test
    void packetsPastTheHeadOfQueueLifetimeAreDiscardedAndCounted() {
        onLoop(b, () -> b.hold = true);
        Port pa = a.port(1);
        int fit = PortConfig.DEFAULT_BUFFER_BLOCKS_PER_VL / Blocks.ofFrame(send(0, 2, 1, 0, 4096).length);
        onLoop(a, () -> {
            pa.hoqLife(14); // 4.096 us x 2^14 = 67 ms on a's clock, which stands still until moved
            for (int i = 0; i < fit + 20; i++) {
                pa.transmit(send(0, 2, 1, i, 4096));
            }
            return null;
        });
        assertEquals(fit, onLoop(a, () -> pa.counters().portCounters(1).portXmitPkts()), "the credited ones left");
        advance(a, clockA, TimeUnit.MILLISECONDS.toNanos(66));
        assertEquals(0, onLoop(a, () -> pa.drops(DropReason.HEAD_OF_QUEUE_LIFETIME)), "not yet past HOQLife");
        advance(a, clockA, TimeUnit.MILLISECONDS.toNanos(4)); // the head-of-queue timer at 67.1 ms expires them
        assertEquals(20, onLoop(a, () -> pa.drops(DropReason.HEAD_OF_QUEUE_LIFETIME)));
        assertEquals(20, onLoop(a, () -> pa.counters().portCounters(1).portXmitDiscards()));
        assertEquals(0, onLoop(a, () -> pa.queued(0)));
        await("the credited packets arrive", 5_000, () -> onLoop(b, () -> b.received.size()) == fit);
        onLoop(b, () -> {
            b.releaseHeld();
            return null;
        });
        // a's queue is empty and it sent only what had credit: nothing more can reach b.
        assertEquals(fit, onLoop(a, () -> pa.counters().portCounters(1).portXmitPkts()));
        assertEquals(fit, onLoop(b, () -> b.received.size()), "only what had credit was sent");
    }

    @Test
    void ignoringCreditsOverrunsTheReceiver() {
        onLoop(b, () -> b.hold = true);
        Port pa = a.port(1);
        onLoop(a, () -> {
            pa.ignoreCredits(true);
            for (int i = 0; i < 40; i++) {
                pa.transmit(send(0, 2, 1, i, 4096));
            }
            return null;
        });
        int fit = PortConfig.DEFAULT_BUFFER_BLOCKS_PER_VL / Blocks.ofFrame(send(0, 2, 1, 0, 4096).length);
        await("overruns dropped", 5_000, () -> onLoop(b, () -> b.port(1).drops(DropReason.BUFFER_OVERRUN)) == 40 - fit);
        assertEquals(fit, onLoop(b, () -> b.received.size()));
        assertEquals(
                40 - fit, onLoop(b, () -> b.port(1).counters().portCounters(1).portRcvErrors()));
    }

    @Test
    void everyReceiveCheckFailureIsDroppedAndCountedAndAGoodPacketStillPasses() {
        Map<DropReason, byte[]> bad = new LinkedHashMap<>();
        bad.put(
                DropReason.BAD_VCRC,
                PacketBuilder.iba(Lrh.of(0, 0, 2, 2, 1), Bth.of(OpCode.RC_SEND_ONLY, 0xFFFF, 1, false, 0))
                        .badVcrc()
                        .build());
        bad.put(
                DropReason.BAD_ICRC,
                PacketBuilder.iba(Lrh.of(0, 0, 2, 2, 1), Bth.of(OpCode.RC_SEND_ONLY, 0xFFFF, 1, false, 0))
                        .badIcrc()
                        .build());
        bad.put(
                DropReason.PKTLEN_MISMATCH,
                PacketBuilder.iba(Lrh.of(0, 0, 2, 2, 1), Bth.of(OpCode.RC_SEND_ONLY, 0xFFFF, 1, false, 0))
                        .pktLen(9)
                        .build());
        bad.put(DropReason.ABOVE_MAXIMUM_LENGTH, send(0, 2, 1, 0, 4300));
        bad.put(DropReason.BAD_VL, send(9, 2, 1, 0, 8));
        bad.put(DropReason.BAD_DLID, send(0, 7, 1, 0, 8));
        bad.put(DropReason.BAD_SLID, send(0, 2, 0, 0, 8));
        Port pa = a.port(1);
        Port pb = b.port(1);
        for (Map.Entry<DropReason, byte[]> e : bad.entrySet()) {
            onLoop(a, () -> pa.inject(Frame.Kind.DATA, e.getValue(), false) && pa.transmit(send(0, 2, 1, 1, 8)));
            await(e.getKey() + " dropped", 5_000, () -> onLoop(b, () -> pb.drops(e.getKey())) == 1);
        }
        onLoop(a, () -> pa.inject(Frame.Kind.DATA, send(0, 2, 1, 0, 8), true));
        onLoop(a, () -> pa.inject(Frame.Kind.LINK, new byte[5], false));
        onLoop(a, () -> pa.inject(Frame.Kind.KIND_UNSPECIFIED, new byte[30], false));
        await("the rest dropped", 5_000, () -> onLoop(b, () -> pb.drops(DropReason.SYMBOL_ERROR)) == 1);
        await("good packets all arrive", 5_000, () -> onLoop(b, () -> b.received.size()) == bad.size());
        PortCounters c = onLoop(b, () -> pb.counters().portCounters(1));
        assertEquals(5 + 1, c.portRcvErrors(), "VCRC, ICRC, PktLen, length, VL, malformed link packet");
        assertEquals(1, c.portRcvRemotePhysicalErrors(), "EBP");
        assertEquals(1, c.symbolErrorCounter());
        assertEquals(bad.size(), c.portRcvPkts(), "only the good packets count as received");
    }

    @Test
    void aCutStreamTakesThePortDownAndTheLinkComesBack() throws Exception {
        vertx.undeploy(b.deploymentID()).await(10, TimeUnit.SECONDS);
        awaitPortState(a, 1, PortInfo.PORT_STATE_DOWN);
        assertEquals(PortInfo.PHYS_STATE_POLLING, onLoop(a, () -> a.port(1).physicalState()));
        assertEquals(1, onLoop(a, () -> a.port(1).counters().portCounters(1).linkDownedCounter()));
        assertFalse(onLoop(a, () -> a.port(1).transmit(send(0, 2, 1, 0, 8))), "a down port sends nothing");
        b = newB();
        vertx.deployVerticle(b).await(10, TimeUnit.SECONDS);
        awaitPortState(a, 1, PortInfo.PORT_STATE_INIT);
        awaitPortState(b, 1, PortInfo.PORT_STATE_INIT);
    }
}
