package dev.ibmesh.device.hca.verbs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.wire.Gid;
import dev.ibmesh.wire.Mtu;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** The verbs facade alone: what each verb accepts, and that every invalid request throws and changes nothing. */
class VerbsTest {
    private final List<String> hooked = new ArrayList<>();
    private final HcaPortView port = new HcaPortView() {
        @Override
        public int portCount() {
            return 1;
        }

        @Override
        public int lid(int p) {
            return 7;
        }

        @Override
        public int lmc(int p) {
            return 0;
        }

        @Override
        public boolean isActive(int p) {
            return true;
        }

        @Override
        public Mtu mtu(int p) {
            return Mtu.MTU_2048;
        }

        @Override
        public int pkeyTableSize(int p) {
            return 2;
        }

        @Override
        public int pkey(int p, int index) {
            return 0xFFFF;
        }

        @Override
        public Gid gid(int p, int index) {
            return index == 0 ? new Gid(Gid.DEFAULT_SUBNET_PREFIX, 0x0002C90300000701L) : null;
        }
    };
    private final QpHooks hooks = new QpHooks() {
        @Override
        public void created(QueuePair qp) {
            hooked.add("created " + qp.qpn());
        }

        @Override
        public void modified(QueuePair qp, QpState from) {
            hooked.add("modified " + qp.qpn() + " " + from + "->" + qp.state());
        }

        @Override
        public void sendPosted(QueuePair qp) {
            hooked.add("send " + qp.qpn());
        }

        @Override
        public void recvPosted(QueuePair qp) {
            hooked.add("recv " + qp.qpn());
        }

        @Override
        public void destroyed(QueuePair qp) {
            hooked.add("destroyed " + qp.qpn());
        }
    };
    private final HcaLimits limits = new HcaLimits(4, 8, 2, 16, 4, 16, 2, 4096, 4, 4, 4);
    private static final long GUID = 0x0002C90300ABCDEFL;
    private final Verbs verbs = new Verbs(GUID, limits, port, hooks);
    private final int pd = verbs.allocPd();
    private final int cq = verbs.createCq(4);

    private static VerbsException fails(VerbsException.Kind kind, Executable call, String... mentions) {
        VerbsException e = assertThrows(VerbsException.class, call);
        assertEquals(kind, e.kind(), e.getMessage());
        for (String m : mentions) {
            assertTrue(e.getMessage().contains(m), "'" + e.getMessage() + "' should mention " + m);
        }
        return e;
    }

    private int qp(QpType type) {
        return verbs.createQp(new QpInitAttr(type, pd, cq, cq, new QpCaps(2, 2, 2, 2, 16), false));
    }

    private void toRts(int qpn) {
        verbs.modifyQp(
                qpn,
                new QpAttr().state(QpState.INIT).pkeyIndex(0).port(1).accessFlags(EnumSet.of(Access.REMOTE_WRITE)));
        verbs.modifyQp(
                qpn,
                new QpAttr()
                        .state(QpState.RTR)
                        .av(AddressVector.local(3, 0, 1))
                        .pathMtu(Mtu.MTU_1024)
                        .destQpn(9)
                        .rqPsn(0)
                        .maxDestRdAtomic(1)
                        .minRnrTimer(12));
        verbs.modifyQp(
                qpn,
                new QpAttr()
                        .state(QpState.RTS)
                        .sqPsn(0)
                        .timeout(14)
                        .retryCnt(7)
                        .rnrRetry(7)
                        .maxRdAtomic(1));
    }

    @Test
    void queriesReportTheDeviceAndThePort() {
        assertEquals(limits, verbs.queryDevice());
        assertEquals(new PortAttr(1, true, 7, 0, Mtu.MTU_2048, 2), verbs.queryPort(1));
        fails(VerbsException.Kind.INVALID_ARGUMENT, () -> verbs.queryPort(2), "port_num", "1..1", "2");
    }

