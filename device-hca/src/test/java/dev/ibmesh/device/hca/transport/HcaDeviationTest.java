package dev.ibmesh.device.hca.transport;

import static dev.ibmesh.device.hca.transport.TwoHcas.MR_VA;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.device.hca.transport.TwoHcas.Action;
import dev.ibmesh.device.hca.transport.TwoHcas.Conn;
import dev.ibmesh.device.hca.transport.TwoHcas.Path;
import dev.ibmesh.device.hca.verbs.AddressVector;
import dev.ibmesh.device.hca.verbs.QpType;
import dev.ibmesh.device.hca.verbs.SendWr;
import dev.ibmesh.device.hca.verbs.WcStatus;
import dev.ibmesh.device.hca.verbs.WorkCompletion;
import dev.ibmesh.device.hca.verbs.WrOpcode;
import dev.ibmesh.runtime.topology.Deviations;
import dev.ibmesh.wire.Aeth;
import dev.ibmesh.wire.Bth;
import dev.ibmesh.wire.Deth;
import dev.ibmesh.wire.Gid;
import dev.ibmesh.wire.Grh;
import dev.ibmesh.wire.Lrh;
import dev.ibmesh.wire.Mtu;
import dev.ibmesh.wire.OpCode;
import dev.ibmesh.wire.PacketBuilder;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Each deviation breaks its one rule: the same exchange checks the rule, and the check holds on the compliant HCA and
 * fails on the deviating one. The deviating HCA is A for requester rules and B for responder rules.
 */
class HcaDeviationTest {
    private static TwoHcas requesterDeviates(HcaDeviation d, boolean on) {
        return new TwoHcas(on ? EnumSet.of(d) : Set.of(), Set.of());
    }

    private static TwoHcas responderDeviates(HcaDeviation d, boolean on) {
        return new TwoHcas(Set.of(), on ? EnumSet.of(d) : Set.of());
    }

