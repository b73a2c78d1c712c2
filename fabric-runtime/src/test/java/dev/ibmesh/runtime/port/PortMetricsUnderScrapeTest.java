package dev.ibmesh.runtime.port;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.pma.PortCounters.Counter;
import dev.ibmesh.runtime.link.Blocks;
import dev.ibmesh.runtime.observe.PortMetrics;
import dev.ibmesh.wire.Bth;
import dev.ibmesh.wire.Lrh;
import dev.ibmesh.wire.OpCode;
import dev.ibmesh.wire.PacketBuilder;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.lang.ref.Reference;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The metrics scrape runs on its own thread while the port's event loop counts, so everything it reads must be
 * published by the loop: it sees counters that only grow, gauges in their range, and at the end the exact values.
 */
class PortMetricsUnderScrapeTest {
    private static final int PACKETS = 20_000;
    private static final int BAD_EVERY = 10;
    private static final int SENT = 1_000;

    private static final String RCV_PKTS = "ibmesh_port_pma_total{counter=\"PortRcvPkts\",device=\"a\",port=\"1\"}";
    private static final String XMIT_PKTS = "ibmesh_port_pma_total{counter=\"PortXmitPkts\",device=\"a\",port=\"1\"}";
    private static final String RCV_ERRORS = "ibmesh_port_pma_total{counter=\"PortRcvErrors\",device=\"a\",port=\"1\"}";
    private static final String BAD_VCRC = "ibmesh_port_drops_total{device=\"a\",port=\"1\",reason=\"bad_vcrc\"}";
    private static final String CREDIT = "ibmesh_port_tx_credit_blocks{device=\"a\",port=\"1\",vl=\"0\"}";
    private static final String QUEUE = "ibmesh_port_tx_queue_packets{device=\"a\",port=\"1\",vl=\"0\"}";
    private static final String STATE = "ibmesh_port_state{device=\"a\",port=\"1\"}";

    /** Takes every packet and frees its buffer at once. */
    private static final PortEvents TAKE_ALL = new PortEvents() {
        @Override
        public void onPacket(Port port, byte[] frame) {
            port.release(Lrh.vl(frame, 0), frame.length);
        }

        @Override
        public void onStateChange(Port port) {}
    };

    /**
     * A reader spinning on a counter sees the owner's updates. With a plain field the JIT may load it once and spin
     * on that value for ever: before the counters were published, this reader saw 0 after a million increments.
     */
    @Test
    void aReaderSpinningOnACounterSeesTheOwnersUpdates() throws Exception {
        PortCounterSet counters = new PortCounterSet();
        for (int i = 0; i < 2_000; i++) {
            spinUntil(counters, 1, 20_000); // compiled before the race, as a long-running scrape loop would be
        }
        long n = 1_000_000;
        long[] seen = {-1};
        Thread reader = new Thread(() -> seen[0] = spinUntil(counters, n, 1L << 34), "reader");
        reader.start();
        Thread owner = new Thread(
                () -> {
                    for (long i = 0; i < n; i++) {
                        counters.received(64, false);
                    }
                },
                "owner");
        owner.start();
        owner.join();
        reader.join(TimeUnit.SECONDS.toMillis(30));
        assertEquals(n, seen[0]);
    }

    /** Reads PortRcvPkts until it reaches {@code target} or {@code maxSpins} reads; what it read last. */
    private static long spinUntil(PortCounterSet counters, long target, long maxSpins) {
        long spins = 0;
        long seen;
        do {
            seen = counters.value(Counter.PORT_RCV_PKTS);
        } while (seen < target && ++spins < maxSpins);
        return seen;
    }

    @Test
    void aScrapeDuringTrafficSeesCountersOnlyGrowAndTheFinalValues() throws Exception {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        CountDownLatch bound = new CountDownLatch(1);
        AtomicReference<Throwable> loopFailed = new AtomicReference<>();
        // Micrometer's gauges hold their port weakly (a device holds it in production): the test holds it here, or a
        // GC after the loop ends turns the last scrape's values into NaN.
        AtomicReference<PortHarness> held = new AtomicReference<>();
        // The port lives on this thread, as on a device's event loop: built, linked and driven only here.
        Thread loop = new Thread(
                () -> {
                    try {
                        PortHarness h = new PortHarness(TAKE_ALL).active();
                        held.set(h);
                        PortMetrics.bind(registry, "a", h.port);
                        bound.countDown();
                        byte[] bad = PacketBuilder.iba(
                                        Lrh.of(0, 0, Lrh.LNH_IBA_LOCAL, PortHarness.LID, PortHarness.PEER_LID),
                                        Bth.of(OpCode.RC_SEND_ONLY, 0xFFFF, 1, false, 0))
                                .badVcrc()
                                .build();
                        for (int i = 0; i < PACKETS; i++) {
                            h.receive(i % BAD_EVERY == 0 ? bad : PortHarness.send(0, i, 64));
                            if (i < SENT) {
                                h.port.transmit(toPeer(i));
                            }
                        }
                    } catch (Throwable t) {
                        loopFailed.set(t);
                        bound.countDown();
                    }
                },
                "loop");
        loop.start();
        assertTrue(bound.await(30, TimeUnit.SECONDS));
        Map<String, Double> last = new HashMap<>();
        int scrapes = 0;
        while (loop.isAlive()) {
            Map<String, Double> now = parse(registry.scrape());
            for (String counter : new String[] {RCV_PKTS, XMIT_PKTS, RCV_ERRORS, BAD_VCRC}) {
                double before = last.getOrDefault(counter, 0.0);
                assertTrue(now.get(counter) >= before, counter + " went from " + before + " to " + now.get(counter));
            }
            assertTrue(now.get(CREDIT) >= 0 && now.get(CREDIT) <= 2048, "credit " + now.get(CREDIT));
            assertTrue(now.get(QUEUE) >= 0 && now.get(QUEUE) <= PortConfig.DEFAULT_QUEUE_PACKETS_PER_VL);
            last = now;
            scrapes++;
        }
        loop.join();
        assertEquals(null, loopFailed.get());
        Map<String, Double> end = parse(registry.scrape());
        int bad = PACKETS / BAD_EVERY;
        assertEquals(PACKETS - bad, end.get(RCV_PKTS));
        assertEquals(bad, end.get(BAD_VCRC));
        assertEquals(bad, end.get(RCV_ERRORS));
        assertEquals(SENT, end.get(XMIT_PKTS));
        assertEquals(0, end.get(QUEUE));
        assertEquals(2048 - SENT * Blocks.ofFrame(toPeer(0).length), end.get(CREDIT));
        assertEquals(4, end.get(STATE), "Active");
        assertTrue(scrapes > 0, "the scrape raced the loop");
        Reference.reachabilityFence(held.get());
    }

    private static byte[] toPeer(int psn) {
        return PacketBuilder.iba(
                        Lrh.of(0, 0, Lrh.LNH_IBA_LOCAL, PortHarness.PEER_LID, PortHarness.LID),
                        Bth.of(OpCode.RC_SEND_ONLY, 0xFFFF, 0x11, false, psn))
                .payload(new byte[8])
                .build();
    }

    /** Prometheus text: each sample line's series (name and labels) to its value. */
    private static Map<String, Double> parse(String text) {
        Map<String, Double> samples = new HashMap<>();
        for (String line : text.split("\n")) {
            if (!line.isEmpty() && !line.startsWith("#")) {
                int space = line.lastIndexOf(' ');
                samples.put(line.substring(0, space), Double.parseDouble(line.substring(space + 1)));
            }
        }
        return samples;
    }
}
