package dev.ibmesh.device.hca.grpc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.ByteString;
import dev.ibmesh.proto.verbs.v1.AhAttr;
import dev.ibmesh.proto.verbs.v1.AllocPdRequest;
import dev.ibmesh.proto.verbs.v1.CreateCqRequest;
import dev.ibmesh.proto.verbs.v1.CreateQpRequest;
import dev.ibmesh.proto.verbs.v1.CreateQpResponse;
import dev.ibmesh.proto.verbs.v1.DeallocPdRequest;
import dev.ibmesh.proto.verbs.v1.DeregMrRequest;
import dev.ibmesh.proto.verbs.v1.DestroyCqRequest;
import dev.ibmesh.proto.verbs.v1.DestroyQpRequest;
import dev.ibmesh.proto.verbs.v1.DeviceAttr;
import dev.ibmesh.proto.verbs.v1.Gid;
import dev.ibmesh.proto.verbs.v1.ModifyQpRequest;
import dev.ibmesh.proto.verbs.v1.Mtu;
import dev.ibmesh.proto.verbs.v1.PollCqRequest;
import dev.ibmesh.proto.verbs.v1.PortAttr;
import dev.ibmesh.proto.verbs.v1.PortState;
import dev.ibmesh.proto.verbs.v1.PostRecvRequest;
import dev.ibmesh.proto.verbs.v1.PostSendRequest;
import dev.ibmesh.proto.verbs.v1.QpAttr;
import dev.ibmesh.proto.verbs.v1.QpCap;
import dev.ibmesh.proto.verbs.v1.QpState;
import dev.ibmesh.proto.verbs.v1.QpType;
import dev.ibmesh.proto.verbs.v1.QueryDeviceRequest;
import dev.ibmesh.proto.verbs.v1.QueryGidRequest;
import dev.ibmesh.proto.verbs.v1.QueryPortRequest;
import dev.ibmesh.proto.verbs.v1.QueryQpRequest;
import dev.ibmesh.proto.verbs.v1.ReadMemoryRequest;
import dev.ibmesh.proto.verbs.v1.RecvWr;
import dev.ibmesh.proto.verbs.v1.RegMrRequest;
import dev.ibmesh.proto.verbs.v1.RegMrResponse;
import dev.ibmesh.proto.verbs.v1.SendWr;
import dev.ibmesh.proto.verbs.v1.Sge;
import dev.ibmesh.proto.verbs.v1.VerbsGrpc.VerbsBlockingStub;
import dev.ibmesh.proto.verbs.v1.WatchCompletionsRequest;
import dev.ibmesh.proto.verbs.v1.WcOpcode;
import dev.ibmesh.proto.verbs.v1.WcStatus;
import dev.ibmesh.proto.verbs.v1.WorkCompletion;
import dev.ibmesh.proto.verbs.v1.WrOpcode;
import dev.ibmesh.proto.verbs.v1.WriteMemoryRequest;
import io.grpc.Context;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** Every verb over real gRPC (in-process) between two HCA transports on one event loop. */
class VerbsServiceTest {
    private static final long VA = 0x10000;
    private static final int MR_LEN = 1 << 16;
    private static final int ALL_ACCESS = 0xF;

    private GrpcHcaPair pair;

    /** One side's PD, CQ, MR and RC QP. */
    private record Res(VerbsBlockingStub v, int pd, int cq, int lkey, int rkey, int qpn) {}

    @BeforeEach
    void start() throws Exception {
        pair = new GrpcHcaPair();
    }

    @AfterEach
    void stop() throws Exception {
        pair.close();
    }

    @Test
    void queryDeviceAndPortReportLimitsIdentityAndPortInfo() {
        VerbsBlockingStub v = pair.a.stub;
        DeviceAttr d = v.queryDevice(QueryDeviceRequest.getDefaultInstance());
        assertEquals(pair.a.nodeGuid(), d.getNodeGuid());
        assertEquals(0x02C9, d.getVendorId());
        assertEquals(1, d.getPhysPortCnt());
        assertEquals(GrpcHcaPair.LIMITS.maxQp(), d.getMaxQp());
        assertEquals(GrpcHcaPair.LIMITS.maxCqe(), d.getMaxCqe());
        assertEquals(GrpcHcaPair.LIMITS.maxMrSize(), d.getMaxMrSize());
        assertEquals("hca A", d.getNodeDesc());

        PortAttr p = v.queryPort(QueryPortRequest.newBuilder().setPortNum(1).build());
        assertEquals(PortState.PORT_ACTIVE, p.getState());
        assertEquals(Mtu.MTU_4096, p.getActiveMtu());
        assertEquals(Mtu.MTU_4096, p.getMaxMtu());
        assertEquals(1, p.getLid());
        assertEquals(1, p.getSmLid());
        assertEquals(3, p.getSmSl());
        assertEquals(2, p.getPkeyTblLen());
        assertEquals(2, p.getActiveWidth());
        assertEquals(4, p.getActiveSpeed());
        assertEquals(5, p.getPhysState());
        assertEquals(0x0251086A, p.getPortCapFlags());
        assertEquals(pair.a.portGuid(1), p.getPortGuid());

        expect(
                Status.Code.INVALID_ARGUMENT,
                "port_num must be 1..1, was 2",
                () -> v.queryPort(QueryPortRequest.newBuilder().setPortNum(2).build()));
    }

