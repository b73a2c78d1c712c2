package dev.ibmesh.device.hca.transport;

import static dev.ibmesh.device.hca.transport.TwoHcas.MR_VA;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.device.hca.transport.TwoHcas.Action;
import dev.ibmesh.device.hca.transport.TwoHcas.Path;
import dev.ibmesh.device.hca.transport.TwoHcas.Side;
import dev.ibmesh.device.hca.verbs.QpState;
import dev.ibmesh.device.hca.verbs.QpType;
import dev.ibmesh.device.hca.verbs.RecvWr;
import dev.ibmesh.device.hca.verbs.SendWr;
import dev.ibmesh.device.hca.verbs.WcStatus;
import dev.ibmesh.device.hca.verbs.WorkCompletion;
import dev.ibmesh.device.hca.verbs.WrOpcode;
import dev.ibmesh.wire.Mtu;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The RC requester, property style: two connected QPs, each a requester and a responder, run random mixes of SEND, RDMA
 * WRITE, RDMA READ and atomic requests of random sizes at each other, over a wire that drops, duplicates, reorders
 * and delays frames (late ACKs and responses included) in both directions, with ports that fill up for a while. Some
 * runs add a request with a wrong R_Key, or let SENDs find no receive with a finite rnr_retry. Whatever happens, on
 * each side:
 * <ul>
 * <li>every request completes exactly once, in the order it was posted; none is stranded, and no timer is left;</li>
 * <li>the statuses are successes, then at most one error that the run explains (REM_ACCESS_ERR at the wrong R_Key,
 * RNR_RETRY_EXC_ERR at a SEND that lacked a receive, RETRY_EXC_ERR when frames were lost or the peer failed), then
 * flushes; a QP with an error is in the Error state;</li>
 * <li>each successful request did its work at the other end exactly once: the bytes written, sent or read, the
 * atomic's original value and result; the receives are used in order.</li>
 * </ul>
 * Seeded and reproducible: a failure names its seed. {@code -Dibmesh.rc.seeds=N} runs N seeds (default a few dozen,
 * a few seconds) from {@code -Dibmesh.rc.firstSeed=S} (default 1).
 */
class RcRequesterPropertyTest {
    private static final int SEEDS = Integer.getInteger("ibmesh.rc.seeds", 32);
    private static final long FIRST_SEED = Long.getLong("ibmesh.rc.firstSeed", 1);

    // Each side's region: the bytes it sends and writes, what the peer reads, and a place of its own for each thing
    // the peer's requests and its own READs and atomics put there, so that every request's effect can be checked.
    private static final int SRC = 0;
    private static final int READ_SRC = 64 << 10;
    private static final int AREA = 64 << 10;
    private static final int WRITE_DST = 128 << 10;
    private static final int RECV_BUF = 384 << 10;
    private static final int READ_DST = 640 << 10;
    private static final int ATOMIC_TARGET = 896 << 10;
    private static final int ATOMIC_RESULT = 960 << 10;
    private static final int MAX_LEN = 3000;
    private static final int MAX_REQUESTS = 50;

    @TestFactory
    Stream<DynamicTest> everyRequestCompletesInOrderWithAnExplainedStatusAndExactEffects() {
        return LongStream.range(FIRST_SEED, FIRST_SEED + SEEDS)
                .mapToObj(seed -> DynamicTest.dynamicTest("seed " + seed, () -> runSeed(seed)));
    }

    private static void runSeed(long seed) {
        try {
            new Run(seed).run();
        } catch (AssertionError | RuntimeException e) {
            throw new AssertionError(
                    "seed " + seed + " failed (alone: -Dibmesh.rc.firstSeed=" + seed + " -Dibmesh.rc.seeds=1): "
                            + e.getMessage(),
                    e);
        }
    }

