package dev.ibmesh.device.hca.transport;

import static dev.ibmesh.device.hca.transport.TwoHcas.MR_VA;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.device.hca.transport.TwoHcas.Conn;
import dev.ibmesh.device.hca.transport.TwoHcas.Sent;
import dev.ibmesh.device.hca.verbs.Access;
import dev.ibmesh.device.hca.verbs.QpAttr;
import dev.ibmesh.device.hca.verbs.QpState;
import dev.ibmesh.device.hca.verbs.QpType;
import dev.ibmesh.device.hca.verbs.RecvWr;
import dev.ibmesh.device.hca.verbs.SendWr;
import dev.ibmesh.device.hca.verbs.Sge;
import dev.ibmesh.device.hca.verbs.WcOpcode;
import dev.ibmesh.device.hca.verbs.WcStatus;
import dev.ibmesh.device.hca.verbs.WorkCompletion;
import dev.ibmesh.device.hca.verbs.WrOpcode;
import dev.ibmesh.wire.Aeth;
import dev.ibmesh.wire.OpCode;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** RC between two HCAs on a clean wire: every operation, checked in memory, on the wire and in the CQs. */
class RcTransportTest {
    private final TwoHcas f = new TwoHcas();

    static byte[] bytes(int n, int seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }

    private static WorkCompletion only(List<WorkCompletion> wcs) {
        assertEquals(1, wcs.size(), "completions: " + wcs);
        return wcs.get(0);
    }

    @Test
    void sendIsSegmentedByPmtuAndScatteredIntoTheReceiveSges() {
        Conn c = f.connectRc();
        byte[] msg = bytes(1000, 1);
        f.a.write(0, msg);
        f.b.verbs.postRecv(c.qpB(), List.of(new RecvWr(7, List.of(f.b.sge(5000, 300), f.b.sge(9000, 800)))));
        f.a.verbs.postSend(
                c.qpA(),
                List.of(SendWr.builder(1, WrOpcode.SEND)
                        .sge(f.a.sge(0, 400), f.a.sge(400, 600))
                        .build()));
        f.settle();

        List<Sent> req = f.sentBy(f.a);
        assertEquals(List.of(0x00, 0x01, 0x01, 0x02), req.stream().map(Sent::op).toList());
        assertEquals(List.of(100, 101, 102, 103), req.stream().map(Sent::psn).toList());
        assertEquals(
                List.of(false, false, false, true),
                req.stream().map(s -> s.packet().bth().ackReq()).toList());
        assertEquals(
                List.of(256, 256, 256, 232),
                req.stream().map(s -> s.packet().payload().length).toList());
        Sent ack = f.sentBy(f.b).get(0);
        assertEquals(1, f.sentBy(f.b).size(), "one coalesced ACK for the message");
        Aeth aeth = ack.packet().header(Aeth.class);
        assertEquals(OpCode.RC_ACKNOWLEDGE.code(), ack.op());
        assertEquals(103, ack.psn());
        assertEquals(Aeth.TYPE_ACK, aeth.syndromeType());
        assertEquals(1, aeth.msn());

        WorkCompletion s = only(f.a.pollSend());
        assertEquals(WcStatus.SUCCESS, s.status());
        assertEquals(WcOpcode.SEND, s.opcode());
        assertEquals(1, s.wrId());
        WorkCompletion r = only(f.b.pollRecv());
        assertEquals(WcStatus.SUCCESS, r.status());
        assertEquals(WcOpcode.RECV, r.opcode());
        assertEquals(1000, r.byteLen());
        assertEquals(c.qpA(), r.srcQp());
        assertEquals(1, r.slid());
        byte[] got = new byte[1000];
        System.arraycopy(f.b.read(5000, 300), 0, got, 0, 300);
        System.arraycopy(f.b.read(9000, 700), 0, got, 300, 700);
        assertArrayEquals(msg, got);
    }