    @Test
    void rdmaWriteAndReadLandInRegisteredMemory() {
        Res a = resources(pair.a, 16);
        Res b = resources(pair.b, 16);
        connect(a, b, pair.b.lid);
        connect(b, a, pair.a.lid);
        byte[] data = pattern(10_000, 7);
        write(a, 0, data);

        a.v.postSend(send(
                a,
                SendWr.newBuilder()
                        .setWrId(1)
                        .setOpcode(WrOpcode.RDMA_WRITE)
                        .addSgList(sge(a, 0, data.length))
                        .setRemoteAddr(VA + 100)
                        .setRkey(b.rkey)
                        .setSignaled(true)));
        WorkCompletion wc = poll(a, 1).get(0);
        assertEquals(WcStatus.SUCCESS, wc.getStatus());
        assertEquals(WcOpcode.WC_RDMA_WRITE, wc.getOpcode());
        assertArrayEquals(data, read(b, 100, data.length));

        a.v.postSend(send(
                a,
                SendWr.newBuilder()
                        .setWrId(2)
                        .setOpcode(WrOpcode.RDMA_READ)
                        .addSgList(sge(a, 20_000, 5000))
                        .setRemoteAddr(VA + 200)
                        .setRkey(b.rkey)
                        .setSignaled(true)));
        wc = poll(a, 1).get(0);
        assertEquals(WcStatus.SUCCESS, wc.getStatus());
        assertEquals(WcOpcode.WC_RDMA_READ, wc.getOpcode());
        assertEquals(5000, wc.getByteLen());
        byte[] expected = new byte[5000];
        System.arraycopy(data, 100, expected, 0, 5000);
        assertArrayEquals(expected, read(a, 20_000, 5000));
    }

    @Test
    void atomicsChangeRemoteMemoryAndReturnTheOriginal() {
        Res a = resources(pair.a, 16);
        Res b = resources(pair.b, 16);
        connect(a, b, pair.b.lid);
        connect(b, a, pair.a.lid);
        write(b, 64, le(5));

        a.v.postSend(send(
                a,
                SendWr.newBuilder()
                        .setWrId(1)
                        .setOpcode(WrOpcode.ATOMIC_FETCH_AND_ADD)
                        .addSgList(sge(a, 0, 8))
                        .setRemoteAddr(VA + 64)
                        .setRkey(b.rkey)
                        .setCompareAdd(10)
                        .setSignaled(true)));
        WorkCompletion wc = poll(a, 1).get(0);
        assertEquals(WcStatus.SUCCESS, wc.getStatus());
        assertEquals(WcOpcode.WC_FETCH_ADD, wc.getOpcode());
        assertArrayEquals(le(5), read(a, 0, 8));
        assertArrayEquals(le(15), read(b, 64, 8));

        a.v.postSend(send(
                a,
                SendWr.newBuilder()
                        .setWrId(2)
                        .setOpcode(WrOpcode.ATOMIC_CMP_AND_SWP)
                        .addSgList(sge(a, 8, 8))
                        .setRemoteAddr(VA + 64)
                        .setRkey(b.rkey)
                        .setCompareAdd(15)
                        .setSwap(99)
                        .setSignaled(true)));
        wc = poll(a, 1).get(0);
        assertEquals(WcOpcode.WC_COMP_SWAP, wc.getOpcode());
        assertArrayEquals(le(15), read(a, 8, 8));
        assertArrayEquals(le(99), read(b, 64, 8));

        a.v.postSend(send(
                a,
                SendWr.newBuilder()
                        .setWrId(3)
                        .setOpcode(WrOpcode.ATOMIC_CMP_AND_SWP)
                        .addSgList(sge(a, 16, 8))
                        .setRemoteAddr(VA + 64)
                        .setRkey(b.rkey)
                        .setCompareAdd(15)
                        .setSwap(1)
                        .setSignaled(true)));
        poll(a, 1);
        assertArrayEquals(le(99), read(a, 16, 8), "a failed compare returns the original");
        assertArrayEquals(le(99), read(b, 64, 8), "and leaves memory alone");
    }