    @Test
    void memoryRegionsCheckTheirArgumentsAndHoldBytes() {
        fails(VerbsException.Kind.NOT_FOUND, () -> verbs.regMr(99, 0, 16, Set.of()), "PD 99");
        fails(VerbsException.Kind.INVALID_ARGUMENT, () -> verbs.regMr(pd, 0, 0, Set.of()), "length", "0");
        fails(VerbsException.Kind.INVALID_ARGUMENT, () -> verbs.regMr(pd, 0, 8192, Set.of()), "length", "4096", "8192");
        fails(VerbsException.Kind.INVALID_ARGUMENT, () -> verbs.regMr(pd, -8L, 16, Set.of()), "wraps");
        fails(
                VerbsException.Kind.INVALID_ARGUMENT,
                () -> verbs.regMr(pd, 0, 16, EnumSet.of(Access.REMOTE_WRITE)),
                "LOCAL_WRITE");
        MrInfo mr = verbs.regMr(pd, 0x1000, 16, EnumSet.of(Access.LOCAL_WRITE));
        Verbs fresh = new Verbs(GUID, limits, port, hooks);
        MrInfo first = fresh.regMr(fresh.allocPd(), 0x1000, 16, EnumSet.of(Access.LOCAL_WRITE));
        assertEquals(first.handle(), mr.handle(), "failed registrations used no handle");
        assertTrue(mr.lkey() != mr.rkey());
        verbs.writeMemory(mr.handle(), 0x1004, new byte[] {1, 2});
        assertArrayEquals(new byte[] {0, 1, 2, 0}, verbs.readMemory(mr.handle(), 0x1003, 4));
        fails(VerbsException.Kind.INVALID_ARGUMENT, () -> verbs.readMemory(mr.handle(), 0x100F, 2), "outside");
        fails(
                VerbsException.Kind.INVALID_ARGUMENT,
                () -> verbs.writeMemory(mr.handle(), 0xFFF, new byte[1]),
                "outside");
        verbs.regMr(pd, 0, 16, Set.of());
        fails(VerbsException.Kind.RESOURCE_EXHAUSTED, () -> verbs.regMr(pd, 0, 16, Set.of()), "MR", "2", "3");
        fails(VerbsException.Kind.FAILED_PRECONDITION, () -> verbs.deallocPd(pd), "PD " + pd);
        verbs.deregMr(mr.handle());
        fails(VerbsException.Kind.NOT_FOUND, () -> verbs.readMemory(mr.handle(), 0x1000, 1), "MR");
    }

    @Test
    void queuePairsCheckTheirCapsAndHoldTheirPdAndCqs() {
        fails(
                VerbsException.Kind.INVALID_ARGUMENT,
                () -> verbs.createQp(new QpInitAttr(QpType.RC, pd, cq, cq, new QpCaps(9, 1, 1, 1, 0), false)),
                "cap.max_send_wr",
                "1..8",
                "9");
        fails(
                VerbsException.Kind.INVALID_ARGUMENT,
                () -> verbs.createQp(new QpInitAttr(QpType.RC, pd, cq, cq, new QpCaps(1, 1, 3, 1, 0), false)),
                "cap.max_send_sge");
        fails(
                VerbsException.Kind.NOT_FOUND,
                () -> verbs.createQp(new QpInitAttr(QpType.RC, pd, 42, cq, new QpCaps(1, 1, 1, 1, 0), false)),
                "CQ 42");
        assertTrue(hooked.isEmpty());
        int q = qp(QpType.RC);
        fails(VerbsException.Kind.FAILED_PRECONDITION, () -> verbs.destroyCq(cq), "CQ " + cq);
        verbs.destroyQp(q);
        verbs.destroyCq(cq);
        verbs.deallocPd(pd);
        assertEquals(List.of("created " + q, "destroyed " + q), hooked);
        assertEquals(firstQpn(new Verbs(GUID, limits, port, hooks)), q, "failed creations used no QPN");
    }

    private static int firstQpn(Verbs v) {
        int p = v.allocPd();
        int c = v.createCq(4);
        return v.createQp(new QpInitAttr(QpType.RC, p, c, c, new QpCaps(1, 1, 1, 1, 0), false));
    }