    /** One request of a script, and what it should do at the other end. */
    private record Op(
            int index,
            WrOpcode opcode,
            int len,
            int local,
            int remote,
            int recvSize,
            long original,
            long compareOrAdd,
            long swap,
            boolean wrongKey) {
        long wrId() {
            return index;
        }

        Op withWrongKey() {
            return new Op(index, opcode, len, local, remote, recvSize, original, compareOrAdd, swap, true);
        }

        /** The value an atomic leaves at its target. */
        long result() {
            return opcode == WrOpcode.ATOMIC_CMP_AND_SWP
                    ? (original == compareOrAdd ? swap : original)
                    : original + compareOrAdd;
        }
    }

    /** One seed: the scenario it draws, the run, and the checks. */
    private static final class Run {
        private final Random rnd;
        private final TwoHcas f = new TwoHcas();
        private final Path path = new Path();
        private final double drop;
        private final double duplicate;
        private final double hold;
        private final double lateCopy;
        private final Requester a;
        private final Requester b;
        private int wireDrops;
        /** Per side (A, B): frames its port still takes before it is full (-1: not congested), and until when. */
        private final int[] budget = {-1, -1};

        private final long[] roomAt = new long[2];

        Run(long seed) {
            rnd = new Random(seed);
            path.mtu = rnd.nextBoolean() ? Mtu.MTU_256 : Mtu.MTU_1024;
            path.timeout = 4 + rnd.nextInt(5);
            path.retryCnt = 7;
            path.rnrRetry = rnd.nextInt(3) == 0 ? rnd.nextInt(7) : 7;
            path.minRnrTimer = 1 + rnd.nextInt(6);
            path.maxRdAtomic = 1 + rnd.nextInt(4);
            path.maxDestRdAtomic = path.maxRdAtomic;
            path.sqPsn = rnd.nextInt(1 << 24);
            drop = rnd.nextDouble() * 0.05;
            duplicate = rnd.nextDouble() * 0.05;
            hold = rnd.nextDouble() * 0.05;
            lateCopy = rnd.nextDouble() * 0.03;
            TwoHcas.Conn c = f.connect(QpType.RC, path);
            a = new Requester(f.a, c.qpA(), f.b, c.qpB());
            b = new Requester(f.b, c.qpB(), f.a, c.qpA());
            a.script();
            b.script();
            if (rnd.nextInt(5) == 0) {
                (rnd.nextBoolean() ? a : b).giveOneAWrongKey();
            }
            if (path.rnrRetry < 7 && rnd.nextInt(3) == 0) {
                (rnd.nextBoolean() ? a : b).starveFromSomeSend();
            }
        }

        void run() {
            f.filter(s -> {
                int i = s.from() == f.a ? 0 : 1;
                if (budget[i] > 0 && --budget[i] == 0) {
                    s.from().full = true;
                }
                double r = rnd.nextDouble();
                if (r < drop) {
                    wireDrops++;
                    return Action.DROP;
                }
                r -= drop;
                return r < duplicate
                        ? Action.DUPLICATE
                        : r < duplicate + hold
                                ? Action.HOLD
                                : r < duplicate + hold + lateCopy ? Action.PASS_AND_HOLD_COPY : Action.PASS;
            });
            long timeout = RcRecoveryTest.ackTimeoutNanos(path.timeout);
            for (int step = 0; !a.allPosted() || !b.allPosted(); step++) {
                a.postSome(step);
                b.postSome(step);
                congestPortsNowAndThen(timeout);
                f.run((long) (rnd.nextDouble() * timeout));
                if (f.heldCount() > 0 && rnd.nextInt(3) == 0) {
                    f.release(1 + rnd.nextInt(f.heldCount()));
                }
            }
            // Calm: the wire passes everything, held frames arrive, the receives come; everything must end.
            f.filter(s -> Action.PASS);
            f.a.roomAgain();
            f.b.roomAgain();
            a.postAllReceives();
            b.postAllReceives();
            f.release();
            f.run(1_000_000_000L);
            a.check();
            b.check();
            assertEquals(0, f.heldCount());
            assertEquals(0, f.clock.pending(), "no timer left running");
        }