    @Test
    void sendAndReceiveCompleteOnBothSides() {
        Res a = resources(pair.a, 16);
        Res b = resources(pair.b, 16);
        connect(a, b, pair.b.lid);
        connect(b, a, pair.a.lid);
        b.v.postRecv(PostRecvRequest.newBuilder()
                .setQpNum(b.qpn)
                .addWr(RecvWr.newBuilder().setWrId(77).addSgList(sge(b, 1000, 256)))
                .build());
        byte[] msg = pattern(40, 3);

        a.v.postSend(send(
                a,
                SendWr.newBuilder()
                        .setWrId(5)
                        .setOpcode(WrOpcode.SEND_WITH_IMM)
                        .setInline(true)
                        .setInlineData(ByteString.copyFrom(msg))
                        .setImmData(0xCAFE)
                        .setSignaled(true)));

        WorkCompletion sent = poll(a, 1).get(0);
        assertEquals(5, sent.getWrId());
        assertEquals(WcStatus.SUCCESS, sent.getStatus());
        assertEquals(WcOpcode.WC_SEND, sent.getOpcode());
        WorkCompletion got = poll(b, 1).get(0);
        assertEquals(77, got.getWrId());
        assertEquals(WcStatus.SUCCESS, got.getStatus());
        assertEquals(WcOpcode.WC_RECV, got.getOpcode());
        assertEquals(40, got.getByteLen());
        assertTrue(got.hasImmData());
        assertEquals(0xCAFE, got.getImmData());
        assertFalse(got.hasInvalidatedRkey());
        assertEquals(a.qpn, got.getSrcQp());
        assertEquals(b.qpn, got.getQpNum());
        assertEquals(pair.a.lid, got.getSlid());
        assertArrayEquals(msg, read(b, 1000, 40));
    }

    @Test
    void everyObjectIsCreatedQueriedAndDestroyed() {
        Res a = resources(pair.a, 16);
        Res b = resources(pair.b, 16);
        QpAttr fresh = a.v.queryQp(QueryQpRequest.newBuilder().setQpNum(a.qpn).build());
        assertEquals(QpState.RESET, fresh.getQpState());
        assertEquals(16, fresh.getCap().getMaxSendWr());
        assertFalse(fresh.hasAhAttr());
        connect(a, b, pair.b.lid);

        QpAttr q = a.v.queryQp(QueryQpRequest.newBuilder().setQpNum(a.qpn).build());
        assertEquals(QpState.RTS, q.getQpState());
        assertEquals(Mtu.MTU_4096, q.getPathMtu());
        assertEquals(b.qpn, q.getDestQpNum());
        assertEquals(pair.b.lid, q.getAhAttr().getDlid());
        assertEquals(ALL_ACCESS & ~1, q.getQpAccessFlags());
        assertEquals(14, q.getTimeout());
        assertEquals(7, q.getRnrRetry());
        assertEquals(12, q.getMinRnrTimer());
        assertEquals(4, q.getMaxDestRdAtomic());

        a.v.modifyQp(modify(a.qpn, QpAttr.newBuilder().setQpState(QpState.ERR)));
        assertEquals(
                QpState.ERR,
                a.v.queryQp(QueryQpRequest.newBuilder().setQpNum(a.qpn).build()).getQpState());
        a.v.destroyQp(DestroyQpRequest.newBuilder().setQpNum(a.qpn).build());
        a.v.destroyCq(DestroyCqRequest.newBuilder().setCqHandle(a.cq).build());
        a.v.deregMr(DeregMrRequest.newBuilder().setLkey(a.lkey).build());
        a.v.deallocPd(DeallocPdRequest.newBuilder().setPdHandle(a.pd).build());

        expect(
                Status.Code.NOT_FOUND,
                "QP " + a.qpn,
                () -> a.v.queryQp(QueryQpRequest.newBuilder().setQpNum(a.qpn).build()));
        expect(Status.Code.NOT_FOUND, "CQ " + a.cq, () -> a.v.pollCq(pollReq(a.cq, 1)));
        expect(Status.Code.NOT_FOUND, "lkey", () -> a.v.readMemory(readReq(a.lkey, VA, 8)));
        expect(
                Status.Code.NOT_FOUND,
                "PD " + a.pd,
                () -> a.v.deallocPd(
                        DeallocPdRequest.newBuilder().setPdHandle(a.pd).build()));
    }

    @Test
    void unknownHandlesAreNotFoundAndChangeNothing() {
        Res a = resources(pair.a, 16);
        VerbsBlockingStub v = a.v;
        expect(
                Status.Code.NOT_FOUND,
                "PD 99",
                () -> v.deallocPd(DeallocPdRequest.newBuilder().setPdHandle(99).build()));
        expect(
                Status.Code.NOT_FOUND,
                "PD 4294967295",
                () -> v.regMr(RegMrRequest.newBuilder()
                        .setPdHandle(-1)
                        .setAddr(VA)
                        .setLength(8)
                        .build()));
        expect(
                Status.Code.NOT_FOUND,
                "lkey 0x1234",
                () -> v.deregMr(DeregMrRequest.newBuilder().setLkey(0x1234).build()));
        expect(Status.Code.NOT_FOUND, "CQ 42", () -> v.pollCq(pollReq(42, 1)));
        expect(Status.Code.NOT_FOUND, "CQ 42", () -> v.createQp(qpReq(a.pd, 42, 16)));
        expect(
                Status.Code.NOT_FOUND,
                "QP 1000",
                () -> v.modifyQp(modify(1000, QpAttr.newBuilder().setQpState(QpState.ERR))));
        expect(
                Status.Code.NOT_FOUND,
                "QP 1000",
                () -> v.postRecv(PostRecvRequest.newBuilder()
                        .setQpNum(1000)
                        .addWr(RecvWr.newBuilder().setWrId(1))
                        .build()));

        // Nothing changed: the PD still holds its MR and QP, the QP is still in RESET, and the refused CreateQp
        // used no QP number.
        expect(
                Status.Code.FAILED_PRECONDITION,
                "still used by 2",
                () -> v.deallocPd(
                        DeallocPdRequest.newBuilder().setPdHandle(a.pd).build()));
        assertEquals(
                QpState.RESET,
                v.queryQp(QueryQpRequest.newBuilder().setQpNum(a.qpn).build()).getQpState());
        assertEquals(a.qpn + 1, v.createQp(qpReq(a.pd, a.cq, 16)).getQpNum());
    }

