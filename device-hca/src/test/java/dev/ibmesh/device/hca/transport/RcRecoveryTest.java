package dev.ibmesh.device.hca.transport;

import static dev.ibmesh.device.hca.transport.RcTransportTest.bytes;
import static dev.ibmesh.device.hca.transport.TwoHcas.MR_VA;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.device.hca.transport.TwoHcas.Action;
import dev.ibmesh.device.hca.transport.TwoHcas.Conn;
import dev.ibmesh.device.hca.transport.TwoHcas.Path;
import dev.ibmesh.device.hca.transport.TwoHcas.Sent;
import dev.ibmesh.device.hca.verbs.QpState;
import dev.ibmesh.device.hca.verbs.QpType;
import dev.ibmesh.device.hca.verbs.SendWr;
import dev.ibmesh.device.hca.verbs.WcStatus;
import dev.ibmesh.device.hca.verbs.WorkCompletion;
import dev.ibmesh.device.hca.verbs.WrOpcode;
import dev.ibmesh.wire.Aeth;
import dev.ibmesh.wire.AtomicAckEth;
import dev.ibmesh.wire.Bth;
import dev.ibmesh.wire.ExtHeader;
import dev.ibmesh.wire.Lrh;
import dev.ibmesh.wire.Mtu;
import dev.ibmesh.wire.OpCode;
import dev.ibmesh.wire.PacketBuilder;
import dev.ibmesh.wire.Reth;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** RC recovery: loss, duplication and reordering on the wire; ACK timeouts; RNR NAKs; the C9-60 completion rule. */
class RcRecoveryTest {
    private final TwoHcas f = new TwoHcas();

    /** Drops the {@code n}th frame (from 1) that {@code from} sends with {@code opcode}; passes the rest. */
    private static Function<Sent, Action> dropNth(TwoHcas.Side from, int opcode, int n) {
        AtomicInteger seen = new AtomicInteger();
        return s -> s.from() == from && s.op() == opcode && seen.incrementAndGet() == n ? Action.DROP : Action.PASS;
    }

    static long ackTimeoutNanos(int timeout) {
        return 4096L << timeout;
    }

    @Test
    void aLostMiddlePacketIsResentAfterOnePsnSequenceNak() {
        Conn c = f.connectRc();
        byte[] msg = bytes(1000, 4);
        f.a.write(0, msg);
        f.b.postRecv(c.qpB(), 1, 4096, 1000);
        f.filter(dropNth(f.a, 0x01, 1));
        f.a.verbs.postSend(
                c.qpA(),
                List.of(SendWr.builder(1, WrOpcode.SEND).sge(f.a.sge(0, 1000)).build()));
        f.settle();
        List<Sent> naks = f.sentBy(f.b).stream()
                .filter(s -> s.packet().header(Aeth.class).syndrome() == 0x60)
                .toList();
        assertEquals(1, naks.size(), "one sequence NAK for the gap, not one per packet after it");
        assertEquals(101, naks.get(0).psn(), "the NAK carries the expected PSN");
        assertArrayEquals(msg, f.b.read(4096, 1000));
        assertEquals(WcStatus.SUCCESS, f.a.pollSend().get(0).status());
        assertEquals(1, f.b.pollRecv().size());
        assertEquals(1, f.a.counters(c.qpA()).retries());
        assertEquals(1, f.a.counters(c.qpA()).naksReceived(Aeth.NAK_PSN_SEQUENCE_ERROR));
    }