        /**
         * Now and then a side's port takes only a few more frames (a go-back-N or a long message stops in the middle),
         * then is full until up to two ACK timeouts have passed: its transport waits, the other side's timers run.
         */
        private void congestPortsNowAndThen(long timeout) {
            Side[] sides = {f.a, f.b};
            for (int i = 0; i < 2; i++) {
                if (budget[i] >= 0) {
                    if (f.clock.nanoTime() >= roomAt[i]) {
                        budget[i] = -1;
                        sides[i].roomAgain();
                    }
                } else if (rnd.nextInt(6) == 0) {
                    budget[i] = rnd.nextInt(20);
                    sides[i].full = budget[i] == 0;
                    roomAt[i] = f.clock.nanoTime() + (long) (rnd.nextDouble() * 2 * timeout);
                }
            }
        }

        /** The requests one side sends the other, with the receives the other side posts for its SENDs. */
        private final class Requester {
            final Side me;
            final int qpn;
            final Side peer;
            final int peerQpn;
            final List<Op> ops = new ArrayList<>();
            /** The step at which each op is posted. */
            final List<Integer> postAt = new ArrayList<>();

            final List<Op> sends = new ArrayList<>();
            /** The step at which the receive for each SEND is due (posted at once, or a few steps late). */
            final List<Integer> recvAt = new ArrayList<>();
            /** When each receive was really posted: in order, so one late receive delays those after it. */
            final List<Integer> recvPostedAt = new ArrayList<>();

            final byte[] src = new byte[AREA];
            final byte[] readSrc = new byte[AREA];
            int posted;
            int recvsPosted;
            /** SENDs from this index on (in {@link #sends}) never find a receive; only when rnr_retry is finite. */
            int starvedFrom = Integer.MAX_VALUE;

            Requester(Side me, int qpn, Side peer, int peerQpn) {
                this.me = me;
                this.qpn = qpn;
                this.peer = peer;
                this.peerQpn = peerQpn;
                rnd.nextBytes(src);
                rnd.nextBytes(readSrc);
                me.write(SRC, src);
                me.write(READ_SRC, readSrc);
            }

            void script() {
                int n = 10 + rnd.nextInt(MAX_REQUESTS - 10);
                int writeAt = WRITE_DST;
                int recvAtOffset = RECV_BUF;
                int readAt = READ_DST;
                int step = 0;
                for (int i = 0; i < n; i++) {
                    step += rnd.nextInt(3) == 0 ? 1 : 0;
                    int kind = rnd.nextInt(10);
                    int len = rnd.nextInt(10) == 0 ? 0 : 1 + rnd.nextInt(MAX_LEN);
                    int from = rnd.nextInt(AREA - len + 1);
                    Op op;
                    if (kind < 3) {
                        int size = len + rnd.nextInt(64);
                        op = new Op(i, WrOpcode.SEND, len, from, recvAtOffset, size, 0, 0, 0, false);
                        recvAtOffset += size;
                        sends.add(op);
                        recvAt.add(rnd.nextInt(4) == 0 ? step + 1 + rnd.nextInt(4) : step);
                    } else if (kind < 6) {
                        op = new Op(i, WrOpcode.RDMA_WRITE, len, from, writeAt, 0, 0, 0, 0, false);
                        writeAt += len;
                    } else if (kind < 8) {
                        op = new Op(i, WrOpcode.RDMA_READ, len, readAt, READ_SRC + from, 0, 0, 0, 0, false);
                        readAt += len;
                    } else {
                        long original = rnd.nextLong();
                        boolean cas = kind == 8;
                        long compareOrAdd = cas && rnd.nextBoolean() ? original : rnd.nextLong();
                        int slot = 8 * i;
                        op = new Op(
                                i,
                                cas ? WrOpcode.ATOMIC_CMP_AND_SWP : WrOpcode.ATOMIC_FETCH_AND_ADD,
                                8,
                                ATOMIC_RESULT + slot,
                                ATOMIC_TARGET + slot,
                                0,
                                original,
                                compareOrAdd,
                                rnd.nextLong(),
                                false);
                        peer.writeLong(op.remote(), original);
                    }
                    ops.add(op);
                    postAt.add(step);
                }
            }