    @Test
    void badStateTransitionsAreRefusedAndLeaveTheState() {
        Res a = resources(pair.a, 16);
        VerbsBlockingStub v = a.v;
        expect(
                Status.Code.INVALID_ARGUMENT,
                "cannot go from RESET to RTR",
                () -> v.modifyQp(modify(a.qpn, QpAttr.newBuilder().setQpState(QpState.RTR))));
        expect(
                Status.Code.INVALID_ARGUMENT,
                "requires [ACCESS_FLAGS]",
                () -> v.modifyQp(modify(
                        a.qpn,
                        QpAttr.newBuilder()
                                .setQpState(QpState.INIT)
                                .setPkeyIndex(0)
                                .setPortNum(1))));
        expect(
                Status.Code.INVALID_ARGUMENT,
                "does not take [TIMEOUT]",
                () -> v.modifyQp(modify(
                        a.qpn,
                        QpAttr.newBuilder()
                                .setQpState(QpState.INIT)
                                .setPkeyIndex(0)
                                .setPortNum(1)
                                .setQpAccessFlags(2)
                                .setTimeout(14))));
        expect(
                Status.Code.INVALID_ARGUMENT,
                "pkey_index must be 0..1, was 5",
                () -> v.modifyQp(modify(
                        a.qpn,
                        QpAttr.newBuilder()
                                .setQpState(QpState.INIT)
                                .setPkeyIndex(5)
                                .setPortNum(1)
                                .setQpAccessFlags(2))));
        expect(
                Status.Code.FAILED_PRECONDITION,
                "cur_qp_state INIT",
                () -> v.modifyQp(modify(
                        a.qpn, QpAttr.newBuilder().setQpState(QpState.ERR).setCurQpState(QpState.INIT))));
        expect(
                Status.Code.FAILED_PRECONDITION,
                "post_send needs RTS",
                () -> v.postSend(
                        send(a, SendWr.newBuilder().setOpcode(WrOpcode.SEND).setSignaled(true))));
        expect(
                Status.Code.FAILED_PRECONDITION,
                "post_recv needs INIT",
                () -> v.postRecv(PostRecvRequest.newBuilder()
                        .setQpNum(a.qpn)
                        .addWr(RecvWr.newBuilder().setWrId(1))
                        .build()));
        expect(
                Status.Code.FAILED_PRECONDITION,
                "CQ " + a.cq + " is still used",
                () -> v.destroyCq(
                        DestroyCqRequest.newBuilder().setCqHandle(a.cq).build()));

        QpAttr q = v.queryQp(QueryQpRequest.newBuilder().setQpNum(a.qpn).build());
        assertEquals(QpState.RESET, q.getQpState());
        assertEquals(0, q.getQpAccessFlags());
        assertEquals(0, q.getPkeyIndex());
        assertEquals(0, v.pollCq(pollReq(a.cq, 4)).getWcCount(), "the CQ still exists and is empty");
    }

    @Test
    void requestsOverALimitAreResourceExhaustedAndPostNothing() {
        Res a = resources(pair.a, 2);
        Res b = resources(pair.b, 2);
        connect(a, b, pair.b.lid);
        connect(b, a, pair.a.lid);
        write(a, 0, pattern(64, 1));
        PostSendRequest.Builder three = PostSendRequest.newBuilder().setQpNum(a.qpn);
        for (int i = 0; i < 3; i++) {
            three.addWr(SendWr.newBuilder()
                    .setWrId(i)
                    .setOpcode(WrOpcode.RDMA_WRITE)
                    .addSgList(sge(a, 0, 64))
                    .setRemoteAddr(VA + 64L * i)
                    .setRkey(b.rkey)
                    .setSignaled(true));
        }
        expect(
                Status.Code.RESOURCE_EXHAUSTED,
                "send queue of QP " + a.qpn + " (max_send_wr): the limit is 2, 3",
                () -> a.v.postSend(three.build()));
        PostSendRequest.Builder badSecond = PostSendRequest.newBuilder()
                .setQpNum(a.qpn)
                .addWr(three.getWr(0))
                .addWr(three.getWr(1).toBuilder()
                        .clearSgList()
                        .setRkey(b.rkey)
                        .setOpcode(WrOpcode.ATOMIC_FETCH_AND_ADD));
        expect(Status.Code.INVALID_ARGUMENT, "wr[1]: an atomic needs 8 bytes", () -> a.v.postSend(badSecond.build()));

        // Neither list posted anything: no completion, no byte moved, and the queue still takes two.
        assertEquals(0, a.v.pollCq(pollReq(a.cq, 4)).getWcCount());
        assertArrayEquals(new byte[192], read(b, 0, 192));
        a.v.postSend(PostSendRequest.newBuilder()
                .setQpNum(a.qpn)
                .addWr(three.getWr(0))
                .addWr(three.getWr(1))
                .build());
        assertEquals(2, poll(a, 2).size());

        // Four CQs is the device's limit: one exists, three more fit, the fifth does not.
        a.v.createCq(CreateCqRequest.newBuilder().setCqe(8).build());
        a.v.createCq(CreateCqRequest.newBuilder().setCqe(8).build());
        int fourth =
                a.v.createCq(CreateCqRequest.newBuilder().setCqe(8).build()).getCqHandle();
        expect(
                Status.Code.RESOURCE_EXHAUSTED,
                "CQ count: the limit is 4, 5 requested",
                () -> a.v.createCq(CreateCqRequest.newBuilder().setCqe(8).build()));
        a.v.destroyCq(DestroyCqRequest.newBuilder().setCqHandle(fourth).build());
        a.v.createCq(CreateCqRequest.newBuilder().setCqe(8).build());
    }