    @Test
    void requestsArrivingInOneLinkMessageAreAnsweredByOneAckForTheLast() {
        Conn c = f.connectRc();
        for (int i = 0; i < 3; i++) {
            f.b.postRecv(c.qpB(), i, 64L * i, 64);
        }
        f.a.verbs.postSend(c.qpA(), inlineSends(1, 2, 3));
        assertTrue(f.sentBy(f.a).stream().allMatch(s -> s.packet().bth().ackReq()), "each asks for an ACK");
        f.deliverAsOneMessage();
        List<Sent> answers = f.sentBy(f.b);
        assertEquals(1, answers.size(), "one coalesced ACK");
        assertEquals(102, answers.get(0).psn());
        Aeth aeth = answers.get(0).packet().header(Aeth.class);
        assertEquals(Aeth.TYPE_ACK, aeth.syndromeType());
        assertEquals(3, aeth.msn(), "it says all three messages are done");
        f.settle();
        assertEquals(
                List.of(1L, 2L, 3L),
                f.a.pollSend().stream().map(WorkCompletion::wrId).toList());
    }

    @Test
    void anAckOwedGoesOutBeforeANakOfALaterRequestInTheSameMessage() {
        Conn c = f.connectRc();
        f.b.postRecv(c.qpB(), 1, 0, 64);
        f.a.verbs.postSend(c.qpA(), inlineSends(1, 2));
        f.deliverAsOneMessage();
        List<Sent> answers = f.sentBy(f.b);
        assertEquals(List.of(100, 101), answers.stream().map(Sent::psn).toList(), "the ACK, then the RNR NAK");
        assertEquals(Aeth.TYPE_ACK, answers.get(0).packet().header(Aeth.class).syndromeType());
        assertEquals(
                Aeth.TYPE_RNR_NAK, answers.get(1).packet().header(Aeth.class).syndromeType());
    }

    /** 8-byte inline SENDs, one per WR ID. */
    private static List<SendWr> inlineSends(long... wrIds) {
        return Arrays.stream(wrIds)
                .mapToObj(id ->
                        SendWr.builder(id, WrOpcode.SEND).inline(new byte[8]).build())
                .toList();
    }

    @Test
    void sendWithImmediateAndInlineData() {
        Conn c = f.connectRc();
        f.b.postRecv(c.qpB(), 1, 0, 64);
        f.b.postRecv(c.qpB(), 2, 64, 64);
        f.a.verbs.postSend(
                c.qpA(),
                List.of(
                        SendWr.builder(10, WrOpcode.SEND_WITH_IMM)
                                .inline(new byte[] {1, 2, 3})
                                .imm(0xCAFEBABE)
                                .build(),
                        SendWr.builder(11, WrOpcode.SEND).inline(new byte[0]).build()));
        f.settle();
        List<WorkCompletion> r = f.b.pollRecv();
        assertEquals(2, r.size());
        assertTrue(r.get(0).withImm());
        assertEquals(0xCAFEBABE, r.get(0).immData());
        assertEquals(3, r.get(0).byteLen());
        assertArrayEquals(new byte[] {1, 2, 3}, f.b.read(0, 3));
        assertFalse(r.get(1).withImm());
        assertEquals(0, r.get(1).byteLen());
        assertEquals(
                List.of(10L, 11L),
                f.a.pollSend().stream().map(WorkCompletion::wrId).toList());
    }

    @Test
    void rdmaWriteLandsInRemoteMemoryAndWriteWithImmediateConsumesAReceive() {
        Conn c = f.connectRc();
        byte[] data = bytes(700, 2);
        f.a.write(0, data);
        f.b.postRecv(c.qpB(), 5, 0, 16);
        f.a.verbs.postSend(
                c.qpA(),
                List.of(
                        SendWr.builder(1, WrOpcode.RDMA_WRITE)
                                .sge(f.a.sge(0, 700))
                                .remote(MR_VA + 4096, f.b.mr.rkey())
                                .build(),
                        SendWr.builder(2, WrOpcode.RDMA_WRITE_WITH_IMM)
                                .sge(f.a.sge(0, 10))
                                .remote(MR_VA + 8192, f.b.mr.rkey())
                                .imm(77)
                                .build()));
        f.settle();
        assertArrayEquals(data, f.b.read(4096, 700));
        assertArrayEquals(Arrays.copyOf(data, 10), f.b.read(8192, 10));
        assertEquals(
                List.of(0x06, 0x07, 0x08, 0x0B),
                f.sentBy(f.a).stream().map(Sent::op).toList());
        WorkCompletion r = only(f.b.pollRecv());
        assertEquals(WcOpcode.RECV_RDMA_WITH_IMM, r.opcode());
        assertEquals(77, r.immData());
        assertEquals(10, r.byteLen());
        List<WorkCompletion> s = f.a.pollSend();
        assertEquals(
                List.of(WcOpcode.RDMA_WRITE, WcOpcode.RDMA_WRITE),
                s.stream().map(WorkCompletion::opcode).toList());
    }