    /** The first PD, CQ, QPN and region keys an HCA with this GUID hands out. */
    private List<Integer> firstHandles(long guid) {
        Verbs v = new Verbs(guid, limits, port, hooks);
        int p = v.allocPd();
        int c = v.createCq(4);
        MrInfo mr = v.regMr(p, 0, 16, Set.of());
        int q = v.createQp(new QpInitAttr(QpType.RC, p, c, c, new QpCaps(1, 1, 1, 1, 0), false));
        return List.of(p, c, q, mr.handle(), mr.lkey(), mr.rkey());
    }

    @Test
    void handlesDifferFromHcaToHcaAndRepeatForTheSameGuid() {
        List<Integer> mine = firstHandles(GUID);
        assertEquals(mine, firstHandles(GUID), "the same GUID hands out the same handles (reproducible traces)");
        for (long neighbour : new long[] {GUID + 1, GUID - 1, GUID ^ (1L << 40)}) {
            List<Integer> theirs = firstHandles(neighbour);
            for (int i = 0; i < mine.size(); i++) {
                assertTrue(!mine.get(i).equals(theirs.get(i)), "handle " + i + " of " + mine + " vs " + theirs);
            }
        }
    }

    @Test
    void qpnsStayWithin24BitsAndAvoidTheReservedOnes() {
        for (long guid = 1; guid <= 2000; guid++) {
            int q = firstQpn(new Verbs(guid * 0x9E3779B97F4A7C15L, limits, port, hooks));
            assertTrue(q >= 2 && q <= 0xFFFFFE, String.format("QPN 0x%x", q));
        }
    }

    /** A 24-bit index (the region's handle) and an 8-bit key part that changes with every registration. */
    @Test
    void memoryKeysLookLikeHardwareKeysAndChangeOnReRegistration() {
        MrInfo mr = verbs.regMr(pd, 0, 16, EnumSet.of(Access.LOCAL_WRITE, Access.REMOTE_READ));
        assertEquals(mr.handle(), mr.lkey() >>> 8);
        assertEquals(mr.handle(), mr.rkey() >>> 8);
        assertTrue(mr.lkey() != mr.rkey());
        verbs.deregMr(mr.handle());
        MrInfo again = verbs.regMr(pd, 0, 16, EnumSet.of(Access.LOCAL_WRITE, Access.REMOTE_READ));
        assertTrue((again.rkey() & 0xFF) != (mr.rkey() & 0xFF), "a new key part");
        assertEquals(null, verbs.memory().byRkey(mr.rkey()), "the old R_Key opens nothing");
        assertEquals(again.handle(), verbs.memory().byRkey(again.rkey()).handle());
    }