    @Test
    void malformedRequestsAreInvalidArgumentNamingTheField() {
        Res a = resources(pair.a, 16);
        VerbsBlockingStub v = a.v;
        expect(
                Status.Code.INVALID_ARGUMENT,
                "qp_type must be RC (2), UC (3) or UD (4), was 99",
                () -> v.createQp(
                        qpReq(a.pd, a.cq, 16).toBuilder().setQpTypeValue(99).build()));
        expect(
                Status.Code.INVALID_ARGUMENT,
                "qp_type must be RC (2), UC (3) or UD (4), was 0",
                () -> v.createQp(qpReq(a.pd, a.cq, 16).toBuilder().clearQpType().build()));
        expect(
                Status.Code.INVALID_ARGUMENT,
                "cap is required",
                () -> v.createQp(qpReq(a.pd, a.cq, 16).toBuilder().clearCap().build()));
        expect(
                Status.Code.INVALID_ARGUMENT,
                "cap.max_send_wr must be 1..64, was 65",
                () -> v.createQp(qpReq(a.pd, a.cq, 65)));
        expect(
                Status.Code.INVALID_ARGUMENT,
                "cap.max_recv_wr must be at most 2147483647, was 4294967295",
                () -> v.createQp(qpReq(a.pd, a.cq, 16).toBuilder()
                        .setCap(cap(16).toBuilder().setMaxRecvWr(-1))
                        .build()));
        expect(
                Status.Code.INVALID_ARGUMENT,
                "attr is required",
                () -> v.modifyQp(ModifyQpRequest.newBuilder().setQpNum(a.qpn).build()));
        expect(
                Status.Code.INVALID_ARGUMENT,
                "attr.qp_state must be 0..6 (RESET..ERR), was 42",
                () -> v.modifyQp(modify(a.qpn, QpAttr.newBuilder().setQpStateValue(42))));
        expect(
                Status.Code.INVALID_ARGUMENT,
                "attr.path_mtu must be 1..5 (MTU_256..MTU_4096), was 9",
                () -> v.modifyQp(modify(
                        a.qpn, QpAttr.newBuilder().setQpState(QpState.INIT).setPathMtuValue(9))));
        expect(
                Status.Code.INVALID_ARGUMENT,
                "attr.qp_access_flags 0x42 has unknown bits 0x40",
                () -> v.modifyQp(modify(
                        a.qpn,
                        QpAttr.newBuilder()
                                .setQpState(QpState.INIT)
                                .setPkeyIndex(0)
                                .setPortNum(1)
                                .setQpAccessFlags(0x42))));
        expect(
                Status.Code.INVALID_ARGUMENT,
                "attr.cap",
                () -> v.modifyQp(modify(a.qpn, QpAttr.newBuilder().setCap(cap(4)))));
        expect(
                Status.Code.INVALID_ARGUMENT,
                "ah_attr.dlid must be 1..65535, was 0",
                () -> v.modifyQp(modify(
                        a.qpn, QpAttr.newBuilder().setAhAttr(AhAttr.newBuilder().setPortNum(1)))));
        expect(
                Status.Code.INVALID_ARGUMENT,
                "attr.ah_attr.grh.dgid must be 16 bytes, was 3",
                () -> v.modifyQp(modify(
                        a.qpn,
                        QpAttr.newBuilder()
                                .setAhAttr(AhAttr.newBuilder()
                                        .setDlid(2)
                                        .setPortNum(1)
                                        .setGrh(dev.ibmesh.proto.verbs.v1.GlobalRoute.newBuilder()
                                                .setDgid(ByteString.copyFrom(new byte[3])))))));
        assertEquals(
                QpState.RESET,
                v.queryQp(QueryQpRequest.newBuilder().setQpNum(a.qpn).build()).getQpState());

        expect(
                Status.Code.INVALID_ARGUMENT,
                "cqe must be at most 2147483647, was 4294967295",
                () -> v.createCq(CreateCqRequest.newBuilder().setCqe(-1).build()));
        expect(
                Status.Code.INVALID_ARGUMENT,
                "cqe must be 1..1024, was 0",
                () -> v.createCq(CreateCqRequest.getDefaultInstance()));
        expect(Status.Code.INVALID_ARGUMENT, "num_entries must be 1..", () -> v.pollCq(pollReq(a.cq, 0)));
        expect(
                Status.Code.INVALID_ARGUMENT,
                "access_flags 0x10 has unknown bits 0x10",
                () -> v.regMr(RegMrRequest.newBuilder()
                        .setPdHandle(a.pd)
                        .setAddr(VA)
                        .setLength(8)
                        .setAccessFlags(0x10)
                        .build()));
        expect(
                Status.Code.INVALID_ARGUMENT,
                "REMOTE_WRITE and REMOTE_ATOMIC need LOCAL_WRITE",
                () -> v.regMr(RegMrRequest.newBuilder()
                        .setPdHandle(a.pd)
                        .setAddr(VA)
                        .setLength(8)
                        .setAccessFlags(2)
                        .build()));
        expect(
                Status.Code.INVALID_ARGUMENT,
                "length must be 1..1048576, was 18446744073709551615",
                () -> v.regMr(RegMrRequest.newBuilder()
                        .setPdHandle(a.pd)
                        .setAddr(VA)
                        .setLength(-1)
                        .build()));
        expect(
                Status.Code.INVALID_ARGUMENT,
                "initial carries 9 bytes, more than length 8",
                () -> v.regMr(RegMrRequest.newBuilder()
                        .setPdHandle(a.pd)
                        .setAddr(VA)
                        .setLength(8)
                        .setInitial(ByteString.copyFrom(new byte[9]))
                        .build()));
        expect(
                Status.Code.INVALID_ARGUMENT,
                "length must be 0.." + VerbsService.MAX_READ,
                () -> v.readMemory(readReq(a.lkey, VA, VerbsService.MAX_READ + 1)));
        expect(Status.Code.INVALID_ARGUMENT, "is outside MR", () -> v.readMemory(readReq(a.lkey, VA + MR_LEN - 4, 8)));
        expect(
                Status.Code.INVALID_ARGUMENT,
                "is outside MR",
                () -> v.writeMemory(WriteMemoryRequest.newBuilder()
                        .setLkey(a.lkey)
                        .setAddr(VA - 1)
                        .setData(ByteString.copyFrom(new byte[2]))
                        .build()));
        assertArrayEquals(new byte[8], read(a, 0, 8), "the refused write left the region alone");

        Res b = resources(pair.b, 16);
        connect(a, b, pair.b.lid);
        expect(
                Status.Code.INVALID_ARGUMENT,
                "wr[0].opcode LOCAL_INV (7) is not supported",
                () -> v.postSend(send(a, SendWr.newBuilder().setOpcode(WrOpcode.LOCAL_INV))));
        expect(
                Status.Code.INVALID_ARGUMENT,
                "wr[0].opcode must be an ibv_wr_opcode (0..9), was 77",
                () -> v.postSend(send(a, SendWr.newBuilder().setOpcodeValue(77))));
        expect(
                Status.Code.INVALID_ARGUMENT,
                "wr[0].inline_data carries 4 bytes but inline is false",
                () -> v.postSend(send(
                        a,
                        SendWr.newBuilder().setOpcode(WrOpcode.SEND).setInlineData(ByteString.copyFrom(new byte[4])))));
        expect(
                Status.Code.INVALID_ARGUMENT,
                "wr[0].sg_list[0].length must be at most 2147483647",
                () -> v.postSend(send(
                        a,
                        SendWr.newBuilder()
                                .setOpcode(WrOpcode.SEND)
                                .addSgList(Sge.newBuilder()
                                        .setAddr(VA)
                                        .setLength(-5)
                                        .setLkey(a.lkey)))));
        assertEquals(0, v.pollCq(pollReq(a.cq, 4)).getWcCount());
    }