            void giveOneAWrongKey() {
                List<Op> candidates = ops.stream()
                        .filter(o -> o.opcode() != WrOpcode.SEND && o.len() > 0)
                        .toList();
                if (!candidates.isEmpty()) {
                    Op o = candidates.get(rnd.nextInt(candidates.size()));
                    ops.set(o.index(), o.withWrongKey());
                }
            }

            void starveFromSomeSend() {
                if (!sends.isEmpty()) {
                    starvedFrom = rnd.nextInt(sends.size());
                }
            }

            boolean allPosted() {
                return posted == ops.size();
            }

            void postSome(int step) {
                while (recvsPosted < sends.size() && recvsPosted < starvedFrom && recvAt.get(recvsPosted) <= step) {
                    postReceive(step);
                }
                List<SendWr> wrs = new ArrayList<>();
                while (posted < ops.size() && postAt.get(posted) <= step) {
                    wrs.add(wr(ops.get(posted++)));
                }
                if (!wrs.isEmpty()) {
                    me.verbs.postSend(qpn, wrs);
                }
            }

            void postAllReceives() {
                while (recvsPosted < sends.size() && recvsPosted < starvedFrom) {
                    postReceive(Integer.MAX_VALUE);
                }
            }

            private void postReceive(int step) {
                recvPostedAt.add(step);
                Op send = sends.get(recvsPosted++);
                peer.verbs.postRecv(
                        peerQpn, List.of(new RecvWr(send.wrId(), List.of(peer.sge(send.remote(), send.recvSize())))));
            }

            private SendWr wr(Op o) {
                SendWr.Builder w = SendWr.builder(o.wrId(), o.opcode()).sge(me.sge(o.local(), o.len()));
                int rkey = o.wrongKey() ? peer.mr.rkey() ^ 0x80 : peer.mr.rkey();
                if (o.opcode() != WrOpcode.SEND) {
                    w.remote(MR_VA + o.remote(), rkey);
                }
                if (o.opcode().isAtomic()) {
                    w.atomic(o.compareOrAdd(), o.swap());
                }
                return w.build();
            }

            /** Whether the run explains request {@code o} ending in {@code status} (the first that is not a success). */
            private boolean explained(Op o, WcStatus status) {
                Requester other = other();
                return switch (status) {
                    case REM_ACCESS_ERR -> o.wrongKey();
                    case RNR_RETRY_EXC_ERR -> o.opcode() == WrOpcode.SEND && receiveCameLate(o);
                    case RETRY_EXC_ERR ->
                        wireDrops > 0 || other.me.verbs.queryQp(other.qpn).state() == QpState.ERR;
                    // Only flushes: the QP went to Error through its responder, NAKing the peer's wrong R_Key.
                    case WR_FLUSH_ERR -> other.ops.stream().anyMatch(Op::wrongKey);
                    default -> false;
                };
            }

            private boolean receiveCameLate(Op send) {
                int i = sends.indexOf(send);
                return path.rnrRetry < 7 && (i >= starvedFrom || recvPostedAt.get(i) > postAt.get(send.index()));
            }