    @Test
    void rdmaReadIsAnsweredInPmtuSegmentsAndLandsLocally() {
        Conn c = f.connectRc();
        byte[] data = bytes(600, 3);
        f.b.write(20000, data);
        f.a.verbs.postSend(
                c.qpA(),
                List.of(SendWr.builder(3, WrOpcode.RDMA_READ)
                        .sge(f.a.sge(100, 200), f.a.sge(1000, 400))
                        .remote(MR_VA + 20000, f.b.mr.rkey())
                        .build()));
        f.settle();
        List<Sent> resp = f.sentBy(f.b);
        assertEquals(List.of(0x0D, 0x0E, 0x0F), resp.stream().map(Sent::op).toList());
        assertEquals(List.of(100, 101, 102), resp.stream().map(Sent::psn).toList());
        WorkCompletion s = only(f.a.pollSend());
        assertEquals(WcOpcode.RDMA_READ, s.opcode());
        assertEquals(WcStatus.SUCCESS, s.status());
        byte[] got = new byte[600];
        System.arraycopy(f.a.read(100, 200), 0, got, 0, 200);
        System.arraycopy(f.a.read(1000, 400), 0, got, 200, 400);
        assertArrayEquals(data, got);
        // The next request takes the PSN after the READ's three responses.
        f.a.verbs.postSend(
                c.qpA(),
                List.of(SendWr.builder(4, WrOpcode.RDMA_WRITE)
                        .sge(f.a.sge(0, 1))
                        .remote(MR_VA, f.b.mr.rkey())
                        .build()));
        f.settle();
        assertEquals(103, f.sentBy(f.a).get(f.sentBy(f.a).size() - 1).psn());
    }

    @Test
    void atomicsExecuteAtTheResponderAndReturnTheOriginalValue() {
        Conn c = f.connectRc();
        f.b.writeLong(64, 5);
        f.b.writeLong(72, 1000);
        f.a.verbs.postSend(
                c.qpA(),
                List.of(
                        SendWr.builder(1, WrOpcode.ATOMIC_CMP_AND_SWP)
                                .sge(f.a.sge(0, 8))
                                .remote(MR_VA + 64, f.b.mr.rkey())
                                .atomic(5, 99)
                                .build(),
                        SendWr.builder(2, WrOpcode.ATOMIC_CMP_AND_SWP)
                                .sge(f.a.sge(8, 8))
                                .remote(MR_VA + 64, f.b.mr.rkey())
                                .atomic(5, 42)
                                .build(),
                        SendWr.builder(3, WrOpcode.ATOMIC_FETCH_AND_ADD)
                                .sge(f.a.sge(16, 8))
                                .remote(MR_VA + 72, f.b.mr.rkey())
                                .atomic(-1, 0)
                                .build()));
        f.settle();
        assertEquals(99, f.b.readLong(64), "the first compare matched, the second did not");
        assertEquals(999, f.b.readLong(72));
        assertEquals(5, f.a.readLong(0));
        assertEquals(99, f.a.readLong(8));
        assertEquals(1000, f.a.readLong(16));
        List<WorkCompletion> s = f.a.pollSend();
        assertEquals(
                List.of(WcOpcode.COMP_SWAP, WcOpcode.COMP_SWAP, WcOpcode.FETCH_ADD),
                s.stream().map(WorkCompletion::opcode).toList());
        assertTrue(s.stream().allMatch(w -> w.status() == WcStatus.SUCCESS));
        assertEquals(
                List.of(0x12, 0x12, 0x12), f.sentBy(f.b).stream().map(Sent::op).toList());
    }