    @Test
    void queryGidAnswersThePortsDefaultGid() {
        VerbsBlockingStub v = pair.a.stub;
        Gid g = v.queryGid(
                QueryGidRequest.newBuilder().setPortNum(1).setIndex(0).build());
        assertEquals(0xFE80000000000000L, g.getSubnetPrefix());
        assertEquals(pair.a.portGuid(1), g.getInterfaceId());
        byte[] raw = g.getRaw().toByteArray();
        assertEquals(16, raw.length);
        assertEquals((byte) 0xFE, raw[0]);
        assertEquals((byte) 0x80, raw[1]);
        assertEquals((byte) (pair.a.portGuid(1) & 0xFF), raw[15]);

        expect(
                Status.Code.INVALID_ARGUMENT,
                "port 1 has no GID at index 1",
                () -> v.queryGid(
                        QueryGidRequest.newBuilder().setPortNum(1).setIndex(1).build()));
        expect(
                Status.Code.INVALID_ARGUMENT,
                "port_num must be 1..1, was 2",
                () -> v.queryGid(QueryGidRequest.newBuilder().setPortNum(2).build()));
    }

    @Test
    void queryQpReportsTheCurrentSendAndExpectedReceivePsns() {
        Res a = resources(pair.a, 16);
        Res b = resources(pair.b, 16);
        connect(a, b, pair.b.lid);
        connect(b, a, pair.a.lid);
        assertPsns(a, 0, 0);
        assertPsns(b, 0, 0);

        // 10,000 bytes at a path MTU of 4096: three packets, PSNs 0..2
        a.v.postSend(send(
                a,
                SendWr.newBuilder()
                        .setWrId(1)
                        .setOpcode(WrOpcode.RDMA_WRITE)
                        .addSgList(sge(a, 0, 10_000))
                        .setRemoteAddr(VA)
                        .setRkey(b.rkey)
                        .setSignaled(true)));
        assertEquals(WcStatus.SUCCESS, poll(a, 1).get(0).getStatus());
        assertPsns(a, 3, 0);
        assertPsns(b, 0, 3);

        b.v.postSend(send(
                b,
                SendWr.newBuilder()
                        .setWrId(2)
                        .setOpcode(WrOpcode.RDMA_WRITE)
                        .addSgList(sge(b, 0, 100))
                        .setRemoteAddr(VA)
                        .setRkey(a.rkey)
                        .setSignaled(true)));
        poll(b, 1);
        assertPsns(a, 3, 1);
        assertPsns(b, 1, 3);
    }