    @Test
    void labelsParse() {
        assertEquals(
                EnumSet.of(HcaDeviation.NO_RNR_NAK, HcaDeviation.COMPLETE_BEFORE_ACK),
                HcaDeviation.of(Set.of("no-rnr-nak", "complete-before-ack")));
        assertEquals(37, Deviations.labels(HcaDeviation.class).size());
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> HcaDeviation.of(Set.of("no-such-thing")));
        assertTrue(e.getMessage().contains("retry-before-rnr-timer"), e.getMessage());
    }

    /** The time from the first RNR NAK to the retry, with B's min_rnr_timer code 14 (1.28 ms). */
    private static long rnrWait(TwoHcas f) {
        Path p = new Path();
        p.minRnrTimer = 14;
        p.rnrRetry = 1;
        Conn c = f.connect(QpType.RC, p);
        f.a.verbs.postSend(
                c.qpA(),
                List.of(SendWr.builder(1, WrOpcode.SEND).inline(new byte[1]).build()));
        f.run(100_000_000L);
        return f.sentBy(f.a).get(1).nanos() - f.sentBy(f.b).get(0).nanos();
    }

    @Test
    void retryBeforeRnrTimer() {
        assertTrue(rnrWait(requesterDeviates(HcaDeviation.RETRY_BEFORE_RNR_TIMER, false)) >= Aeth.rnrTimerNanos(14));
        assertTrue(rnrWait(requesterDeviates(HcaDeviation.RETRY_BEFORE_RNR_TIMER, true)) < Aeth.rnrTimerNanos(14));
    }

    /** Whether rnr_retry = 1 ends the SEND in RNR_RETRY_EXC_ERR within 20 RNR waits. */
    private static boolean rnrRetryHonoured(TwoHcas f) {
        Path p = new Path();
        p.minRnrTimer = 1;
        p.rnrRetry = 1;
        Conn c = f.connect(QpType.RC, p);
        f.a.verbs.postSend(
                c.qpA(),
                List.of(SendWr.builder(1, WrOpcode.SEND).inline(new byte[1]).build()));
        f.run(20 * Aeth.rnrTimerNanos(1));
        List<WorkCompletion> wc = f.a.pollSend();
        return wc.size() == 1
                && wc.get(0).status() == WcStatus.RNR_RETRY_EXC_ERR
                && f.sentBy(f.a).size() == 2;
    }

    @Test
    void ignoreRnrRetryCount() {
        assertTrue(rnrRetryHonoured(requesterDeviates(HcaDeviation.IGNORE_RNR_RETRY_COUNT, false)));
        assertTrue(!rnrRetryHonoured(requesterDeviates(HcaDeviation.IGNORE_RNR_RETRY_COUNT, true)));
    }

    /** C9-60: with every ACK held, whether the atomic and the SEND stay uncompleted. */
    private static boolean waitsForAcks(TwoHcas f) {
        Path p = new Path();
        p.timeout = 0;
        Conn c = f.connect(QpType.RC, p);
        f.b.postRecv(c.qpB(), 1, 64, 64);
        f.filter(s -> s.from() == f.b ? Action.HOLD : Action.PASS);
        f.a.verbs.postSend(
                c.qpA(),
                List.of(
                        SendWr.builder(1, WrOpcode.ATOMIC_FETCH_AND_ADD)
                                .sge(f.a.sge(0, 8))
                                .remote(MR_VA, f.b.mr.rkey())
                                .atomic(1, 0)
                                .build(),
                        SendWr.builder(2, WrOpcode.SEND).inline(new byte[4]).build()));
        f.settle();
        boolean waited = f.a.pollSend().isEmpty();
        f.release();
        return waited;
    }

    @Test
    void completeBeforeAck() {
        assertTrue(waitsForAcks(requesterDeviates(HcaDeviation.COMPLETE_BEFORE_ACK, false)));
        assertTrue(!waitsForAcks(requesterDeviates(HcaDeviation.COMPLETE_BEFORE_ACK, true)));
    }

    /** Whether B answers a SEND it has no receive for with an RNR NAK. */
    private static boolean sendsRnrNak(TwoHcas f) {
        Conn c = f.connectRc();
        f.a.verbs.postSend(
                c.qpA(),
                List.of(SendWr.builder(1, WrOpcode.SEND).inline(new byte[1]).build()));
        f.settle();
        return f.sentBy(f.b).stream()
                .anyMatch(s -> s.op() == 0x11 && s.packet().header(Aeth.class).syndromeType() == Aeth.TYPE_RNR_NAK);
    }

    @Test
    void noRnrNak() {
        assertTrue(sendsRnrNak(responderDeviates(HcaDeviation.NO_RNR_NAK, false)));
        assertTrue(!sendsRnrNak(responderDeviates(HcaDeviation.NO_RNR_NAK, true)));
    }

    /** With the first of two SENDs lost, whether B NAKs the second and still delivers both, in order. */
    private static boolean keepsPsnOrder(TwoHcas f) {
        Path p = new Path();
        p.timeout = 0;
        Conn c = f.connect(QpType.RC, p);
        f.b.postRecv(c.qpB(), 1, 0, 8);
        f.b.postRecv(c.qpB(), 2, 8, 8);
        AtomicInteger n = new AtomicInteger();
        f.filter(s -> s.from() == f.a && n.incrementAndGet() == 1 ? Action.DROP : Action.PASS);
        f.a.verbs.postSend(
                c.qpA(),
                List.of(
                        SendWr.builder(1, WrOpcode.SEND).inline(new byte[] {1}).build(),
                        SendWr.builder(2, WrOpcode.SEND).inline(new byte[] {2}).build()));
        f.settle();
        boolean naked = f.sentBy(f.b).stream()
                .anyMatch(s -> s.packet().header(Aeth.class).syndrome() == 0x60);
        return naked && f.b.read(0, 1)[0] == 1 && f.b.read(8, 1)[0] == 2;
    }

    @Test
    void acceptPsnOutOfSequence() {
        assertTrue(keepsPsnOrder(responderDeviates(HcaDeviation.ACCEPT_PSN_OUT_OF_SEQUENCE, false)));
        assertTrue(!keepsPsnOrder(responderDeviates(HcaDeviation.ACCEPT_PSN_OUT_OF_SEQUENCE, true)));
    }

    /** The original value A receives for a fetch-and-add of 5 on 10. */
    private static long fetchedOriginal(TwoHcas f) {
        Conn c = f.connectRc();
        f.b.writeLong(0, 10);
        f.a.verbs.postSend(
                c.qpA(),
                List.of(SendWr.builder(1, WrOpcode.ATOMIC_FETCH_AND_ADD)
                        .sge(f.a.sge(0, 8))
                        .remote(MR_VA, f.b.mr.rkey())
                        .atomic(5, 0)
                        .build()));
        f.settle();
        assertEquals(15, f.b.readLong(0));
        return f.a.readLong(0);
    }

    @Test
    void atomicAckWrongOriginal() {
        assertEquals(10, fetchedOriginal(responderDeviates(HcaDeviation.ATOMIC_ACK_WRONG_ORIGINAL, false)));
        assertEquals(15, fetchedOriginal(responderDeviates(HcaDeviation.ATOMIC_ACK_WRONG_ORIGINAL, true)));
    }

    /** With every response dropped and retry_cnt 1, whether A gives up after one retry with RETRY_EXC_ERR. */
    private static boolean retryCountHonoured(TwoHcas f) {
        Path p = new Path();
        p.timeout = 1;
        p.retryCnt = 1;
        Conn c = f.connect(QpType.RC, p);
        f.filter(s -> s.from() == f.b ? Action.DROP : Action.PASS);
        f.a.verbs.postSend(
                c.qpA(),
                List.of(SendWr.builder(1, WrOpcode.SEND).inline(new byte[1]).build()));
        f.run(1_000_000L);
        List<WorkCompletion> wc = f.a.pollSend();
        return wc.size() == 1
                && wc.get(0).status() == WcStatus.RETRY_EXC_ERR
                && f.sentBy(f.a).size() == 2;
    }

    @Test
    void ignoreRetryCount() {
        assertTrue(retryCountHonoured(requesterDeviates(HcaDeviation.IGNORE_RETRY_COUNT, false)));
        assertTrue(!retryCountHonoured(requesterDeviates(HcaDeviation.IGNORE_RETRY_COUNT, true)));
    }

    /** The opcode of B's first answer to a READ of the word followed by a fetch-and-add on it. */
    private static int firstAnswer(TwoHcas f) {
        Conn c = f.connectRc();
        f.b.writeLong(0, 10);
        f.a.verbs.postSend(
                c.qpA(),
                List.of(
                        SendWr.builder(1, WrOpcode.RDMA_READ)
                                .sge(f.a.sge(0, 8))
                                .remote(MR_VA, f.b.mr.rkey())
                                .build(),
                        SendWr.builder(2, WrOpcode.ATOMIC_FETCH_AND_ADD)
                                .sge(f.a.sge(8, 8))
                                .remote(MR_VA, f.b.mr.rkey())
                                .atomic(1, 0)
                                .build()));
        f.settle();
        return f.sentBy(f.b).get(0).op();
    }

    @Test
    void readOvertakenByAtomic() {
        assertEquals(0x10, firstAnswer(responderDeviates(HcaDeviation.READ_OVERTAKEN_BY_ATOMIC, false)));
        assertEquals(0x12, firstAnswer(responderDeviates(HcaDeviation.READ_OVERTAKEN_BY_ATOMIC, true)));
    }

    /** The MSN of B's ACK for a SEND of two packets (AckReq on the last only). */
    private static int msnAfterTwoPacketSend(TwoHcas f) {
        Conn c = f.connectRc();
        f.b.postRecv(c.qpB(), 1, 0, 512);
        f.a.verbs.postSend(
                c.qpA(),
                List.of(SendWr.builder(1, WrOpcode.SEND).sge(f.a.sge(0, 512)).build()));
        f.settle();
        return f.sentBy(f.b).get(0).packet().header(Aeth.class).msn();
    }

    @Test
    void msnCountsPackets() {
        assertEquals(1, msnAfterTwoPacketSend(responderDeviates(HcaDeviation.MSN_COUNTS_PACKETS, false)));
        assertEquals(2, msnAfterTwoPacketSend(responderDeviates(HcaDeviation.MSN_COUNTS_PACKETS, true)));
    }

    /** With the second of a READ's two response packets held, whether A keeps the READ uncompleted. */
    private static boolean readWaitsForItsData(TwoHcas f) {
        Path p = new Path();
        p.timeout = 0;
        Conn c = f.connect(QpType.RC, p);
        AtomicInteger n = new AtomicInteger();
        f.filter(s -> s.from() == f.b && n.incrementAndGet() == 2 ? Action.HOLD : Action.PASS);
        f.a.verbs.postSend(
                c.qpA(),
                List.of(SendWr.builder(1, WrOpcode.RDMA_READ)
                        .sge(f.a.sge(0, 512))
                        .remote(MR_VA, f.b.mr.rkey())
                        .build()));
        f.settle();
        return f.a.pollSend().isEmpty();
    }

    @Test
    void completeReadAtFirstResponse() {
        assertTrue(readWaitsForItsData(requesterDeviates(HcaDeviation.COMPLETE_READ_AT_FIRST_RESPONSE, false)));
        assertTrue(!readWaitsForItsData(requesterDeviates(HcaDeviation.COMPLETE_READ_AT_FIRST_RESPONSE, true)));
    }

    /** With A's SEND duplicated on the wire, how many receives B completes. */
    private static int receivesForADuplicatedSend(TwoHcas f) {
        Conn c = f.connectRc();
        f.b.postRecv(c.qpB(), 1, 0, 8);
        f.b.postRecv(c.qpB(), 2, 8, 8);
        f.filter(s -> s.from() == f.a ? Action.DUPLICATE : Action.PASS);
        f.a.verbs.postSend(
                c.qpA(),
                List.of(SendWr.builder(1, WrOpcode.SEND).inline(new byte[1]).build()));
        f.settle();
        return f.b.pollRecv().size();
    }

    @Test
    void reexecuteDuplicateSend() {
        assertEquals(1, receivesForADuplicatedSend(responderDeviates(HcaDeviation.REEXECUTE_DUPLICATE_SEND, false)));
        assertEquals(2, receivesForADuplicatedSend(responderDeviates(HcaDeviation.REEXECUTE_DUPLICATE_SEND, true)));
    }

    /** With A's READ duplicated on the wire, how many READ responses B sends. */
    private static long readResponsesForADuplicatedRead(TwoHcas f) {
        Conn c = f.connectRc();
        f.filter(s -> s.from() == f.a ? Action.DUPLICATE : Action.PASS);
        f.a.verbs.postSend(
                c.qpA(),
                List.of(SendWr.builder(1, WrOpcode.RDMA_READ)
                        .sge(f.a.sge(0, 8))
                        .remote(MR_VA, f.b.mr.rkey())
                        .build()));
        f.settle();
        return f.sentBy(f.b).stream().filter(s -> s.op() == 0x10).count();
    }

    @Test
    void dropDuplicateRead() {
        assertEquals(2, readResponsesForADuplicatedRead(responderDeviates(HcaDeviation.DROP_DUPLICATE_READ, false)));
        assertEquals(1, readResponsesForADuplicatedRead(responderDeviates(HcaDeviation.DROP_DUPLICATE_READ, true)));
    }

    /** With A's fetch-and-add of 1 on 10 duplicated on the wire, B's word afterwards. */
    private static long wordAfterADuplicatedAdd(TwoHcas f) {
        Conn c = f.connectRc();
        f.b.writeLong(0, 10);
        f.filter(s -> s.from() == f.a ? Action.DUPLICATE : Action.PASS);
        f.a.verbs.postSend(
                c.qpA(),
                List.of(SendWr.builder(1, WrOpcode.ATOMIC_FETCH_AND_ADD)
                        .sge(f.a.sge(0, 8))
                        .remote(MR_VA, f.b.mr.rkey())
                        .atomic(1, 0)
                        .build()));
        f.settle();
        return f.b.readLong(0);
    }

    @Test
    void reexecuteDuplicateAtomic() {
        assertEquals(11, wordAfterADuplicatedAdd(responderDeviates(HcaDeviation.REEXECUTE_DUPLICATE_ATOMIC, false)));
        assertEquals(12, wordAfterADuplicatedAdd(responderDeviates(HcaDeviation.REEXECUTE_DUPLICATE_ATOMIC, true)));
    }

    /** The completion of A's RDMA WRITE into B's region with an R_Key B never gave. */
    private static WcStatus writeWithABadRkey(TwoHcas f) {
        Path p = new Path();
        p.timeout = 0;
        Conn c = f.connect(QpType.RC, p);
        f.a.verbs.postSend(
                c.qpA(),
                List.of(SendWr.builder(1, WrOpcode.RDMA_WRITE)
                        .inline(new byte[4])
                        .remote(MR_VA, f.b.mr.rkey() ^ 0x100)
                        .build()));
        f.settle();
        List<WorkCompletion> wc = f.a.pollSend();
        return wc.isEmpty() ? null : wc.get(0).status();
    }

    @Test
    void ignoreRKey() {
        assertEquals(WcStatus.REM_ACCESS_ERR, writeWithABadRkey(responderDeviates(HcaDeviation.IGNORE_R_KEY, false)));
        assertEquals(WcStatus.SUCCESS, writeWithABadRkey(responderDeviates(HcaDeviation.IGNORE_R_KEY, true)));
    }

    @Test
    void retryRemoteAccessNak() {
        assertEquals(
                WcStatus.REM_ACCESS_ERR,
                writeWithABadRkey(requesterDeviates(HcaDeviation.RETRY_REMOTE_ACCESS_NAK, false)));
        TwoHcas deviant = requesterDeviates(HcaDeviation.RETRY_REMOTE_ACCESS_NAK, true);
        assertTrue(writeWithABadRkey(deviant) != WcStatus.REM_ACCESS_ERR);
        assertTrue(deviant.sentBy(deviant.a).size() > 1, "the NAKed WRITE is sent again");
    }

    /** B's answer (AETH syndrome) to a packet the tester injects at B's expected PSN. */
    private static int answerTo(TwoHcas f, OpCode op, int length) {
        Conn c = f.connectRc();
        f.b.postRecv(c.qpB(), 1, 0, 2048);
        f.b.transport.receive(
                1,
                PacketBuilder.iba(
                                Lrh.of(0, 0, Lrh.LNH_IBA_LOCAL, f.b.lid, f.a.lid),
                                Bth.of(op, TwoHcas.PKEY, c.qpB(), true, new Path().sqPsn))
                        .payload(new byte[length])
                        .build());
        f.settle();
        return f.sentBy(f.b).get(0).packet().header(Aeth.class).syndrome();
    }

    @Test
    void acceptOpcodeOutOfSequence() {
        int nakInvalidRequest = 0x61;
        assertEquals(
                nakInvalidRequest,
                answerTo(
                        responderDeviates(HcaDeviation.ACCEPT_OPCODE_OUT_OF_SEQUENCE, false),
                        OpCode.RC_SEND_MIDDLE,
                        256));
        assertEquals(
                Aeth.TYPE_ACK,
                answerTo(
                                responderDeviates(HcaDeviation.ACCEPT_OPCODE_OUT_OF_SEQUENCE, true),
                                OpCode.RC_SEND_MIDDLE,
                                256)
                        >> 5);
    }

    @Test
    void acceptPayloadBeyondPmtu() {
        int nakInvalidRequest = 0x61;
        assertEquals(
                nakInvalidRequest,
                answerTo(responderDeviates(HcaDeviation.ACCEPT_PAYLOAD_BEYOND_PMTU, false), OpCode.RC_SEND_ONLY, 512));
        assertEquals(
                Aeth.TYPE_ACK,
                answerTo(responderDeviates(HcaDeviation.ACCEPT_PAYLOAD_BEYOND_PMTU, true), OpCode.RC_SEND_ONLY, 512)
                        >> 5);
    }

    /** With the middle packet of a three-packet UC SEND dropped, how many receives B completes. */
    private static int receivesAfterAUcGap(TwoHcas f) {
        Conn c = f.connect(QpType.UC, new Path());
        f.b.postRecv(c.qpB(), 1, 0, 1024);
        AtomicInteger n = new AtomicInteger();
        f.filter(s -> s.from() == f.a && n.incrementAndGet() == 2 ? Action.DROP : Action.PASS);
        f.a.verbs.postSend(
                c.qpA(),
                List.of(SendWr.builder(1, WrOpcode.SEND).sge(f.a.sge(0, 600)).build()));
        f.settle();
        return f.b.pollRecv().size();
    }

    @Test
    void ucIgnorePsnGap() {
        assertEquals(0, receivesAfterAUcGap(responderDeviates(HcaDeviation.UC_IGNORE_PSN_GAP, false)));
        assertEquals(1, receivesAfterAUcGap(responderDeviates(HcaDeviation.UC_IGNORE_PSN_GAP, true)));
    }

    /** How many receives B completes for a datagram with a wrong Q_Key, and whether it counted a violation. */
    private static int receivesWithAWrongQkey(TwoHcas f) {
        Conn c = f.connect(QpType.UD, new Path());
        f.b.postRecv(c.qpB(), 1, 0, 100);
        f.a.verbs.postSend(
                c.qpA(),
                List.of(SendWr.builder(1, WrOpcode.SEND)
                        .inline(new byte[1])
                        .ud(AddressVector.local(f.b.lid, 0, 1), c.qpB(), 0x4321)
                        .build()));
        f.settle();
        return f.b.pollRecv().size() + f.b.qKeyViolations * 10;
    }

    @Test
    void acceptWrongQKey() {
        assertEquals(10, receivesWithAWrongQkey(responderDeviates(HcaDeviation.ACCEPT_WRONG_Q_KEY, false)));
        assertEquals(1, receivesWithAWrongQkey(responderDeviates(HcaDeviation.ACCEPT_WRONG_Q_KEY, true)));
    }

    /** The first 40 bytes of B's receive buffer after a datagram with a GRH. */
    private static byte[] grhSpaceAfterAGlobalDatagram(TwoHcas f) {
        Conn c = f.connect(QpType.UD, new Path());
        f.b.postRecv(c.qpB(), 1, 0, 100);
        Grh grh = Grh.of(
                0,
                7,
                64,
                new Gid(Gid.DEFAULT_SUBNET_PREFIX, TwoHcas.GUID_A),
                new Gid(Gid.DEFAULT_SUBNET_PREFIX, TwoHcas.GUID_B));
        f.b.transport.receive(
                1,
                PacketBuilder.iba(
                                Lrh.of(0, 0, Lrh.LNH_IBA_LOCAL, f.b.lid, f.a.lid),
                                Bth.of(OpCode.UD_SEND_ONLY, TwoHcas.PKEY, c.qpB(), false, 0))
                        .grh(grh)
                        .headers(new Deth(0x1234, c.qpA()))
                        .payload(new byte[4])
                        .build());
        f.settle();
        assertEquals(1, f.b.pollRecv().size());
        return f.b.read(0, Grh.SIZE);
    }

    @Test
    void dropUdGrh() {
        assertTrue(!Arrays.equals(
                new byte[Grh.SIZE], grhSpaceAfterAGlobalDatagram(responderDeviates(HcaDeviation.DROP_UD_GRH, false))));
        assertArrayEquals(
                new byte[Grh.SIZE], grhSpaceAfterAGlobalDatagram(responderDeviates(HcaDeviation.DROP_UD_GRH, true)));
    }

    /** The completion of a UD send one byte longer than A's port MTU. */
    private static WcStatus udSendBeyondTheMtu(TwoHcas f) {
        f.a.portMtu = Mtu.MTU_256;
        Conn c = f.connect(QpType.UD, new Path());
        f.a.verbs.postSend(
                c.qpA(),
                List.of(SendWr.builder(1, WrOpcode.SEND)
                        .sge(f.a.sge(0, 257))
                        .ud(AddressVector.local(f.b.lid, 0, 1), c.qpB(), 0x1234)
                        .build()));
        f.settle();
        return f.a.pollSend().get(0).status();
    }

    @Test
    void sendUdBeyondMtu() {
        assertEquals(
                WcStatus.LOC_LEN_ERR, udSendBeyondTheMtu(requesterDeviates(HcaDeviation.SEND_UD_BEYOND_MTU, false)));
        assertEquals(WcStatus.SUCCESS, udSendBeyondTheMtu(requesterDeviates(HcaDeviation.SEND_UD_BEYOND_MTU, true)));
    }

    /** With B's ACKs for the first two of three SENDs dropped, how many SENDs A completes. */
    private static int completedByTheLastAck(TwoHcas f) {
        Path p = new Path();
        p.timeout = 0;
        Conn c = f.connect(QpType.RC, p);
        for (int i = 0; i < 3; i++) {
            f.b.postRecv(c.qpB(), i, 8L * i, 8);
        }
        AtomicInteger acks = new AtomicInteger();
        f.filter(s -> s.from() == f.b && acks.incrementAndGet() < 3 ? Action.DROP : Action.PASS);
        f.a.verbs.postSend(
                c.qpA(),
                List.of(
                        SendWr.builder(1, WrOpcode.SEND).inline(new byte[1]).build(),
                        SendWr.builder(2, WrOpcode.SEND).inline(new byte[1]).build(),
                        SendWr.builder(3, WrOpcode.SEND).inline(new byte[1]).build()));
        f.settle();
        return f.a.pollSend().size();
    }

    @Test
    void ackCoversOnlyItsPsn() {
        assertEquals(3, completedByTheLastAck(requesterDeviates(HcaDeviation.ACK_COVERS_ONLY_ITS_PSN, false)));
        assertEquals(0, completedByTheLastAck(requesterDeviates(HcaDeviation.ACK_COVERS_ONLY_ITS_PSN, true)));
    }

    /**
     * With the second of three SENDs lost and B's ACK of the first too, the PSN A sends again first: B's NAK for the
     * second acknowledges the first.
     */
    private static int firstRetransmittedPsn(TwoHcas f) {
        Path p = new Path();
        p.timeout = 0;
        Conn c = f.connect(QpType.RC, p);
        for (int i = 0; i < 3; i++) {
            f.b.postRecv(c.qpB(), i, 8L * i, 8);
        }
        AtomicInteger fromA = new AtomicInteger();
        AtomicInteger fromB = new AtomicInteger();
        f.filter(s -> (s.from() == f.a ? fromA : fromB).incrementAndGet() == (s.from() == f.a ? 2 : 1)
                ? Action.DROP
                : Action.PASS);
        f.a.verbs.postSend(
                c.qpA(),
                List.of(
                        SendWr.builder(1, WrOpcode.SEND).inline(new byte[1]).build(),
                        SendWr.builder(2, WrOpcode.SEND).inline(new byte[1]).build(),
                        SendWr.builder(3, WrOpcode.SEND).inline(new byte[1]).build()));
        f.settle();
        return f.sentBy(f.a).get(3).psn();
    }

    @Test
    void nakAcksNothing() {
        int sqPsn = new Path().sqPsn;
        assertEquals(sqPsn + 1, firstRetransmittedPsn(requesterDeviates(HcaDeviation.NAK_ACKS_NOTHING, false)));
        assertEquals(sqPsn, firstRetransmittedPsn(requesterDeviates(HcaDeviation.NAK_ACKS_NOTHING, true)));
    }
}