    @Test
    void aLostAckIsRecoveredByTheTimeoutAndTheDuplicateIsAcknowledgedAgain() {
        Path p = new Path();
        p.timeout = 10;
        Conn c = f.connect(QpType.RC, p);
        f.b.postRecv(c.qpB(), 1, 0, 64);
        f.filter(dropNth(f.b, 0x11, 1));
        f.a.verbs.postSend(
                c.qpA(),
                List.of(SendWr.builder(1, WrOpcode.SEND).inline(new byte[8]).build()));
        f.run(ackTimeoutNanos(10) - 1);
        assertTrue(f.a.pollSend().isEmpty(), "no ACK yet: no completion");
        f.run(2);
        assertEquals(WcStatus.SUCCESS, f.a.pollSend().get(0).status());
        assertEquals(1, f.b.pollRecv().size(), "the duplicate SEND is not delivered twice");
        assertEquals(1, f.b.counters(c.qpB()).duplicates());
        assertEquals(1, f.a.counters(c.qpA()).timeouts());
        assertEquals(
                ackTimeoutNanos(10),
                f.sentBy(f.a).get(1).nanos() - f.sentBy(f.a).get(0).nanos());
    }

    /**
     * A long message asks for an ACK every 64 packets, so a lost final ACK costs only the packets after the last
     * periodic one, not the whole message again (rxe's behaviour; before, a long WRITE was resent whole).
     */
    @Test
    void aLongWriteAsksForAcksAlongTheWayAndALostAckResendsOnlyTheUnacknowledgedTail() {
        Path p = new Path();
        p.timeout = 10;
        Conn c = f.connect(QpType.RC, p);
        int packets = 200;
        byte[] msg = bytes(packets * 256, 7);
        f.a.write(0, msg);
        AtomicInteger finalAcks = new AtomicInteger();
        f.filter(s -> s.from() == f.b && s.psn() == p.sqPsn + packets - 1 && finalAcks.incrementAndGet() == 1
                ? Action.DROP
                : Action.PASS);
        f.a.verbs.postSend(
                c.qpA(),
                List.of(SendWr.builder(1, WrOpcode.RDMA_WRITE)
                        .sge(f.a.sge(0, msg.length))
                        .remote(MR_VA + 8192, f.b.mr.rkey())
                        .build()));
        f.run(2 * ackTimeoutNanos(10));
        List<Integer> askingForAck = f.sentBy(f.a).stream()
                .limit(packets)
                .filter(s -> s.packet().bth().ackReq())
                .map(s -> s.psn() - p.sqPsn)
                .toList();
        assertEquals(List.of(63, 127, 191, 199), askingForAck);
        assertEquals(WcStatus.SUCCESS, f.a.pollSend().get(0).status());
        assertArrayEquals(msg, f.b.read(8192, msg.length));
        List<Integer> resent =
                f.sentBy(f.a).stream().skip(packets).map(s -> s.psn() - p.sqPsn).toList();
        assertEquals(List.of(192, 193, 194, 195, 196, 197, 198, 199), resent, "from the last acknowledged PSN on");
        assertEquals(1, f.a.counters(c.qpA()).timeouts());
    }

    @Test
    void duplicatedRequestsExecuteOnce() {
        Conn c = f.connectRc();
        f.b.writeLong(0, 10);
        f.b.postRecv(c.qpB(), 1, 64, 64);
        f.b.postRecv(c.qpB(), 2, 128, 64);
        f.filter(s -> s.from() == f.a ? Action.DUPLICATE : Action.PASS);
        f.a.verbs.postSend(
                c.qpA(),
                List.of(
                        SendWr.builder(1, WrOpcode.SEND).inline(new byte[] {7}).build(),
                        SendWr.builder(2, WrOpcode.ATOMIC_FETCH_AND_ADD)
                                .sge(f.a.sge(0, 8))
                                .remote(MR_VA, f.b.mr.rkey())
                                .atomic(5, 0)
                                .build(),
                        SendWr.builder(3, WrOpcode.RDMA_READ)
                                .sge(f.a.sge(8, 8))
                                .remote(MR_VA, f.b.mr.rkey())
                                .build()));
        f.settle();
        assertEquals(15, f.b.readLong(0), "the duplicate fetch-and-add is answered from the saved result");
        assertEquals(10, f.a.readLong(0));
        assertEquals(15, f.a.readLong(8));
        assertEquals(1, f.b.pollRecv().size());
        assertEquals(
                List.of(WcStatus.SUCCESS, WcStatus.SUCCESS, WcStatus.SUCCESS),
                f.a.pollSend().stream().map(WorkCompletion::status).toList());
        assertEquals(3, f.b.counters(c.qpB()).duplicates());
        assertEquals(3, f.a.counters(c.qpA()).duplicates(), "the answers to the duplicates are duplicates too");
    }

