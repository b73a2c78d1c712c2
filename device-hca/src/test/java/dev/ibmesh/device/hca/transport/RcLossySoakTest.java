package dev.ibmesh.device.hca.transport;

import static dev.ibmesh.device.hca.transport.TwoHcas.MR_VA;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.device.hca.transport.TwoHcas.Action;
import dev.ibmesh.device.hca.transport.TwoHcas.Conn;
import dev.ibmesh.device.hca.transport.TwoHcas.Path;
import dev.ibmesh.device.hca.verbs.QpType;
import dev.ibmesh.device.hca.verbs.SendWr;
import dev.ibmesh.device.hca.verbs.WcStatus;
import dev.ibmesh.device.hca.verbs.WorkCompletion;
import dev.ibmesh.device.hca.verbs.WrOpcode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Many mixed RC operations over a wire that drops, duplicates and delays packets in both directions, seeded: every
 * request completes successfully, in order, exactly once, and memory ends as if the wire had been perfect.
 */
class RcLossySoakTest {
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
    void everythingCompletesInOrderAndMemoryIsExact(long seed) {
        TwoHcas f = new TwoHcas();
        Path p = new Path();
        p.timeout = 6;
        p.minRnrTimer = 1;
        Conn c = f.connect(QpType.RC, p);
        Random rnd = new Random(seed);
        f.filter(s -> {
            int r = rnd.nextInt(100);
            return r < 8 ? Action.DROP : r < 12 ? Action.DUPLICATE : r < 15 ? Action.HOLD : Action.PASS;
        });
        byte[] expectedB = new byte[64 * 1024];
        byte[] source = RcTransportTest.bytes(64 * 1024, (int) seed);
        f.a.write(0, source);
        long counter = 0;
        List<Long> ids = new ArrayList<>();
        int recvs = 0;
        for (int i = 0; i < 120; i++) {
            int kind = rnd.nextInt(4);
            int len = 1 + rnd.nextInt(1500);
            int off = rnd.nextInt(60 * 1024);
            SendWr wr;
            if (kind == 0) {
                wr = SendWr.builder(i, WrOpcode.RDMA_WRITE)
                        .sge(f.a.sge(off, len))
                        .remote(MR_VA + off, f.b.mr.rkey())
                        .build();
                System.arraycopy(source, off, expectedB, off, len);
            } else if (kind == 1) {
                wr = SendWr.builder(i, WrOpcode.SEND).sge(f.a.sge(off, len)).build();
                f.b.postRecv(c.qpB(), i, 200_000 + 2048L * (recvs++ % 64), 2048);
            } else if (kind == 2) {
                wr = SendWr.builder(i, WrOpcode.ATOMIC_FETCH_AND_ADD)
                        .sge(f.a.sge(100_000 + 8L * (i % 64), 8))
                        .remote(MR_VA + 65536, f.b.mr.rkey())
                        .atomic(3, 0)
                        .build();
                counter += 3;
            } else {
                wr = SendWr.builder(i, WrOpcode.RDMA_READ)
                        .sge(f.a.sge(150_000, len))
                        .remote(MR_VA + 300_000, f.b.mr.rkey())
                        .build();
            }
            f.a.verbs.postSend(c.qpA(), List.of(wr));
            ids.add((long) i);
            if (i % 8 == 7) {
                f.run(200_000);
                f.release();
                f.b.pollRecv();
            }
        }
        f.filter(s -> Action.PASS);
        f.release();
        f.run(1_000_000_000L);
        List<WorkCompletion> wcs = new ArrayList<>(f.a.pollSend());
        wcs.addAll(f.a.pollSend());
        wcs.forEach(w -> assertEquals(WcStatus.SUCCESS, w.status(), "wr " + w.wrId()));
        assertTrue(f.a.counters(c.qpA()).retries() > 0, "the wire did lose packets");
        assertEquals(ids, wcs.stream().map(WorkCompletion::wrId).toList());
        assertEquals(counter, f.b.readLong(65536));
        byte[] region = f.b.read(0, 60 * 1024 + 1500);
        assertArrayEquals(Arrays.copyOf(expectedB, region.length), region);
    }
}