    @Test
    void theStateMachineTakesExactlyTheAttributesEachTransitionAllows() {
        int q = qp(QpType.RC);
        QpInfo before = verbs.queryQp(q);
        fails(
                VerbsException.Kind.INVALID_ARGUMENT,
                () -> verbs.modifyQp(q, new QpAttr().state(QpState.RTR)),
                "RESET",
                "RTR");
        fails(
                VerbsException.Kind.INVALID_ARGUMENT,
                () -> verbs.modifyQp(
                        q, new QpAttr().state(QpState.INIT).pkeyIndex(0).port(1)),
                "requires",
                "ACCESS_FLAGS");
        fails(
                VerbsException.Kind.INVALID_ARGUMENT,
                () -> verbs.modifyQp(
                        q,
                        new QpAttr()
                                .state(QpState.INIT)
                                .pkeyIndex(0)
                                .port(1)
                                .accessFlags(Set.of())
                                .qkey(5)),
                "does not take",
                "QKEY");
        fails(
                VerbsException.Kind.INVALID_ARGUMENT,
                () -> verbs.modifyQp(
                        q, new QpAttr().state(QpState.INIT).pkeyIndex(2).port(1).accessFlags(Set.of())),
                "pkey_index",
                "0..1",
                "2");
        fails(
                VerbsException.Kind.FAILED_PRECONDITION,
                () -> verbs.modifyQp(
                        q,
                        new QpAttr()
                                .state(QpState.INIT)
                                .curState(QpState.RTS)
                                .pkeyIndex(0)
                                .port(1)
                                .accessFlags(Set.of())),
                "RESET");
        assertEquals(before, verbs.queryQp(q), "nothing changed");
        assertTrue(hooked.stream().noneMatch(h -> h.startsWith("modified")));

        verbs.modifyQp(q, new QpAttr().state(QpState.INIT).pkeyIndex(1).port(1).accessFlags(Set.of()));
        fails(
                VerbsException.Kind.INVALID_ARGUMENT,
                () -> verbs.modifyQp(
                        q,
                        new QpAttr()
                                .state(QpState.RTR)
                                .av(AddressVector.local(3, 0, 1))
                                .pathMtu(Mtu.MTU_1024)
                                .destQpn(9)
                                .rqPsn(0)
                                .maxDestRdAtomic(1)),
                "MIN_RNR_TIMER");
        fails(
                VerbsException.Kind.INVALID_ARGUMENT,
                () -> verbs.modifyQp(
                        q,
                        new QpAttr()
                                .state(QpState.RTR)
                                .av(AddressVector.local(3, 0, 1))
                                .pathMtu(Mtu.MTU_1024)
                                .destQpn(9)
                                .rqPsn(1 << 24)
                                .maxDestRdAtomic(1)
                                .minRnrTimer(1)),
                "rq_psn",
                "16777216");
        fails(
                VerbsException.Kind.INVALID_ARGUMENT,
                () -> verbs.modifyQp(
                        q,
                        new QpAttr()
                                .state(QpState.RTR)
                                .av(AddressVector.local(3, 0, 1))
                                .pathMtu(Mtu.MTU_1024)
                                .destQpn(9)
                                .rqPsn(0)
                                .maxDestRdAtomic(5)
                                .minRnrTimer(1)),
                "max_dest_rd_atomic",
                "0..4",
                "5");
        verbs.modifyQp(
                q,
                new QpAttr()
                        .state(QpState.RTR)
                        .av(AddressVector.local(3, 0, 1))
                        .pathMtu(Mtu.MTU_1024)
                        .destQpn(9)
                        .rqPsn(0)
                        .maxDestRdAtomic(1)
                        .minRnrTimer(1));
        fails(
                VerbsException.Kind.INVALID_ARGUMENT,
                () -> verbs.modifyQp(
                        q,
                        new QpAttr()
                                .state(QpState.RTS)
                                .sqPsn(0)
                                .timeout(32)
                                .retryCnt(7)
                                .rnrRetry(7)
                                .maxRdAtomic(1)),
                "timeout",
                "0..31",
                "32");
        fails(
                VerbsException.Kind.INVALID_ARGUMENT,
                () -> verbs.modifyQp(
                        q,
                        new QpAttr()
                                .state(QpState.RTS)
                                .sqPsn(0)
                                .timeout(1)
                                .retryCnt(8)
                                .rnrRetry(7)
                                .maxRdAtomic(1)),
                "retry_cnt",
                "8");
        verbs.modifyQp(
                q,
                new QpAttr()
                        .state(QpState.RTS)
                        .sqPsn(0)
                        .timeout(1)
                        .retryCnt(7)
                        .rnrRetry(7)
                        .maxRdAtomic(1));
        fails(
                VerbsException.Kind.INVALID_ARGUMENT,
                () -> verbs.modifyQp(q, new QpAttr().state(QpState.INIT)),
                "RTS",
                "INIT");
        verbs.modifyQp(q, new QpAttr().minRnrTimer(20));
        verbs.modifyQp(q, new QpAttr().state(QpState.SQD));
        verbs.modifyQp(q, new QpAttr().state(QpState.SQD).timeout(3).retryCnt(2));
        verbs.modifyQp(q, new QpAttr().state(QpState.RTS));
        verbs.modifyQp(q, new QpAttr().state(QpState.ERR));
        verbs.modifyQp(q, new QpAttr().state(QpState.RESET));
        QpInfo after = verbs.queryQp(q);
        assertEquals(QpState.RESET, after.state());
        assertEquals(20, after.minRnrTimer());
        assertEquals(3, after.timeout());
        assertEquals(1, after.pkeyIndex());
    }