    @Test
    void sendWithInvalidateRevokesTheRkey() {
        Conn c = f.connectRc();
        f.b.postRecv(c.qpB(), 1, 0, 16);
        f.a.verbs.postSend(
                c.qpA(),
                List.of(SendWr.builder(1, WrOpcode.SEND_WITH_INV)
                        .inline(new byte[4])
                        .invalidate(f.b.mr.rkey())
                        .build()));
        f.settle();
        WorkCompletion r = only(f.b.pollRecv());
        assertTrue(r.withInv());
        assertEquals(f.b.mr.rkey(), r.invalidatedRkey());
        f.a.verbs.postSend(
                c.qpA(),
                List.of(SendWr.builder(2, WrOpcode.RDMA_WRITE)
                        .inline(new byte[4])
                        .remote(MR_VA, f.b.mr.rkey())
                        .build()));
        f.settle();
        List<WorkCompletion> s = f.a.pollSend();
        assertEquals(WcStatus.REM_ACCESS_ERR, s.get(1).status());
    }

    @Test
    void unsignaledRequestsCompleteSilently() {
        Conn c = f.connectRc();
        f.a.verbs.postSend(
                c.qpA(),
                List.of(
                        SendWr.builder(1, WrOpcode.RDMA_WRITE)
                                .inline(new byte[1])
                                .remote(MR_VA, f.b.mr.rkey())
                                .signaled(false)
                                .build(),
                        SendWr.builder(2, WrOpcode.RDMA_WRITE)
                                .inline(new byte[1])
                                .remote(MR_VA, f.b.mr.rkey())
                                .build()));
        f.settle();
        assertEquals(
                List.of(2L), f.a.pollSend().stream().map(WorkCompletion::wrId).toList());
        assertEquals(0, f.a.verbs.findQp(c.qpA()).sendQueue().depth(), "the unsignaled request's slot is free too");
    }

    @Test
    void remoteAccessErrorFailsTheRequestAndFlushesTheRest() {
        Conn c = f.connectRc();
        f.a.verbs.postSend(
                c.qpA(),
                List.of(
                        SendWr.builder(1, WrOpcode.RDMA_WRITE)
                                .inline(new byte[8])
                                .remote(MR_VA, 0xBAD)
                                .build(),
                        SendWr.builder(2, WrOpcode.RDMA_WRITE)
                                .inline(new byte[8])
                                .remote(MR_VA, f.b.mr.rkey())
                                .build()));
        f.settle();
        List<WorkCompletion> s = f.a.pollSend();
        assertEquals(
                List.of(WcStatus.REM_ACCESS_ERR, WcStatus.WR_FLUSH_ERR),
                s.stream().map(WorkCompletion::status).toList());
        assertEquals(QpState.ERR, f.a.verbs.queryQp(c.qpA()).state());
        assertEquals(QpState.ERR, f.b.verbs.queryQp(c.qpB()).state());
        assertEquals(1, f.b.counters(c.qpB()).naksSent(Aeth.NAK_REMOTE_ACCESS_ERROR));
        assertEquals(1, f.a.counters(c.qpA()).naksReceived(Aeth.NAK_REMOTE_ACCESS_ERROR));
        Sent nak = f.sentBy(f.b).get(0);
        assertEquals(0x62, nak.packet().header(Aeth.class).syndrome());
        assertEquals(100, nak.psn());
    }

    /**
     * The classic application bug of an RDMA WRITE that names the requester's own R_Key: HCAs with different node
     * GUIDs hand out different QPNs and keys, so it fails with a remote access error as on hardware instead of
     * succeeding because both HCAs counted their keys alike.
     */
    @Test
    void aWriteWithTheRequestersOwnRkeyFailsWithRemoteAccessError() {
        Conn c = f.connectRc();
        assertTrue(c.qpA() != c.qpB(), "QPNs differ");
        assertTrue(f.a.mr.lkey() != f.b.mr.lkey(), "L_Keys differ");
        assertTrue(f.a.mr.rkey() != f.b.mr.rkey(), "R_Keys differ");
        f.a.verbs.postSend(
                c.qpA(),
                List.of(SendWr.builder(1, WrOpcode.RDMA_WRITE)
                        .inline(new byte[] {9})
                        .remote(MR_VA, f.a.mr.rkey())
                        .build()));
        f.settle();
        assertEquals(WcStatus.REM_ACCESS_ERR, only(f.a.pollSend()).status());
        assertEquals(0, f.b.read(0, 1)[0], "nothing written");
    }