    @Test
    void aPacketOvertakenByLaterOnesIsRecoveredByGoBackNAndArrivesLateAsADuplicate() {
        Conn c = f.connectRc();
        byte[] msg = bytes(700, 5);
        f.a.write(0, msg);
        f.b.postRecv(c.qpB(), 1, 4096, 700);
        AtomicInteger n = new AtomicInteger();
        f.filter(s -> s.from() == f.a && n.incrementAndGet() == 1 ? Action.HOLD : Action.PASS);
        f.a.verbs.postSend(
                c.qpA(),
                List.of(SendWr.builder(1, WrOpcode.SEND).sge(f.a.sge(0, 700)).build()));
        f.settle();
        assertEquals(1, f.a.counters(c.qpA()).naksReceived(Aeth.NAK_PSN_SEQUENCE_ERROR));
        assertArrayEquals(msg, f.b.read(4096, 700));
        assertEquals(1, f.b.pollRecv().size());
        assertEquals(WcStatus.SUCCESS, f.a.pollSend().get(0).status());
        f.release();
        assertEquals(1, f.b.counters(c.qpB()).duplicates());
        assertTrue(f.b.pollRecv().isEmpty(), "the late packet is not delivered again");
        assertTrue(f.a.pollSend().isEmpty());
    }

    @Test
    void aLostReadResponseIsAskedForAgainFromWhereItWasLost() {
        Conn c = f.connectRc();
        byte[] data = bytes(700, 6);
        f.b.write(0, data);
        f.filter(dropNth(f.b, 0x0E, 1));
        f.a.verbs.postSend(
                c.qpA(),
                List.of(SendWr.builder(1, WrOpcode.RDMA_READ)
                        .sge(f.a.sge(0, 700))
                        .remote(MR_VA, f.b.mr.rkey())
                        .build()));
        f.settle();
        List<Sent> reads = f.sentBy(f.a);
        assertEquals(2, reads.size());
        Reth again = reads.get(1).packet().header(Reth.class);
        assertEquals(101, reads.get(1).psn());
        assertEquals(MR_VA + 256, again.virtualAddress());
        assertEquals(700 - 256, again.dmaLength());
        assertArrayEquals(data, f.a.read(0, 700));
        assertEquals(WcStatus.SUCCESS, f.a.pollSend().get(0).status());
    }

    @Test
    void retryExhaustionEndsInRetryExcErr() {
        Path p = new Path();
        p.timeout = 8;
        p.retryCnt = 3;
        Conn c = f.connect(QpType.RC, p);
        f.filter(s -> s.from() == f.a ? Action.DROP : Action.PASS);
        f.a.verbs.postSend(
                c.qpA(),
                List.of(
                        SendWr.builder(1, WrOpcode.RDMA_WRITE)
                                .inline(new byte[4])
                                .remote(MR_VA, f.b.mr.rkey())
                                .build(),
                        SendWr.builder(2, WrOpcode.RDMA_WRITE)
                                .inline(new byte[4])
                                .remote(MR_VA, f.b.mr.rkey())
                                .build()));
        f.run(4 * ackTimeoutNanos(8) - 1);
        assertTrue(f.a.pollSend().isEmpty());
        f.run(1);
        assertEquals(
                List.of(WcStatus.RETRY_EXC_ERR, WcStatus.WR_FLUSH_ERR),
                f.a.pollSend().stream().map(WorkCompletion::status).toList());
        assertEquals(QpState.ERR, f.a.verbs.queryQp(c.qpA()).state());
        assertEquals(3, f.a.counters(c.qpA()).retries());
        assertEquals(4, f.a.counters(c.qpA()).timeouts());
        assertEquals(8, f.sentBy(f.a).size(), "two packets, sent once and retried three times");
        assertEquals(0, f.clock.pending(), "no timer left running");
    }