    @Test
    void watchCompletionsDeliversEachCompletionOnceAndCancellingLeavesTheCqUsable() throws Exception {
        // A QP in Error completes what it holds and whatever is posted with WR_FLUSH_ERR at once (IBA 10.3.1).
        Res a = resources(pair.a, 16);
        a.v.modifyQp(modify(
                a.qpn,
                QpAttr.newBuilder()
                        .setQpState(QpState.INIT)
                        .setPkeyIndex(0)
                        .setPortNum(1)
                        .setQpAccessFlags(0)));
        a.v.postRecv(PostRecvRequest.newBuilder()
                .setQpNum(a.qpn)
                .addWr(RecvWr.newBuilder().setWrId(1).addSgList(sge(a, 0, 64)))
                .build());
        a.v.modifyQp(modify(a.qpn, QpAttr.newBuilder().setQpState(QpState.ERR)));

        Context.CancellableContext watching = Context.current().withCancellation();
        Iterator<WorkCompletion> stream = watching.call(() -> watch(a));
        WorkCompletion first = stream.next();
        assertEquals(1, first.getWrId(), "the stream begins with what the CQ holds");
        assertEquals(WcStatus.WR_FLUSH_ERR, first.getStatus());
        assertEquals(WcOpcode.WC_RECV, first.getOpcode());
        a.v.postSend(flushed(a, 2));
        assertEquals(2, stream.next().getWrId());
        assertEquals(0, a.v.pollCq(pollReq(a.cq, 16)).getWcCount(), "the stream took them: none left to poll");
        expect(Status.Code.FAILED_PRECONDITION, "already has a completion channel", () -> watch(a).hasNext());

        watching.cancel(null);
        a.v.postSend(flushed(a, 3));
        assertEquals(3, poll(a, 1).get(0).getWrId(), "after the stream, polling takes the completions again");
        Iterator<WorkCompletion> again = watch(a);
        a.v.postSend(flushed(a, 4));
        assertEquals(4, again.next().getWrId(), "and a new stream may watch the CQ");
    }

    @Test
    void watchCompletionsEndsWhenTheCqIsDestroyedAndRefusesAnUnknownCq() {
        VerbsBlockingStub v = pair.a.stub;
        int cq = v.createCq(CreateCqRequest.newBuilder().setCqe(4).build()).getCqHandle();
        Iterator<WorkCompletion> stream = v.withDeadlineAfter(10, TimeUnit.SECONDS)
                .watchCompletions(
                        WatchCompletionsRequest.newBuilder().setCqHandle(cq).build());
        v.destroyCq(DestroyCqRequest.newBuilder().setCqHandle(cq).build());
        assertFalse(stream.hasNext(), "the stream ends with its CQ");
        expect(
                Status.Code.NOT_FOUND,
                "CQ " + cq,
                () -> v.watchCompletions(WatchCompletionsRequest.newBuilder()
                                .setCqHandle(cq)
                                .build())
                        .hasNext());
    }

    // ---- helpers

    private static void assertPsns(Res r, int sq, int rq) {
        QpAttr q = r.v.queryQp(QueryQpRequest.newBuilder().setQpNum(r.qpn).build());
        assertEquals(sq, q.getSqPsn(), "sq_psn");
        assertEquals(rq, q.getRqPsn(), "rq_psn");
    }

    private static Iterator<WorkCompletion> watch(Res r) {
        return r.v.withDeadlineAfter(10, TimeUnit.SECONDS)
                .watchCompletions(
                        WatchCompletionsRequest.newBuilder().setCqHandle(r.cq).build());
    }

    /** A SEND of 64 bytes (to a QP in Error: flushed at once). */
    private static PostSendRequest flushed(Res r, long wrId) {
        return send(
                r, SendWr.newBuilder().setWrId(wrId).setOpcode(WrOpcode.SEND).addSgList(sge(r, 0, 64)));
    }

