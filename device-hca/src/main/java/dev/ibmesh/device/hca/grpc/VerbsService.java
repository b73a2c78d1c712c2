package dev.ibmesh.device.hca.grpc;

import static dev.ibmesh.device.hca.grpc.VerbsMapper.handle;
import static dev.ibmesh.device.hca.grpc.VerbsMapper.u32;

import com.google.protobuf.ByteString;
import dev.ibmesh.device.hca.verbs.MemoryRegion;
import dev.ibmesh.device.hca.verbs.MrInfo;
import dev.ibmesh.device.hca.verbs.QpCaps;
import dev.ibmesh.device.hca.verbs.QpInitAttr;
import dev.ibmesh.device.hca.verbs.VerbsException;
import dev.ibmesh.proto.verbs.v1.AllocPdRequest;
import dev.ibmesh.proto.verbs.v1.AllocPdResponse;
import dev.ibmesh.proto.verbs.v1.CreateCqRequest;
import dev.ibmesh.proto.verbs.v1.CreateCqResponse;
import dev.ibmesh.proto.verbs.v1.CreateQpRequest;
import dev.ibmesh.proto.verbs.v1.CreateQpResponse;
import dev.ibmesh.proto.verbs.v1.DeallocPdRequest;
import dev.ibmesh.proto.verbs.v1.DeregMrRequest;
import dev.ibmesh.proto.verbs.v1.DestroyCqRequest;
import dev.ibmesh.proto.verbs.v1.DestroyQpRequest;
import dev.ibmesh.proto.verbs.v1.DeviceAttr;
import dev.ibmesh.proto.verbs.v1.Empty;
import dev.ibmesh.proto.verbs.v1.Gid;
import dev.ibmesh.proto.verbs.v1.McastRequest;
import dev.ibmesh.proto.verbs.v1.ModifyQpRequest;
import dev.ibmesh.proto.verbs.v1.PollCqRequest;
import dev.ibmesh.proto.verbs.v1.PollCqResponse;
import dev.ibmesh.proto.verbs.v1.PortAttr;
import dev.ibmesh.proto.verbs.v1.PostRecvRequest;
import dev.ibmesh.proto.verbs.v1.PostSendRequest;
import dev.ibmesh.proto.verbs.v1.QpAttr;
import dev.ibmesh.proto.verbs.v1.QueryDeviceRequest;
import dev.ibmesh.proto.verbs.v1.QueryGidRequest;
import dev.ibmesh.proto.verbs.v1.QueryPortRequest;
import dev.ibmesh.proto.verbs.v1.QueryQpRequest;
import dev.ibmesh.proto.verbs.v1.ReadMemoryRequest;
import dev.ibmesh.proto.verbs.v1.ReadMemoryResponse;
import dev.ibmesh.proto.verbs.v1.RegMrRequest;
import dev.ibmesh.proto.verbs.v1.RegMrResponse;
import dev.ibmesh.proto.verbs.v1.VerbsGrpc;
import dev.ibmesh.proto.verbs.v1.WatchCompletionsRequest;
import dev.ibmesh.proto.verbs.v1.WorkCompletion;
import dev.ibmesh.proto.verbs.v1.WriteMemoryRequest;
import dev.ibmesh.runtime.fault.FaultLog;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import java.util.function.Supplier;

/**
 * The verbs of one HCA over gRPC ({@code ibmesh.verbs.v1.Verbs}): each RPC maps its request onto the HCA's verbs
 * facade ({@link VerbsHost#verbs()}) through {@link VerbsMapper}, and the result back. A refused request answers the
 * status of its {@link VerbsException} kind ({@link VerbsErrors}) and changed nothing: the checks only the gRPC side
 * can make (enum numbers, uint32 ranges, the size of a gRPC message) run before the facade is called, and the facade
 * checks everything before any change. Any other exception is a fault of the HCA, not of the request: the call
 * answers INTERNAL with the exception as its description, and the exception goes to the {@link FaultLog}.
 *
 * <p>Threading: every call must run on the device's event loop (the device's gRPC server uses the loop as its
 * executor), so the service calls the single-threaded facade directly and holds no state of its own.
 */
public final class VerbsService extends VerbsGrpc.VerbsImplBase {
    /** The most bytes one ReadMemory answers: a gRPC message is at most 4 MiB by default; 64 bytes for framing. */
    static final int MAX_READ = (4 << 20) - 64;

    private static final Empty EMPTY = Empty.getDefaultInstance();

    private final VerbsHost host;

    public VerbsService(VerbsHost host) {
        this.host = host;
    }