    @Test
    void udQpsTakeAQkeyAndNoPath() {
        int q = qp(QpType.UD);
        fails(
                VerbsException.Kind.INVALID_ARGUMENT,
                () -> verbs.modifyQp(
                        q, new QpAttr().state(QpState.INIT).pkeyIndex(0).port(1).accessFlags(Set.of())),
                "QKEY");
        verbs.modifyQp(q, new QpAttr().state(QpState.INIT).pkeyIndex(0).port(1).qkey(0x11));
        verbs.modifyQp(q, new QpAttr().state(QpState.RTR));
        fails(
                VerbsException.Kind.INVALID_ARGUMENT,
                () -> verbs.modifyQp(q, new QpAttr().state(QpState.RTS).sqPsn(0).timeout(3)),
                "TIMEOUT");
        verbs.modifyQp(q, new QpAttr().state(QpState.RTS).sqPsn(0));
        assertEquals(0x11, verbs.queryQp(q).qkey());
    }

    @Test
    void postSendChecksEveryRequestBeforePostingAny() {
        int q = qp(QpType.RC);
        SendWr ok = SendWr.builder(1, WrOpcode.SEND).inline(new byte[4]).build();
        fails(VerbsException.Kind.FAILED_PRECONDITION, () -> verbs.postSend(q, List.of(ok)), "RESET", "post_send");
        toRts(q);
        hooked.clear();
        fails(
                VerbsException.Kind.INVALID_ARGUMENT,
                () -> verbs.postSend(
                        q,
                        List.of(
                                ok,
                                SendWr.builder(2, WrOpcode.SEND)
                                        .inline(new byte[17])
                                        .build())),
                "wr[1]",
                "inline",
                "16",
                "17");
        fails(
                VerbsException.Kind.INVALID_ARGUMENT,
                () -> verbs.postSend(
                        q,
                        List.of(SendWr.builder(2, WrOpcode.ATOMIC_FETCH_AND_ADD)
                                .sge(new Sge(0, 4, 1))
                                .build())),
                "8",
                "4");
        fails(
                VerbsException.Kind.INVALID_ARGUMENT,
                () -> verbs.postSend(
                        q,
                        List.of(SendWr.builder(2, WrOpcode.SEND)
                                .sge(new Sge(0, 1, 1), new Sge(0, 1, 1), new Sge(0, 1, 1))
                                .build())),
                "num_sge",
                "3");
        fails(
                VerbsException.Kind.INVALID_ARGUMENT,
                () -> verbs.postSend(
                        q,
                        List.of(SendWr.builder(2, WrOpcode.RDMA_READ)
                                .inline(new byte[1])
                                .build())),
                "inline");
        fails(
                VerbsException.Kind.RESOURCE_EXHAUSTED,
                () -> verbs.postSend(q, List.of(ok, ok, ok)),
                "max_send_wr",
                "2",
                "3");
        assertTrue(hooked.isEmpty(), "nothing was posted");
        assertEquals(0, verbs.findQp(q).sendQueue().depth());
        verbs.postSend(q, List.of(ok, ok));
        assertEquals(2, verbs.findQp(q).sendQueue().depth());
        fails(VerbsException.Kind.RESOURCE_EXHAUSTED, () -> verbs.postSend(q, List.of(ok)), "max_send_wr");
    }

    @Test
    void onlyAUdQpAttachesAndOnlyToAMulticastGroup() {
        Gid group = new Gid(0xFF12_401B_FFFF_0000L, 0xFFFF_FFFFL);
        int ud = qp(QpType.UD);
        fails(VerbsException.Kind.INVALID_ARGUMENT, () -> verbs.attachMcast(qp(QpType.RC), group, 0xC000), "UD");
        fails(VerbsException.Kind.INVALID_ARGUMENT, () -> verbs.attachMcast(ud, group, 0x0010), "mlid 0x0010");
        fails(
                VerbsException.Kind.INVALID_ARGUMENT,
                () -> verbs.attachMcast(ud, new Gid(0xFE80_0000_0000_0000L, 1), 0xC000),
                "not a multicast GID");
        verbs.attachMcast(ud, group, 0xC000);
        assertEquals(Set.of(ud), verbs.attachments().qps(0xC000, group));
        verbs.detachMcast(ud, group, 0xC000);
        assertEquals(Set.of(), verbs.attachments().qps(0xC000, group));
        fails(VerbsException.Kind.INVALID_ARGUMENT, () -> verbs.detachMcast(ud, group, 0xC000), "not attached");
        verbs.attachMcast(ud, group, 0xC000);
        verbs.destroyQp(ud);
        assertEquals(Set.of(), verbs.attachments().qps(0xC000, group), "a destroyed QP leaves its groups");
    }

