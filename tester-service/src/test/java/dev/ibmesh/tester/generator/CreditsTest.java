package dev.ibmesh.tester.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.ibmesh.mad.pma.PortCounters.Counter;
import dev.ibmesh.runtime.link.Blocks;
import dev.ibmesh.tester.bench.LinkSetup;
import dev.ibmesh.tester.bench.Trace;
import dev.ibmesh.wire.Bth;
import dev.ibmesh.wire.Deth;
import dev.ibmesh.wire.Lrh;
import dev.ibmesh.wire.OpCode;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Link credits (IBA 7.9) from the exerciser's side: a flood through a switch into a data sink that holds everything,
 * so the switch's output congests and its input buffer for the tester fills. Obeying the switch's credits, the tester
 * waits and nothing is lost; ignoring them, it overruns the buffer, and the switch drops and counts every packet that
 * found no room (PortRcvErrors, IBA 16.1.3.5).
 */
class CreditsTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    /** A 4 KiB UD payload: a frame of 4122 bytes. */
    private static final int PAYLOAD = 4096;

    private static final int BLOCKS = Blocks.ofFrame(Lrh.SIZE + Bth.SIZE + 8 + PAYLOAD + 4 + 2);
    /**
     * More packets than the path holds: the sink's buffer (2048 blocks), the switch's output queue (1024 packets) and
     * its input buffer for the tester (2048 blocks).
     */
    private static final int FLOOD = 2 * (2048 / BLOCKS) + 1024 + 200;

    private Vertx vertx;
    private TwoLinkSwitch bench;
    private PortCountersReader counters;

    @BeforeEach
    void start() throws Exception {
        vertx = Vertx.vertx();
        bench = TwoLinkSwitch.start(vertx, new Trace("tester", false));
        counters = new PortCountersReader(bench.madPort, bench.link.dutLid(), bench.link.dutPort(), TIMEOUT);
    }

    @AfterEach
    void stop() throws Exception {
        if (bench != null) { // null when the setup failed
            bench.close();
        }
        vertx.close().await();
    }

    /** A UD datagram from the tester's port 1 to a QP of its port 2, through the switch. */
    private static DataPacketSpec toSink() {
        return DataPacketSpec.iba(
                Lrh.of(0, 0, Lrh.LNH_IBA_LOCAL, TwoLinkSwitch.SINK_LID, LinkSetup.TESTER_LID),
                Bth.of(OpCode.UD_SEND_ONLY, 0xFFFF, 0x100, false, 0),
                List.of(new Deth(0x11, 0x100)),
                new byte[PAYLOAD]);
    }

    private long rcvErrors() {
        return counters.read().get(Counter.PORT_RCV_ERRORS);
    }

    @Test
    void ignoringCreditsAFloodOverrunsTheSwitchAndEveryLossIsCounted() throws Exception {
        long before = rcvErrors();
        DataSink sink = DataSink.start(bench.sink, 0, true);

        new PacketGenerator(bench.source)
                .send(Sequence.of(toSink()).count(FLOOD).credits(Sequence.Credits.IGNORE), TIMEOUT);
        sink.release();
        // The counters' GMP follows the flood on the link: its answer counts every packet of it.
        long overruns = rcvErrors() - before;

        assertTrue(overruns > 0, "a flood past the switch's credits overruns its input buffer");
        long delivered = FLOOD - overruns;
        sink.awaitPackets(delivered).get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        assertEquals(delivered, sink.packets(), "every packet not counted as an overrun reached the sink");
    }

    @Test
    void obeyingCreditsTheSameFloodWaitsForTheSwitchAndNothingIsLost() throws Exception {
        long before = rcvErrors();
        DataSink sink = DataSink.start(bench.sink, 0, true);

        CompletableFuture<List<Long>> left =
                new PacketGenerator(bench.source).start(Sequence.of(toSink()).count(FLOOD));
        await(
                "the switch to stop giving credit while the tester has packets to send",
                () -> bench.onTesterLoop(() -> bench.testerPort1.queued(0) > 0
                        && bench.testerPort1.flowControl().tx(0).available() < BLOCKS));
        assertFalse(left.isDone(), "the flood is more than the switch and the sink can hold");
        sink.release();

        left.get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        sink.awaitPackets(FLOOD).get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        assertEquals(FLOOD, sink.packets());
        assertEquals(0, rcvErrors() - before, "a sender that obeys the credits never overruns");
    }

    private static void await(String what, Callable<Boolean> condition) throws Exception {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (condition.call()) {
                return;
            }
            Thread.sleep(5);
        }
        fail("timed out waiting for " + what);
    }
}