    @Override
    public void queryDevice(QueryDeviceRequest r, StreamObserver<DeviceAttr> out) {
        answer(out, () -> VerbsMapper.deviceAttr(host.verbs().queryDevice(), host));
    }

    @Override
    public void queryPort(QueryPortRequest r, StreamObserver<PortAttr> out) {
        answer(out, () -> {
            int port = u32("port_num", r.getPortNum());
            dev.ibmesh.device.hca.verbs.PortAttr p = host.verbs().queryPort(port);
            return VerbsMapper.portAttr(p, host.portInfo(port), host.portGuid(port));
        });
    }

    @Override
    public void queryGid(QueryGidRequest r, StreamObserver<Gid> out) {
        answer(
                out,
                () -> VerbsMapper.gid(
                        host.verbs().queryGid(u32("port_num", r.getPortNum()), u32("index", r.getIndex()))));
    }

    @Override
    public void allocPd(AllocPdRequest r, StreamObserver<AllocPdResponse> out) {
        answer(
                out,
                () -> AllocPdResponse.newBuilder()
                        .setPdHandle(host.verbs().allocPd())
                        .build());
    }

    @Override
    public void deallocPd(DeallocPdRequest r, StreamObserver<Empty> out) {
        answer(out, () -> {
            host.verbs().deallocPd(handle("PD", r.getPdHandle()));
            return EMPTY;
        });
    }

    @Override
    public void regMr(RegMrRequest r, StreamObserver<RegMrResponse> out) {
        answer(out, () -> {
            int pd = handle("PD", r.getPdHandle());
            long max = Math.min(host.verbs().queryDevice().maxMrSize(), Integer.MAX_VALUE);
            if (Long.compareUnsigned(r.getLength(), max) > 0) {
                throw VerbsErrors.invalid("length must be 1.." + max + ", was " + Long.toUnsignedString(r.getLength()));
            }
            if (r.getInitial().size() > r.getLength()) {
                throw VerbsErrors.invalid(
                        "initial carries " + r.getInitial().size() + " bytes, more than length " + r.getLength());
            }
            MrInfo mr = host.verbs()
                    .regMr(
                            pd,
                            r.getAddr(),
                            (int) r.getLength(),
                            VerbsMapper.access("access_flags", r.getAccessFlags()));
            if (!r.getInitial().isEmpty()) {
                host.verbs()
                        .writeMemory(mr.handle(), r.getAddr(), r.getInitial().toByteArray());
            }
            return RegMrResponse.newBuilder()
                    .setLkey(mr.lkey())
                    .setRkey(mr.rkey())
                    .build();
        });
    }

    @Override
    public void deregMr(DeregMrRequest r, StreamObserver<Empty> out) {
        answer(out, () -> {
            host.verbs().deregMr(region(r.getLkey()).handle());
            return EMPTY;
        });
    }

    @Override
    public void readMemory(ReadMemoryRequest r, StreamObserver<ReadMemoryResponse> out) {
        answer(out, () -> {
            int length = u32("length", r.getLength());
            if (length > MAX_READ) {
                throw VerbsErrors.invalid("length must be 0.." + MAX_READ + " (one gRPC message), was " + length);
            }
            byte[] data = host.verbs().readMemory(region(r.getLkey()).handle(), r.getAddr(), length);
            return ReadMemoryResponse.newBuilder()
                    .setData(ByteString.copyFrom(data))
                    .build();
        });
    }

    @Override
    public void writeMemory(WriteMemoryRequest r, StreamObserver<Empty> out) {
        answer(out, () -> {
            host.verbs()
                    .writeMemory(
                            region(r.getLkey()).handle(),
                            r.getAddr(),
                            r.getData().toByteArray());
            return EMPTY;
        });
    }

    @Override
    public void createCq(CreateCqRequest r, StreamObserver<CreateCqResponse> out) {
        answer(out, () -> {
            int cqe = u32("cqe", r.getCqe());
            int cq = host.verbs().createCq(cqe);
            return CreateCqResponse.newBuilder().setCqHandle(cq).setCqe(cqe).build();
        });
    }

    @Override
    public void destroyCq(DestroyCqRequest r, StreamObserver<Empty> out) {
        answer(out, () -> {
            host.verbs().destroyCq(handle("CQ", r.getCqHandle()));
            return EMPTY;
        });
    }