            void check() {
                List<WorkCompletion> wcs = drain(me, me.sendCq);
                assertEquals(
                        ops.stream().map(Op::wrId).toList(),
                        wcs.stream().map(WorkCompletion::wrId).toList(),
                        me + ": every request completes once, in order");
                int ok = 0;
                while (ok < wcs.size() && wcs.get(ok).status() == WcStatus.SUCCESS) {
                    ok++;
                }
                if (ok < wcs.size()) {
                    WcStatus first = wcs.get(ok).status();
                    assertTrue(explained(ops.get(ok), first), me + ": unexplained " + first + " at " + ops.get(ok));
                    for (WorkCompletion wc : wcs.subList(ok + 1, wcs.size())) {
                        assertEquals(WcStatus.WR_FLUSH_ERR, wc.status(), me + ": after the error, flushes");
                    }
                    assertEquals(QpState.ERR, me.verbs.queryQp(qpn).state());
                } else if (me.verbs.queryQp(qpn).state() == QpState.ERR) {
                    assertTrue(explained(null, WcStatus.WR_FLUSH_ERR), me + ": in Error for no reason");
                }
                for (Op o : ops.subList(0, ok)) {
                    boolean starved = o.opcode() == WrOpcode.SEND && sends.indexOf(o) >= starvedFrom;
                    assertTrue(!o.wrongKey() && !starved, me + ": cannot succeed: " + o);
                    checkEffect(o);
                }
                for (Op o : ops.subList(ok, ops.size())) {
                    if (o.opcode().isAtomic()) {
                        long now = peer.readLong(o.remote());
                        assertTrue(now == o.original() || now == o.result(), me + ": executed at most once: " + o);
                    }
                }
                checkReceivesAtPeer(ok);
            }

            private void checkEffect(Op o) {
                switch (o.opcode()) {
                    case SEND ->
                        assertArrayEquals(
                                Arrays.copyOfRange(src, o.local(), o.local() + o.len()),
                                peer.read(o.remote(), o.len()),
                                me + ": sent " + o);
                    case RDMA_WRITE ->
                        assertArrayEquals(
                                Arrays.copyOfRange(src, o.local(), o.local() + o.len()),
                                peer.read(o.remote(), o.len()),
                                me + ": written " + o);
                    case RDMA_READ ->
                        assertArrayEquals(
                                Arrays.copyOfRange(
                                        other().readSrc, o.remote() - READ_SRC, o.remote() - READ_SRC + o.len()),
                                me.read(o.local(), o.len()),
                                me + ": read " + o);
                    default -> {
                        assertEquals(o.original(), me.readLong(o.local()), me + ": original value of " + o);
                        assertEquals(o.result(), peer.readLong(o.remote()), me + ": atomic result of " + o);
                    }
                }
            }

            private Requester other() {
                return this == a ? b : a;
            }

            /**
             * The peer's receive completions for this side's SENDs: the posted receives in order (a prefix of them,
             * all when the peer is in Error); the one of each successful SEND a success with the SEND's length.
             */
            private void checkReceivesAtPeer(int ok) {
                List<WorkCompletion> recvs = drain(peer, peer.recvCq);
                List<Long> postedIds =
                        sends.subList(0, recvsPosted).stream().map(Op::wrId).toList();
                List<Long> got = recvs.stream().map(WorkCompletion::wrId).toList();
                assertTrue(got.size() <= postedIds.size(), peer + ": more receive completions than receives");
                assertEquals(postedIds.subList(0, got.size()), got, peer + ": receives used in order, once");
                if (peer.verbs.queryQp(peerQpn).state() == QpState.ERR) {
                    assertEquals(postedIds, got, peer + ": in Error, every receive completes");
                }
                for (WorkCompletion wc : recvs) {
                    Op send = ops.get((int) wc.wrId());
                    if (send.index() < ok) {
                        assertEquals(WcStatus.SUCCESS, wc.status(), peer + ": receive of " + send);
                        assertEquals(send.len(), wc.byteLen(), peer + ": length of " + send);
                    } else {
                        assertTrue(
                                wc.status() == WcStatus.SUCCESS || wc.status() == WcStatus.WR_FLUSH_ERR,
                                peer + ": receive of " + send + " ended " + wc.status());
                    }
                }
            }
        }

        private static List<WorkCompletion> drain(Side s, int cq) {
            List<WorkCompletion> all = new ArrayList<>();
            for (List<WorkCompletion> got = s.verbs.pollCq(cq, 100); !got.isEmpty(); got = s.verbs.pollCq(cq, 100)) {
                all.addAll(got);
            }
            return all;
        }
    }
}