    @Test
    void udAndUcRefuseOpcodesTheyDoNotCarry() {
        int ud = qp(QpType.UD);
        verbs.modifyQp(ud, new QpAttr().state(QpState.INIT).pkeyIndex(0).port(1).qkey(1));
        verbs.modifyQp(ud, new QpAttr().state(QpState.RTR));
        verbs.modifyQp(ud, new QpAttr().state(QpState.RTS).sqPsn(0));
        fails(
                VerbsException.Kind.INVALID_ARGUMENT,
                () -> verbs.postSend(
                        ud,
                        List.of(SendWr.builder(1, WrOpcode.RDMA_WRITE)
                                .inline(new byte[1])
                                .build())),
                "RDMA_WRITE",
                "UD");
        fails(
                VerbsException.Kind.INVALID_ARGUMENT,
                () -> verbs.postSend(
                        ud,
                        List.of(SendWr.builder(1, WrOpcode.SEND)
                                .inline(new byte[1])
                                .build())),
                "wr.ud");
        assertTrue(!WrOpcode.allowedOn(QpType.UC).contains(WrOpcode.RDMA_READ));
        assertTrue(!WrOpcode.allowedOn(QpType.UC).contains(WrOpcode.SEND_WITH_INV));
    }

    @Test
    void postRecvNeedsAQpOutOfReset() {
        int q = qp(QpType.RC);
        RecvWr wr = new RecvWr(1, List.of(new Sge(0, 8, 1)));
        fails(VerbsException.Kind.FAILED_PRECONDITION, () -> verbs.postRecv(q, List.of(wr)), "RESET");
        verbs.modifyQp(q, new QpAttr().state(QpState.INIT).pkeyIndex(0).port(1).accessFlags(Set.of()));
        fails(VerbsException.Kind.RESOURCE_EXHAUSTED, () -> verbs.postRecv(q, List.of(wr, wr, wr)), "max_recv_wr");
        verbs.postRecv(q, List.of(wr, wr));
        assertEquals(2, verbs.findQp(q).recvQueue().depth());
    }

    @Test
    void aCqThatOverrunsFailsItsPolls() {
        int q = qp(QpType.RC);
        CompletionQueue c = verbs.findQp(q).sendCq();
        for (int i = 0; i < 4; i++) {
            assertTrue(c.push(WorkCompletion.send(i, WcStatus.SUCCESS, WcOpcode.SEND, q, 0)));
        }
        assertEquals(
                List.of(0L, 1L),
                verbs.pollCq(cq, 2).stream().map(WorkCompletion::wrId).toList());
        fails(VerbsException.Kind.INVALID_ARGUMENT, () -> verbs.pollCq(cq, 0), "num_entries");
        assertTrue(c.push(WorkCompletion.send(4, WcStatus.SUCCESS, WcOpcode.SEND, q, 0)));
        assertTrue(c.push(WorkCompletion.send(5, WcStatus.SUCCESS, WcOpcode.SEND, q, 0)));
        assertTrue(!c.push(WorkCompletion.send(6, WcStatus.SUCCESS, WcOpcode.SEND, q, 0)));
        fails(VerbsException.Kind.FAILED_PRECONDITION, () -> verbs.pollCq(cq, 10), "overran", "4");
    }

    @Test
    void enumsCarryTheLibibverbsValues() {
        assertEquals(13, WcStatus.RNR_RETRY_EXC_ERR.code());
        assertEquals(5, WcStatus.WR_FLUSH_ERR.code());
        assertEquals(129, WcOpcode.RECV_RDMA_WITH_IMM.code());
        assertEquals(9, WrOpcode.SEND_WITH_INV.code());
        assertEquals(8, Access.REMOTE_ATOMIC.bit());
    }
}