    @Test
    void misalignedAtomicIsAnInvalidRequest() {
        Conn c = f.connectRc();
        f.a.verbs.postSend(
                c.qpA(),
                List.of(SendWr.builder(1, WrOpcode.ATOMIC_FETCH_AND_ADD)
                        .sge(f.a.sge(0, 8))
                        .remote(MR_VA + 4, f.b.mr.rkey())
                        .atomic(1, 0)
                        .build()));
        f.settle();
        assertEquals(WcStatus.REM_INV_REQ_ERR, only(f.a.pollSend()).status());
    }

    @Test
    void readNotEnabledOnTheQpIsAnInvalidRequest() {
        TwoHcas.Path p = new TwoHcas.Path();
        p.access = EnumSet.of(Access.REMOTE_WRITE);
        Conn c = f.connect(QpType.RC, p);
        f.a.verbs.postSend(
                c.qpA(),
                List.of(SendWr.builder(1, WrOpcode.RDMA_READ)
                        .sge(f.a.sge(0, 8))
                        .remote(MR_VA, f.b.mr.rkey())
                        .build()));
        f.settle();
        assertEquals(WcStatus.REM_INV_REQ_ERR, only(f.a.pollSend()).status());
    }

    @Test
    void aMessageLongerThanTheReceiveBufferFailsBothSides() {
        Conn c = f.connectRc();
        f.b.postRecv(c.qpB(), 1, 0, 10);
        f.a.verbs.postSend(
                c.qpA(),
                List.of(SendWr.builder(1, WrOpcode.SEND).inline(new byte[20]).build()));
        f.settle();
        assertEquals(WcStatus.REM_INV_REQ_ERR, only(f.a.pollSend()).status());
        assertEquals(WcStatus.LOC_LEN_ERR, only(f.b.pollRecv()).status());
    }

    @Test
    void aBadLkeyFailsLocallyWithoutSending() {
        Conn c = f.connectRc();
        f.a.verbs.postSend(
                c.qpA(),
                List.of(SendWr.builder(1, WrOpcode.SEND)
                        .sge(new Sge(MR_VA, 8, 0x999))
                        .build()));
        f.settle();
        assertEquals(WcStatus.LOC_PROT_ERR, only(f.a.pollSend()).status());
        assertTrue(f.sentBy(f.a).isEmpty());
        assertEquals(QpState.ERR, f.a.verbs.queryQp(c.qpA()).state());
    }

    @Test
    void noMoreReadsOutstandingThanMaxRdAtomic() {
        TwoHcas.Path p = new TwoHcas.Path();
        p.maxRdAtomic = 2;
        Conn c = f.connect(QpType.RC, p);
        f.filter(s -> s.from() == f.b ? TwoHcas.Action.HOLD : TwoHcas.Action.PASS);
        for (int i = 0; i < 4; i++) {
            f.a.verbs.postSend(
                    c.qpA(),
                    List.of(SendWr.builder(i, WrOpcode.RDMA_READ)
                            .sge(f.a.sge(8L * i, 8))
                            .remote(MR_VA, f.b.mr.rkey())
                            .build()));
        }
        f.settle();
        assertEquals(2, f.sentBy(f.a).size());
        f.release(1);
        assertEquals(3, f.sentBy(f.a).size(), "one response frees one slot");
        f.filter(s -> TwoHcas.Action.PASS);
        f.release();
        f.settle();
        assertEquals(4, f.a.pollSend().size());
    }

    @Test
    void acksCarryCreditsForThePostedReceives() {
        Conn c = f.connectRc();
        for (int i = 0; i < 7; i++) {
            f.b.postRecv(c.qpB(), i, 64L * i, 64);
        }
        f.a.verbs.postSend(
                c.qpA(),
                List.of(SendWr.builder(1, WrOpcode.SEND).inline(new byte[1]).build()));
        f.settle();
        // 6 receives are left: credit code 5 stands for 6 credits.
        assertEquals(5, f.sentBy(f.b).get(0).packet().header(Aeth.class).syndromeValue());
    }