    /**
     * A port that is not Active discards what the QP sends instead of holding it, so the ACK timer and the retry count
     * run out over a link that stays down, as on hardware (C9-142); before, the requests waited for the link forever.
     */
    @Test
    void aLinkThatStaysDownEndsInRetryExcErr() {
        Path p = new Path();
        p.timeout = 8;
        p.retryCnt = 3;
        Conn c = f.connect(QpType.RC, p);
        f.a.down = true;
        f.a.verbs.postSend(
                c.qpA(),
                List.of(SendWr.builder(1, WrOpcode.RDMA_WRITE)
                        .inline(new byte[4])
                        .remote(MR_VA, f.b.mr.rkey())
                        .build()));
        f.run(4 * ackTimeoutNanos(8));
        assertEquals(
                List.of(WcStatus.RETRY_EXC_ERR),
                f.a.pollSend().stream().map(WorkCompletion::status).toList());
        assertEquals(4, f.a.discarded, "sent once and retried three times, each discarded by the port");
    }

    @Test
    void zeroTimeoutNeverRetransmits() {
        Path p = new Path();
        p.timeout = 0;
        Conn c = f.connect(QpType.RC, p);
        f.filter(s -> s.from() == f.a ? Action.DROP : Action.PASS);
        f.a.verbs.postSend(
                c.qpA(),
                List.of(SendWr.builder(1, WrOpcode.RDMA_WRITE)
                        .inline(new byte[4])
                        .remote(MR_VA, f.b.mr.rkey())
                        .build()));
        f.run(10_000_000_000L);
        assertEquals(1, f.sentBy(f.a).size());
        assertTrue(f.a.pollSend().isEmpty());
    }

    /** Posts a READ of 8 bytes, then an RDMA WRITE with a wrong R_Key (the responder NAKs it and goes to Error). */
    private void postReadThenWriteWithAWrongKey(Conn c) {
        f.a.verbs.postSend(
                c.qpA(),
                List.of(
                        SendWr.builder(1, WrOpcode.RDMA_READ)
                                .sge(f.a.sge(0, 8))
                                .remote(MR_VA, f.b.mr.rkey())
                                .build(),
                        SendWr.builder(2, WrOpcode.RDMA_WRITE)
                                .inline(new byte[4])
                                .remote(MR_VA, f.b.mr.rkey() ^ 0x80)
                                .build()));
    }

    /**
     * A NAK for a request behind a READ whose response was lost: the responder is in Error and answers nothing more,
     * so the READ's retries run out and the rest is flushed. The timers must not stop at the NAK, or the QP would wait
     * for the READ forever.
     */
    @Test
    void aNakBehindALostReadResponseLeavesTheReadToItsRetries() {
        Path p = new Path();
        p.timeout = 8;
        p.retryCnt = 2;
        Conn c = f.connect(QpType.RC, p);
        f.filter(s -> s.from() == f.b && s.op() == 0x10 ? Action.DROP : Action.PASS);
        postReadThenWriteWithAWrongKey(c);
        f.run(10 * ackTimeoutNanos(8));
        assertEquals(1, f.a.counters(c.qpA()).naksReceived(Aeth.NAK_REMOTE_ACCESS_ERROR));
        assertEquals(QpState.ERR, f.b.verbs.queryQp(c.qpB()).state());
        assertEquals(
                List.of(WcStatus.RETRY_EXC_ERR, WcStatus.WR_FLUSH_ERR),
                f.a.pollSend().stream().map(WorkCompletion::status).toList());
        assertEquals(QpState.ERR, f.a.verbs.queryQp(c.qpA()).state());
        assertEquals(0, f.clock.pending(), "no timer left running");
    }

