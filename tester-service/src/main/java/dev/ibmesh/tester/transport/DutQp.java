package dev.ibmesh.tester.transport;

import com.google.protobuf.ByteString;
import dev.ibmesh.proto.verbs.v1.AccessFlag;
import dev.ibmesh.proto.verbs.v1.AllocPdRequest;
import dev.ibmesh.proto.verbs.v1.CreateCqRequest;
import dev.ibmesh.proto.verbs.v1.CreateQpRequest;
import dev.ibmesh.proto.verbs.v1.DestroyQpRequest;
import dev.ibmesh.proto.verbs.v1.ModifyQpRequest;
import dev.ibmesh.proto.verbs.v1.PollCqRequest;
import dev.ibmesh.proto.verbs.v1.PostRecvRequest;
import dev.ibmesh.proto.verbs.v1.PostSendRequest;
import dev.ibmesh.proto.verbs.v1.QpAttr;
import dev.ibmesh.proto.verbs.v1.QpCap;
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
import java.time.Duration;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * A QP the Transport Tester has the DUT create through its verbs, with its PD, CQ and one registered region: what
 * every channel (the CTS's {@code ChannelContext_t}) shares, whatever its transport. The tester's end is no QP at all
 * but the QP number {@link #TESTER_QPN} and the bookkeeping the procedure does itself.
 */
public abstract class DutQp {
    /** The tester end's QP number: any 24-bit value but the reserved 0, 1 and 0xFFFFFF. */
    public static final int TESTER_QPN = 0x00_0B_C1;
    /** The DUT's registered region: where the CTS procedures point RDMA and atomics ("VA = 0x999000"). */
    public static final long MR_ADDRESS = 0x999000L;

    static final int PKEY = 0xFFFF;
    static final int ALL_ACCESS = AccessFlag.LOCAL_WRITE_VALUE
            | AccessFlag.REMOTE_WRITE_VALUE
            | AccessFlag.REMOTE_READ_VALUE
            | AccessFlag.REMOTE_ATOMIC_VALUE;
    /** Between two polls of the DUT's CQ: often enough to see a completion promptly, rarely enough to stay cheap. */
    private static final long POLL_INTERVAL_NANOS = 500_000;

    final DutVerbs dut;
    final int testerLid;
    final int dutLid;
    private final int pd;
    private final int cq;
    private final int dutQpn;
    private RegMrResponse mr;

    /** A PD, a CQ and a QP of {@code type} on the DUT, in Reset. */
    DutQp(DutVerbs dut, int testerLid, int dutLid, QpType type) {
        this.dut = dut;
        this.testerLid = testerLid;
        this.dutLid = dutLid;
        this.pd = dut.call("AllocPd", s -> s.allocPd(AllocPdRequest.getDefaultInstance()))
                .getPdHandle();
        this.cq = dut.call(
                        "CreateCq",
                        s -> s.createCq(CreateCqRequest.newBuilder().setCqe(64).build()))
                .getCqHandle();
        this.dutQpn = dut.call(
                        "CreateQp",
                        s -> s.createQp(CreateQpRequest.newBuilder()
                                .setPdHandle(pd)
                                .setSendCqHandle(cq)
                                .setRecvCqHandle(cq)
                                .setQpType(type)
                                .setCap(QpCap.newBuilder()
                                        .setMaxSendWr(16)
                                        .setMaxRecvWr(16)
                                        .setMaxSendSge(1)
                                        .setMaxRecvSge(1))
                                .setSqSigAll(true)
                                .build()))
                .getQpNum();
    }

    public final int dutQpn() {
        return dutQpn;
    }

    /** The DUT's QP attributes now (state, PSNs). */
    public final QpAttr queryDutQp() {
        return dut.call(
                "QueryQp",
                s -> s.queryQp(QueryQpRequest.newBuilder().setQpNum(dutQpn).build()));
    }

    /** Registers a region of {@code length} bytes on the DUT at {@link #MR_ADDRESS} with every access right. */
    public final RegMrResponse registerMemory(long length, byte[] initial) {
        if (length <= 0) {
            throw new IllegalArgumentException("the DUT's region must not be empty");
        }
        mr = dut.call(
                "RegMr",
                s -> s.regMr(RegMrRequest.newBuilder()
                        .setPdHandle(pd)
                        .setAddr(MR_ADDRESS)
                        .setLength(length)
                        .setAccessFlags(ALL_ACCESS)
                        .setInitial(ByteString.copyFrom(initial))
                        .build()));
        return mr;
    }

    /** The DUT's region's bytes at {@code addr}. */
    public final byte[] readDutMemory(long addr, int length) {
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
    public final void postSend(SendWr... wrs) {
        dut.call(
                "PostSend",
                s -> s.postSend(PostSendRequest.newBuilder()
                        .setQpNum(dutQpn)
                        .addAllWr(List.of(wrs))
                        .build()));
    }

    /** The DUT posts {@code count} receive WRs of {@code length} bytes each in its region (ibv_post_recv). */
    public final void postReceives(int count, int length) {
        requireMemory();
        PostRecvRequest.Builder r = PostRecvRequest.newBuilder().setQpNum(dutQpn);
        for (int i = 0; i < count; i++) {
            r.addWr(RecvWr.newBuilder().setWrId(i).addSgList(sge(MR_ADDRESS + (long) i * length, length)));
        }
        dut.call("PostRecv", s -> s.postRecv(r.build()));
    }

    /** A send WR of the DUT whose data is {@code length} bytes at {@code offset} of its region. */
    public final SendWr.Builder sendWr(long wrId, int offset, int length) {
        requireMemory();
        return SendWr.newBuilder().setWrId(wrId).setSignaled(true).addSgList(sge(MR_ADDRESS + offset, length));
    }

    /** Up to {@code max} completions of the DUT's CQ (ibv_poll_cq): what is there now, maybe none. */
    public final List<WorkCompletion> pollDut(int max) {
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
    public final WorkCompletion awaitCompletion(String assertions, Duration within) {
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

    /** The DUT's next work completion within {@code window}, or none: for a completion that must not come. */
    public final List<WorkCompletion> completionsWithin(String assertions, Duration window) {
        try {
            return List.of(awaitCompletion(assertions, window));
        } catch (DutSilent none) {
            return List.of();
        }
    }

    /** Close the channel: destroys the DUT's QP (which flushes what is left). */
    public final void close() {
        dut.call(
                "DestroyQp",
                s -> s.destroyQp(DestroyQpRequest.newBuilder().setQpNum(dutQpn).build()));
    }

    final void modify(String what, QpAttr.Builder attr) {
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
    }
}