    @Test
    void modifyToErrorFlushesEverythingPosted() {
        Conn c = f.connectRc();
        f.b.postRecv(c.qpB(), 9, 0, 8);
        f.b.verbs.modifyQp(c.qpB(), new QpAttr().state(QpState.ERR));
        WorkCompletion r = only(f.b.pollRecv());
        assertEquals(WcStatus.WR_FLUSH_ERR, r.status());
        f.b.verbs.postSend(
                c.qpB(),
                List.of(SendWr.builder(3, WrOpcode.SEND).inline(new byte[1]).build()));
        assertEquals(WcStatus.WR_FLUSH_ERR, only(f.b.pollSend()).status());
    }

    @Test
    void psnsWrapAt2To24() {
        TwoHcas.Path p = new TwoHcas.Path();
        p.sqPsn = 0xFFFFFE;
        Conn c = f.connect(QpType.RC, p);
        byte[] msg = bytes(1000, 8);
        f.a.write(0, msg);
        f.b.postRecv(c.qpB(), 1, 4096, 1000);
        f.filter(s -> s.from() == f.a && s.psn() == 0 && f.sentBy(f.a).size() == 3
                ? TwoHcas.Action.DROP
                : TwoHcas.Action.PASS);
        f.a.verbs.postSend(
                c.qpA(),
                List.of(SendWr.builder(1, WrOpcode.SEND).sge(f.a.sge(0, 1000)).build()));
        f.settle();
        assertEquals(
                List.of(0xFFFFFE, 0xFFFFFF, 0, 1, 0, 1),
                f.sentBy(f.a).stream().map(Sent::psn).toList());
        assertArrayEquals(msg, f.b.read(4096, 1000));
        assertEquals(WcStatus.SUCCESS, only(f.a.pollSend()).status());
    }

    @Test
    void packetsForNoQpOrNotTransportPacketsAreDroppedAndCounted() {
        Conn c = f.connectRc();
        f.b.postRecv(c.qpB(), 1, 0, 8);
        f.a.verbs.postSend(
                c.qpA(),
                List.of(SendWr.builder(1, WrOpcode.SEND).inline(new byte[1]).build()));
        byte[] frame = f.sentBy(f.a).get(0).packet().encode();
        byte[] other = frame.clone();
        other[8 + 5 + 2] ^= 0x40;
        f.b.transport.receive(1, other);
        assertEquals(1, f.b.transport.unknownQpDrops());
        f.b.transport.receive(1, new byte[] {1, 2, 3});
        assertEquals(1, f.b.transport.malformedDrops());
        assertTrue(f.b.pollRecv().isEmpty());
        f.settle();
        assertEquals(1, f.b.pollRecv().size());
    }

    @Test
    void aFullTransmitQueueHoldsTheRequesterBack() {
        Conn c = f.connectRc();
        f.b.postRecv(c.qpB(), 1, 0, 1000);
        f.a.full = true;
        f.a.verbs.postSend(
                c.qpA(),
                List.of(SendWr.builder(1, WrOpcode.SEND).sge(f.a.sge(0, 1000)).build()));
        f.settle();
        assertTrue(f.log.isEmpty());
        f.a.full = false;
        f.a.transport.onTransmitSpace(1);
        f.settle();
        assertEquals(
                List.of(0x00, 0x01, 0x01, 0x02),
                f.sentBy(f.a).stream().map(Sent::op).toList());
        assertEquals(WcStatus.SUCCESS, only(f.a.pollSend()).status());
    }

    @Test
    void sqdStopsNewRequestsUntilRts() {
        Conn c = f.connectRc();
        f.a.verbs.modifyQp(c.qpA(), new QpAttr().state(QpState.SQD));
        f.a.verbs.postSend(
                c.qpA(),
                List.of(SendWr.builder(1, WrOpcode.RDMA_WRITE)
                        .inline(new byte[] {5})
                        .remote(MR_VA, f.b.mr.rkey())
                        .build()));
        f.settle();
        assertTrue(f.log.isEmpty());
        f.a.verbs.modifyQp(c.qpA(), new QpAttr().state(QpState.RTS));
        f.settle();
        assertEquals(5, f.b.read(0, 1)[0]);
        assertEquals(WcStatus.SUCCESS, only(f.a.pollSend()).status());
    }
}