    /**
     * The same, when the READ response only comes late and the NAK comes twice: the READ completes, then the NAKed
     * WRITE fails; the second NAK changes nothing (it does not fail the READ in the WRITE's stead).
     */
    @Test
    void aDuplicatedNakBehindALateReadResponseFailsOnlyTheRequestItNames() {
        Path p = new Path();
        p.timeout = 8;
        Conn c = f.connect(QpType.RC, p);
        f.b.writeLong(0, 77);
        f.filter(s -> s.from() == f.a ? Action.PASS : s.op() == 0x10 ? Action.HOLD : Action.DUPLICATE);
        postReadThenWriteWithAWrongKey(c);
        f.run(ackTimeoutNanos(8));
        assertEquals(2, f.a.counters(c.qpA()).naksReceived(Aeth.NAK_REMOTE_ACCESS_ERROR));
        assertTrue(f.a.pollSend().isEmpty(), "the READ waits for its response");
        f.release();
        assertEquals(
                List.of(WcStatus.SUCCESS, WcStatus.REM_ACCESS_ERR),
                f.a.pollSend().stream().map(WorkCompletion::status).toList());
        assertEquals(77, f.a.readLong(0));
        assertEquals(0, f.clock.pending(), "no timer left running");
    }

    /** C09_130_01: the requester waits at least the RNR NAK's timer before retrying, and rnr_retry bounds it. */
    @Test
    void rnrNakRetriesWaitTheTimerAndEndInRnrRetryExcErr() {
        Path p = new Path();
        p.rnrRetry = 1;
        p.minRnrTimer = 14;
        p.mtu = Mtu.MTU_1024;
        Conn c = f.connect(QpType.RC, p);
        f.a.verbs.postSend(
                c.qpA(),
                List.of(SendWr.builder(1, WrOpcode.SEND).sge(f.a.sge(0, 1024)).build()));
        f.run(1_000_000_000L);
        List<Sent> sends = f.sentBy(f.a);
        List<Sent> rnrNaks = f.sentBy(f.b);
        assertEquals(2, sends.size(), "the SEND and one retry");
        assertEquals(2, rnrNaks.size());
        assertEquals(0x04, sends.get(0).op());
        assertEquals(sends.get(0).psn(), sends.get(1).psn());
        Aeth nak = rnrNaks.get(0).packet().header(Aeth.class);
        assertEquals(Aeth.TYPE_RNR_NAK, nak.syndromeType());
        assertEquals(14, nak.syndromeValue());
        long waited = sends.get(1).nanos() - rnrNaks.get(0).nanos();
        assertTrue(waited >= Aeth.rnrTimerNanos(14), "waited " + waited + " ns");
        List<WorkCompletion> wc = f.a.pollSend();
        assertEquals(1, wc.size());
        assertEquals(WcStatus.RNR_RETRY_EXC_ERR, wc.get(0).status());
        assertEquals(2, f.a.counters(c.qpA()).rnrNaksReceived());
        assertEquals(2, f.b.counters(c.qpB()).rnrNaksSent());
    }

    @Test
    void aReceivePostedDuringTheRnrWaitLetsTheRetrySucceed() {
        Path p = new Path();
        p.minRnrTimer = 10;
        Conn c = f.connect(QpType.RC, p);
        f.a.verbs.postSend(
                c.qpA(),
                List.of(SendWr.builder(1, WrOpcode.SEND).inline(new byte[3]).build()));
        f.settle();
        assertEquals(1, f.sentBy(f.b).size());
        f.b.postRecv(c.qpB(), 1, 0, 8);
        f.run(Aeth.rnrTimerNanos(10));
        assertEquals(WcStatus.SUCCESS, f.a.pollSend().get(0).status());
        assertEquals(1, f.b.pollRecv().size());
    }