    private Res resources(GrpcHcaPair.Side side, int maxWr) {
        VerbsBlockingStub v = side.stub;
        int pd = v.allocPd(AllocPdRequest.getDefaultInstance()).getPdHandle();
        int cq = v.createCq(CreateCqRequest.newBuilder().setCqe(64).build()).getCqHandle();
        RegMrResponse mr = v.regMr(RegMrRequest.newBuilder()
                .setPdHandle(pd)
                .setAddr(VA)
                .setLength(MR_LEN)
                .setAccessFlags(ALL_ACCESS)
                .build());
        CreateQpResponse qp = v.createQp(qpReq(pd, cq, maxWr));
        assertEquals(maxWr, qp.getCap().getMaxSendWr());
        return new Res(v, pd, cq, mr.getLkey(), mr.getRkey(), qp.getQpNum());
    }

    private static QpCap cap(int maxWr) {
        return QpCap.newBuilder()
                .setMaxSendWr(maxWr)
                .setMaxRecvWr(maxWr)
                .setMaxSendSge(2)
                .setMaxRecvSge(2)
                .setMaxInlineData(64)
                .build();
    }

    private static CreateQpRequest qpReq(int pd, int cq, int maxWr) {
        return CreateQpRequest.newBuilder()
                .setPdHandle(pd)
                .setSendCqHandle(cq)
                .setRecvCqHandle(cq)
                .setQpType(QpType.RC)
                .setCap(cap(maxWr))
                .build();
    }

    /** RESET -> INIT -> RTR -> RTS towards {@code remote}, all RC attributes given. */
    private static void connect(Res local, Res remote, int remoteLid) {
        local.v.modifyQp(modify(
                local.qpn,
                QpAttr.newBuilder()
                        .setQpState(QpState.INIT)
                        .setPkeyIndex(0)
                        .setPortNum(1)
                        .setQpAccessFlags(ALL_ACCESS & ~1)));
        local.v.modifyQp(modify(
                local.qpn,
                QpAttr.newBuilder()
                        .setQpState(QpState.RTR)
                        .setAhAttr(AhAttr.newBuilder().setDlid(remoteLid).setPortNum(1))
                        .setPathMtu(Mtu.MTU_4096)
                        .setDestQpNum(remote.qpn)
                        .setRqPsn(0)
                        .setMaxDestRdAtomic(4)
                        .setMinRnrTimer(12)));
        local.v.modifyQp(modify(
                local.qpn,
                QpAttr.newBuilder()
                        .setQpState(QpState.RTS)
                        .setTimeout(14)
                        .setRetryCnt(7)
                        .setRnrRetry(7)
                        .setSqPsn(0)
                        .setMaxRdAtomic(4)));
    }

    private static ModifyQpRequest modify(int qpn, QpAttr.Builder attr) {
        return ModifyQpRequest.newBuilder().setQpNum(qpn).setAttr(attr).build();
    }

    private static PostSendRequest send(Res r, SendWr.Builder wr) {
        return PostSendRequest.newBuilder().setQpNum(r.qpn).addWr(wr).build();
    }

    private static Sge sge(Res r, long offset, int length) {
        return Sge.newBuilder()
                .setAddr(VA + offset)
                .setLength(length)
                .setLkey(r.lkey)
                .build();
    }

    private static PollCqRequest pollReq(int cq, int n) {
        return PollCqRequest.newBuilder().setCqHandle(cq).setNumEntries(n).build();
    }

    private static ReadMemoryRequest readReq(int lkey, long addr, int length) {
        return ReadMemoryRequest.newBuilder()
                .setLkey(lkey)
                .setAddr(addr)
                .setLength(length)
                .build();
    }

    /** Polls until {@code n} completions arrived (5 s at most); no more than {@code n} may come. */
    private static List<WorkCompletion> poll(Res r, int n) {
        List<WorkCompletion> got = new ArrayList<>();
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (got.size() < n && System.nanoTime() < deadline) {
            got.addAll(r.v.pollCq(pollReq(r.cq, 16)).getWcList());
            Thread.onSpinWait();
        }
        assertEquals(n, got.size(), "completions: " + got);
        return got;
    }

    private static byte[] read(Res r, long offset, int length) {
        return r.v.readMemory(readReq(r.lkey, VA + offset, length)).getData().toByteArray();
    }

    private static void write(Res r, long offset, byte[] data) {
        r.v.writeMemory(WriteMemoryRequest.newBuilder()
                .setLkey(r.lkey)
                .setAddr(VA + offset)
                .setData(ByteString.copyFrom(data))
                .build());
    }

    private static byte[] pattern(int n, int seed) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (i * 31 + seed);
        }
        return b;
    }

    private static byte[] le(long v) {
        byte[] b = new byte[8];
        for (int i = 0; i < 8; i++) {
            b[i] = (byte) (v >>> (8 * i));
        }
        return b;
    }

    private static void expect(Status.Code code, String fragment, Executable call) {
        StatusRuntimeException e = assertThrows(StatusRuntimeException.class, call);
        assertEquals(code, e.getStatus().getCode(), e.getStatus().toString());
        String d = e.getStatus().getDescription();
        assertTrue(d != null && d.contains(fragment), "description '" + d + "' lacks '" + fragment + "'");
    }
}
