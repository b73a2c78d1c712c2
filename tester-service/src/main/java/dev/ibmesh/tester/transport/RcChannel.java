package dev.ibmesh.tester.transport;

import dev.ibmesh.proto.verbs.v1.AccessFlag;
import dev.ibmesh.proto.verbs.v1.AhAttr;
import dev.ibmesh.proto.verbs.v1.AllocPdRequest;
import dev.ibmesh.proto.verbs.v1.CreateCqRequest;
import dev.ibmesh.proto.verbs.v1.CreateQpRequest;
import dev.ibmesh.proto.verbs.v1.DestroyQpRequest;
import dev.ibmesh.proto.verbs.v1.ModifyQpRequest;
import dev.ibmesh.proto.verbs.v1.Mtu;
import dev.ibmesh.proto.verbs.v1.PollCqRequest;
import dev.ibmesh.proto.verbs.v1.PostRecvRequest;
import dev.ibmesh.proto.verbs.v1.PostSendRequest;
import dev.ibmesh.proto.verbs.v1.QpAttr;
import dev.ibmesh.proto.verbs.v1.QpCap;
import dev.ibmesh.proto.verbs.v1.QpState;
import dev.ibmesh.proto.verbs.v1.QpType;
import dev.ibmesh.proto.verbs.v1.QueryQpRequest;
import dev.ibmesh.proto.verbs.v1.ReadMemoryRequest;
import dev.ibmesh.proto.verbs.v1.RecvWr;
import dev.ibmesh.proto.verbs.v1.RegMrRequest;
import dev.ibmesh.proto.verbs.v1.RegMrResponse;
import dev.ibmesh.proto.verbs.v1.SendWr;
import dev.ibmesh.proto.verbs.v1.Sge;
import dev.ibmesh.proto.verbs.v1.WorkCompletion;
import dev.ibmesh.tester.engine.DutSilent;
import dev.ibmesh.wire.Aeth;
import dev.ibmesh.wire.AtomicAckEth;
import dev.ibmesh.wire.Bth;
import dev.ibmesh.wire.ExtHeader;
import dev.ibmesh.wire.Lrh;
import dev.ibmesh.wire.OpCode;
import dev.ibmesh.wire.PacketBuilder;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * One RC connection between the Transport Tester and the DUT (the CTS's {@code ChannelContext_t}): the DUT's QP,
 * created and connected through its verbs, and the tester's end, which is no QP at all but a QP number and the PSN
 * bookkeeping the procedure does itself, so it can answer each packet as it likes.
 *
 * <p>Packets the tester builds carry the channel's addressing (LRH tester LID to DUT LID on SL 0 / VL 0, BTH P_Key
 * 0xFFFF to the DUT's QP) and correct CRCs; procedures that want a broken one use {@link PacketBuilder} directly.
 */
public final class RcChannel {
    /** The tester end's QP number: any 24-bit value but the reserved 0, 1 and 0xFFFFFF. */
    public static final int TESTER_QPN = 0x00_0B_C1;
    /** The PSN the DUT's requester starts at (its sq_psn) and the tester's requests start at (the DUT's rq_psn). */
    public static final int DUT_START_PSN = 0x00_10_00;

    public static final int TESTER_START_PSN = 0x00_20_00;
    /** The DUT's registered region: where the CTS procedures point RDMA and atomics ("VA = 0x999000"). */
    public static final long MR_ADDRESS = 0x999000L;

    private static final int PKEY = 0xFFFF;
    /** Between two polls of the DUT's CQ: often enough to see a completion promptly, rarely enough to stay cheap. */
    private static final long POLL_INTERVAL_NANOS = 500_000;

    private static final int ALL_ACCESS = AccessFlag.LOCAL_WRITE_VALUE
            | AccessFlag.REMOTE_WRITE_VALUE
            | AccessFlag.REMOTE_READ_VALUE
            | AccessFlag.REMOTE_ATOMIC_VALUE;

    private final DutVerbs dut;
    private final int testerLid;
    private final int dutLid;
    private final int pd;
    private final int cq;
    private final int dutQpn;
    private final Mtu pmtu;
    private RegMrResponse mr;
    private long mrLength;

    private RcChannel(DutVerbs dut, int testerLid, int dutLid, int pd, int cq, int dutQpn, Mtu pmtu) {
        this.dut = dut;
        this.testerLid = testerLid;
        this.dutLid = dutLid;
        this.pd = pd;
        this.cq = cq;
        this.dutQpn = dutQpn;
        this.pmtu = pmtu;
    }

    /**
     * OpenRcChannel: a PD, a CQ and an RC QP on the DUT's port 1, moved through INIT and RTR to RTS towards the
     * tester's QP number, with {@code options}.
     */
    static RcChannel open(DutVerbs dut, int testerLid, int dutLid, Mtu pmtu, RcChannelOptions options) {
        int pd = dut.call("AllocPd", s -> s.allocPd(AllocPdRequest.getDefaultInstance()))
                .getPdHandle();
        int cq = dut.call(
                        "CreateCq",
                        s -> s.createCq(CreateCqRequest.newBuilder().setCqe(64).build()))
                .getCqHandle();
        int qpn = dut.call(
                        "CreateQp",
                        s -> s.createQp(CreateQpRequest.newBuilder()
                                .setPdHandle(pd)
                                .setSendCqHandle(cq)
                                .setRecvCqHandle(cq)
                                .setQpType(QpType.RC)
                                .setCap(QpCap.newBuilder()
                                        .setMaxSendWr(16)
                                        .setMaxRecvWr(16)
                                        .setMaxSendSge(1)
                                        .setMaxRecvSge(1))
                                .setSqSigAll(true)
                                .build()))
                .getQpNum();
        RcChannel c = new RcChannel(dut, testerLid, dutLid, pd, cq, qpn, pmtu);
        c.modify(
                "to INIT",
                QpAttr.newBuilder()
                        .setQpState(QpState.INIT)
                        .setPkeyIndex(0)
                        .setPortNum(1)
                        .setQpAccessFlags(ALL_ACCESS));
        c.modify(
                "to RTR",
                QpAttr.newBuilder()
                        .setQpState(QpState.RTR)
                        .setPathMtu(pmtu)
                        .setDestQpNum(TESTER_QPN)
                        .setRqPsn(TESTER_START_PSN)
                        .setMaxDestRdAtomic(options.maxDestRdAtomic())
                        .setMinRnrTimer(options.minRnrTimer())
                        .setAhAttr(AhAttr.newBuilder().setDlid(testerLid).setPortNum(1)));
        c.modify(
                "to RTS",
                QpAttr.newBuilder()
                        .setQpState(QpState.RTS)
                        .setSqPsn(DUT_START_PSN)
                        .setTimeout(options.ackTimeout())
                        .setRetryCnt(options.retryCount())
                        .setRnrRetry(options.rnrRetry())
                        .setMaxRdAtomic(options.maxRdAtomic()));
        return c;
    }

    public int dutQpn() {
        return dutQpn;
    }

    /** The path MTU in bytes (CC.PMTU). */
    public int pmtuBytes() {
        return 128 << pmtu.getNumber();
    }

    /** The DUT's QP attributes now (state, PSNs). */
    public QpAttr queryDutQp() {
        return dut.call(
                "QueryQp",
                s -> s.queryQp(QueryQpRequest.newBuilder().setQpNum(dutQpn).build()));
    }

    /** Registers a region of {@code length} bytes on the DUT at {@link #MR_ADDRESS} with every access right. */
    public RegMrResponse registerMemory(long length, byte[] initial) {
        mr = dut.call(
                "RegMr",
                s -> s.regMr(RegMrRequest.newBuilder()
                        .setPdHandle(pd)
                        .setAddr(MR_ADDRESS)
                        .setLength(length)
                        .setAccessFlags(ALL_ACCESS)
                        .setInitial(com.google.protobuf.ByteString.copyFrom(initial))
                        .build()));
        mrLength = length;
        return mr;
    }

    /** The DUT's region's bytes at {@code addr}. */
    public byte[] readDutMemory(long addr, int length) {
        requireMemory();
        return dut.call(
                        "ReadMemory",
                        s -> s.readMemory(ReadMemoryRequest.newBuilder()
                                .setLkey(mr.getLkey())
                                .setAddr(addr)
                                .setLength(length)
                                .build()))
                .getData()
                .toByteArray();
    }

    /** The DUT posts these send work requests (ibv_post_send). */
    public void postSend(SendWr... wrs) {
        dut.call(
                "PostSend",
                s -> s.postSend(PostSendRequest.newBuilder()
                        .setQpNum(dutQpn)
                        .addAllWr(List.of(wrs))
                        .build()));
    }

    /** The DUT posts {@code count} receive WRs of {@code length} bytes each in its region (ibv_post_recv). */
    public void postReceives(int count, int length) {
        requireMemory();
        PostRecvRequest.Builder r = PostRecvRequest.newBuilder().setQpNum(dutQpn);
        for (int i = 0; i < count; i++) {
            r.addWr(RecvWr.newBuilder().setWrId(i).addSgList(sge(MR_ADDRESS + (long) i * length, length)));
        }
        dut.call("PostRecv", s -> s.postRecv(r.build()));
    }

    /** A send WR of the DUT whose data is {@code length} bytes at {@code offset} of its region. */
    public SendWr.Builder sendWr(long wrId, int offset, int length) {
        requireMemory();
        return SendWr.newBuilder().setWrId(wrId).setSignaled(true).addSgList(sge(MR_ADDRESS + offset, length));
    }

    /** Up to {@code max} completions of the DUT's CQ (ibv_poll_cq): what is there now, maybe none. */
    public List<WorkCompletion> pollDut(int max) {
        return dut.call(
                        "PollCq",
                        s -> s.pollCq(PollCqRequest.newBuilder()
                                .setCqHandle(cq)
                                .setNumEntries(max)
                                .build()))
                .getWcList();
    }

    /**
     * The DUT's next work completion, polling its CQ as an application does until {@code within} has passed (the DUT
     * completes a WQE on its own time).
     *
     * @throws DutSilent with {@code assertions} when none came
     */
    public WorkCompletion awaitCompletion(String assertions, Duration within) {
        long deadline = System.nanoTime() + within.toNanos();
        while (true) {
            List<WorkCompletion> wcs = pollDut(1);
            if (!wcs.isEmpty()) {
                return wcs.get(0);
            }
            if (System.nanoTime() - deadline > 0) {
                throw new DutSilent(assertions, "work completion within " + within.toMillis() + " ms");
            }
            LockSupport.parkNanos(POLL_INTERVAL_NANOS);
        }
    }

    /** CloseRcChannel: destroys the DUT's QP (which flushes what is left). */
    public void close() {
        dut.call(
                "DestroyQp",
                s -> s.destroyQp(DestroyQpRequest.newBuilder().setQpNum(dutQpn).build()));
    }

    // ---- packets from the tester to the DUT ----

    /** An ACK for {@code psn} with {@code msn} and an invalid credit count (no end-to-end credits advertised). */
    public byte[] ack(int psn, int msn) {
        return packet(OpCode.RC_ACKNOWLEDGE, psn, false, new byte[0], Aeth.ack(Aeth.CREDIT_CODE_INVALID, msn));
    }

    /** An RNR NAK for {@code psn} asking the requester to wait at least the time of {@code timerCode}. */
    public byte[] rnrNak(int psn, int msn, int timerCode) {
        return packet(OpCode.RC_ACKNOWLEDGE, psn, false, new byte[0], Aeth.rnrNak(timerCode, msn));
    }

    /** A NAK for {@code psn} with NAK code {@code code} (Aeth.NAK_*). */
    public byte[] nak(int psn, int msn, int code) {
        return packet(OpCode.RC_ACKNOWLEDGE, psn, false, new byte[0], Aeth.nak(code, msn));
    }

    /** An Atomic ACK for {@code psn} carrying the original remote data. */
    public byte[] atomicAck(int psn, int msn, long original) {
        return packet(
                OpCode.RC_ATOMIC_ACKNOWLEDGE,
                psn,
                false,
                new byte[0],
                Aeth.ack(Aeth.CREDIT_CODE_INVALID, msn),
                new AtomicAckEth(original));
    }

    /** A request or response of any opcode from the tester's QP, with these extended headers and payload. */
    public byte[] packet(OpCode op, int psn, boolean ackReq, byte[] payload, ExtHeader... headers) {
        return PacketBuilder.iba(
                        Lrh.of(0, 0, Lrh.LNH_IBA_LOCAL, dutLid, testerLid), Bth.of(op, PKEY, dutQpn, ackReq, psn))
                .headers(headers)
                .payload(payload)
                .build();
    }

    private void modify(String what, QpAttr.Builder attr) {
        dut.call(
                "ModifyQp " + what,
                s -> s.modifyQp(ModifyQpRequest.newBuilder()
                        .setQpNum(dutQpn)
                        .setAttr(attr)
                        .build()));
    }

    private Sge sge(long addr, int length) {
        return Sge.newBuilder()
                .setAddr(addr)
                .setLength(length)
                .setLkey(mr.getLkey())
                .build();
    }

    private void requireMemory() {
        if (mr == null) {
            throw new IllegalStateException("register the DUT's memory first (registerMemory)");
        }
        if (mrLength <= 0) {
            throw new IllegalStateException("the DUT's region is empty");
        }
    }
}