    /** C09_060_09 (C9-60): an atomic or a SEND is not complete until its ACK arrives; completions keep their order. */
    @Test
    void sendsAndAtomicsCompleteOnlyAsTheirAcksArrive() {
        Path p = new Path();
        p.timeout = 0;
        Conn c = f.connect(QpType.RC, p);
        f.b.writeLong(0, 1);
        f.b.postRecv(c.qpB(), 1, 64, 64);
        f.filter(s -> s.from() == f.b ? Action.HOLD : Action.PASS);
        f.a.verbs.postSend(
                c.qpA(),
                List.of(
                        SendWr.builder(1, WrOpcode.ATOMIC_CMP_AND_SWP)
                                .sge(f.a.sge(0, 8))
                                .remote(MR_VA, f.b.mr.rkey())
                                .atomic(1, 0)
                                .build(),
                        SendWr.builder(2, WrOpcode.ATOMIC_CMP_AND_SWP)
                                .sge(f.a.sge(8, 8))
                                .remote(MR_VA, f.b.mr.rkey())
                                .atomic(1, 0)
                                .build(),
                        SendWr.builder(3, WrOpcode.SEND).inline(new byte[4]).build()));
        f.settle();
        assertEquals(3, f.heldCount());
        assertTrue(f.a.pollSend().isEmpty());
        f.release(1);
        List<WorkCompletion> first = f.a.pollSend();
        assertEquals(1, first.size());
        assertEquals(1, first.get(0).wrId());
        assertEquals(WcStatus.SUCCESS, first.get(0).status());
        assertEquals(1, f.a.readLong(0));
        assertTrue(f.a.pollSend().isEmpty(), "the second atomic has no ACK yet");
        f.release(1);
        assertEquals(
                List.of(2L), f.a.pollSend().stream().map(WorkCompletion::wrId).toList());
        assertEquals(0, f.a.readLong(8), "the second compare saw the swapped value");
        f.release();
        assertEquals(
                List.of(3L), f.a.pollSend().stream().map(WorkCompletion::wrId).toList());
    }

    /** A response frame from B to A's QP, as a tester would craft it. */
    private byte[] response(Conn c, OpCode op, int psn, byte[] payload, ExtHeader... headers) {
        return PacketBuilder.iba(
                        Lrh.of(0, 0, Lrh.LNH_IBA_LOCAL, f.a.lid, f.b.lid),
                        Bth.of(op, TwoHcas.PKEY, c.qpA(), false, psn))
                .headers(headers)
                .payload(payload)
                .build();
    }

    @Test
    void aResponseOfTheWrongKindIsABadResponse() {
        Conn c = f.connectRc();
        f.b.postRecv(c.qpB(), 1, 0, 8);
        f.filter(s -> s.from() == f.b ? Action.DROP : Action.PASS);
        f.a.verbs.postSend(
                c.qpA(),
                List.of(
                        SendWr.builder(1, WrOpcode.SEND).inline(new byte[1]).build(),
                        SendWr.builder(2, WrOpcode.SEND).inline(new byte[1]).build()));
        f.settle();
        f.a.transport.receive(
                1, response(c, OpCode.RC_ATOMIC_ACKNOWLEDGE, 100, new byte[0], Aeth.ack(0, 1), new AtomicAckEth(5)));
        assertEquals(
                List.of(WcStatus.BAD_RESP_ERR, WcStatus.WR_FLUSH_ERR),
                f.a.pollSend().stream().map(WorkCompletion::status).toList());
        assertEquals(QpState.ERR, f.a.verbs.queryQp(c.qpA()).state());
    }

    @Test
    void aReadResponseOfTheWrongLengthIsABadResponse() {
        Conn c = f.connectRc();
        f.filter(s -> s.from() == f.b ? Action.DROP : Action.PASS);
        f.a.verbs.postSend(
                c.qpA(),
                List.of(SendWr.builder(1, WrOpcode.RDMA_READ)
                        .sge(f.a.sge(0, 8))
                        .remote(MR_VA, f.b.mr.rkey())
                        .build()));
        f.settle();
        f.a.transport.receive(1, response(c, OpCode.RC_RDMA_READ_RESPONSE_ONLY, 100, new byte[3], Aeth.ack(0, 1)));
        assertEquals(WcStatus.BAD_RESP_ERR, f.a.pollSend().get(0).status());
    }
}