    @Override
    public void pollCq(PollCqRequest r, StreamObserver<PollCqResponse> out) {
        answer(out, () -> {
            PollCqResponse.Builder b = PollCqResponse.newBuilder();
            host.verbs()
                    .pollCq(handle("CQ", r.getCqHandle()), u32("num_entries", r.getNumEntries()))
                    .forEach(wc -> b.addWc(VerbsMapper.workCompletion(wc)));
            return b.build();
        });
    }

    /**
     * Streams the CQ's completions (see {@link CompletionStream}); a CQ that does not exist, or that another stream
     * watches, is refused at once.
     */
    @Override
    public void watchCompletions(WatchCompletionsRequest r, StreamObserver<WorkCompletion> out) {
        try {
            new CompletionStream(
                            host.verbs(), handle("CQ", r.getCqHandle()), (ServerCallStreamObserver<WorkCompletion>) out)
                    .start();
        } catch (VerbsException e) {
            out.onError(VerbsErrors.toStatus(e));
        } catch (RuntimeException e) {
            FaultLog.shared().caught("VerbsService", e);
            out.onError(VerbsErrors.internal(e));
        }
    }

    @Override
    public void createQp(CreateQpRequest r, StreamObserver<CreateQpResponse> out) {
        answer(out, () -> {
            QpInitAttr init = VerbsMapper.qpInitAttr(r);
            int qpn = host.verbs().createQp(init);
            QpCaps granted = host.verbs().queryQp(qpn).caps();
            return CreateQpResponse.newBuilder()
                    .setQpNum(qpn)
                    .setCap(VerbsMapper.qpCap(granted))
                    .build();
        });
    }

    @Override
    public void modifyQp(ModifyQpRequest r, StreamObserver<Empty> out) {
        answer(out, () -> {
            int qpn = handle("QP", r.getQpNum());
            if (!r.hasAttr()) {
                throw VerbsErrors.invalid("attr is required");
            }
            host.verbs().modifyQp(qpn, VerbsMapper.qpAttr(r.getAttr()));
            return EMPTY;
        });
    }

    @Override
    public void queryQp(QueryQpRequest r, StreamObserver<QpAttr> out) {
        answer(out, () -> VerbsMapper.qpAttr(host.verbs().queryQp(handle("QP", r.getQpNum()))));
    }

    @Override
    public void destroyQp(DestroyQpRequest r, StreamObserver<Empty> out) {
        answer(out, () -> {
            host.verbs().destroyQp(handle("QP", r.getQpNum()));
            return EMPTY;
        });
    }

    @Override
    public void attachMcast(McastRequest r, StreamObserver<Empty> out) {
        answer(out, () -> {
            host.verbs().attachMcast(handle("QP", r.getQpNum()), VerbsMapper.mgid(r.getGid()), u32("lid", r.getLid()));
            return EMPTY;
        });
    }

    @Override
    public void detachMcast(McastRequest r, StreamObserver<Empty> out) {
        answer(out, () -> {
            host.verbs().detachMcast(handle("QP", r.getQpNum()), VerbsMapper.mgid(r.getGid()), u32("lid", r.getLid()));
            return EMPTY;
        });
    }

    @Override
    public void postSend(PostSendRequest r, StreamObserver<Empty> out) {
        answer(out, () -> {
            int qpn = handle("QP", r.getQpNum());
            host.verbs().postSend(qpn, VerbsMapper.sendWrs(r.getWrList()));
            return EMPTY;
        });
    }

    @Override
    public void postRecv(PostRecvRequest r, StreamObserver<Empty> out) {
        answer(out, () -> {
            int qpn = handle("QP", r.getQpNum());
            host.verbs().postRecv(qpn, VerbsMapper.recvWrs(r.getWrList()));
            return EMPTY;
        });
    }

    /** The region an L_Key names. */
    private MemoryRegion region(int lkey) {
        MemoryRegion m = host.verbs().memory().byLkey(lkey);
        if (m == null) {
            throw new VerbsException(
                    VerbsException.Kind.NOT_FOUND, String.format("MR with lkey 0x%x does not exist", lkey));
        }
        return m;
    }

    /**
     * Runs a call and answers its result, the status of the {@link VerbsException} that refused it, or INTERNAL for
     * a fault.
     */
    private static <T> void answer(StreamObserver<T> out, Supplier<T> call) {
        T reply;
        try {
            reply = call.get();
        } catch (VerbsException e) {
            out.onError(VerbsErrors.toStatus(e));
            return;
        } catch (RuntimeException e) {
            FaultLog.shared().caught("VerbsService", e);
            out.onError(VerbsErrors.internal(e));
            return;
        }
        out.onNext(reply);
        out.onCompleted();
    }
}
