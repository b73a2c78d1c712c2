package dev.ibmesh.device.hca.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.wire.Aeth;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The transport counts on the device's loop; the metrics scrape reads the same counters from its own thread. */
class QpCountersTest {
    private static final long N = 1_000_000;

    /**
     * A reader spinning on a counter sees the transport's updates. With a plain field the JIT may load it once and
     * spin on that value for ever: before the counters were published, this reader saw 0 after a million packets.
     */
    @Test
    void aReaderSpinningOnACounterSeesTheOwnersUpdates() throws Exception {
        QpCounters counters = new QpCounters();
        for (int i = 0; i < 2_000; i++) {
            spinUntil(counters, 1, 20_000); // compiled before the race, as a long-running scrape loop would be
        }
        long[] seen = {-1};
        Thread reader = new Thread(() -> seen[0] = spinUntil(counters, N, 1L << 34), "reader");
        reader.start();
        Thread owner = new Thread(
                () -> {
                    for (long i = 0; i < N; i++) {
                        counters.received();
                    }
                },
                "owner");
        owner.start();
        owner.join();
        reader.join(TimeUnit.SECONDS.toMillis(30));
        assertEquals(N, seen[0]);
    }

    private static long spinUntil(QpCountersView counters, long target, long maxSpins) {
        long spins = 0;
        long seen;
        do {
            seen = counters.packetsReceived();
        } while (seen < target && ++spins < maxSpins);
        return seen;
    }

    @Test
    void aConcurrentReaderSeesEveryCounterOnlyGrowAndTheFinalValues() throws Exception {
        QpCounters counters = new QpCounters();
        Thread owner = new Thread(
                () -> {
                    for (long i = 0; i < N; i++) {
                        counters.sent();
                        counters.received();
                        counters.nakSent(Aeth.NAK_PSN_SEQUENCE_ERROR);
                        counters.nakReceived(Aeth.NAK_REMOTE_ACCESS_ERROR);
                        counters.drop();
                    }
                },
                "owner");
        owner.start();
        long[] last = new long[5];
        int reads = 0;
        while (owner.isAlive()) {
            long[] now = read(counters);
            for (int i = 0; i < now.length; i++) {
                assertTrue(now[i] >= last[i], "counter " + i + " went from " + last[i] + " to " + now[i]);
            }
            last = now;
            reads++;
        }
        owner.join();
        long[] end = read(counters);
        for (long v : end) {
            assertEquals(N, v);
        }
        assertEquals(0, counters.naksSent(Aeth.NAK_REMOTE_ACCESS_ERROR), "each code has its own counter");
        assertTrue(reads > 0);
    }

    private static long[] read(QpCountersView c) {
        return new long[] {
            c.packetsSent(),
            c.packetsReceived(),
            c.naksSent(Aeth.NAK_PSN_SEQUENCE_ERROR),
            c.naksReceived(Aeth.NAK_REMOTE_ACCESS_ERROR),
            c.dropped()
        };
    }
}
