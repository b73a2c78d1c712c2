package dev.ibmesh.sm.grpc;

import dev.ibmesh.mad.smp.SmInfo;
import dev.ibmesh.proto.sm.v1.ForwardingTable;
import dev.ibmesh.proto.sm.v1.GetForwardingTableRequest;
import dev.ibmesh.proto.sm.v1.GetStatusRequest;
import dev.ibmesh.proto.sm.v1.ListLidsRequest;
import dev.ibmesh.proto.sm.v1.ListLidsResponse;
import dev.ibmesh.proto.sm.v1.PortLid;
import dev.ibmesh.proto.sm.v1.SmStatus;
import dev.ibmesh.proto.sm.v1.SubnetManagerGrpc;
import dev.ibmesh.proto.sm.v1.Sweep;
import dev.ibmesh.sm.SmService;
import dev.ibmesh.sm.SweepResult;
import dev.ibmesh.sm.discovery.SmNode;
import dev.ibmesh.sm.discovery.SmPort;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.util.function.Supplier;

/**
 * {@code ibmesh.sm.v1.SubnetManager}: the SM's state, its last sweep, the LIDs it gave and the LFTs it programmed.
 * The service is registered when the server starts; the SM comes later (once the fabric is ready), so it is looked
 * up at each call, and a call before it exists answers UNAVAILABLE.
 */
public final class SmStatusService extends SubnetManagerGrpc.SubnetManagerImplBase {
    private final Supplier<SmService> sm;
    private final String smPort;

    /** @param smPort the port the SM runs on, "h1/1", as the status names it */
    public SmStatusService(Supplier<SmService> sm, String smPort) {
        this.sm = sm;
        this.smPort = smPort;
    }

    @Override
    public void getStatus(GetStatusRequest request, StreamObserver<SmStatus> out) {
        SmService s = sm.get();
        if (s == null) {
            out.onError(Status.UNAVAILABLE
                    .withDescription("the SM has not started yet")
                    .asRuntimeException());
            return;
        }
        SmInfo info = s.smInfo();
        SmStatus.Builder status = SmStatus.newBuilder()
                .setSmPort(smPort)
                .setPortGuid(info.guid())
                .setPriority(info.priority())
                .setState(SmInfo.smStateName(info.smState()))
                .setSubnetUp(s.up())
                .setSweeps(s.sweeps())
                .setSmpsSent(s.smpsSent())
                .setSmpTimeouts(s.smpTimeouts());
        s.lastSweep()
                .ifPresent(r -> status.setLastSweep(Sweep.newBuilder()
                        .setSummary(r.summary())
                        .setSeconds(r.took().toNanos() / 1e9)
                        .setSmps(r.smps())
                        .setNodes(r.subnet().nodes().size())
                        .setPorts(r.subnet().portCount())
                        .addAllProblems(r.problems())));
        out.onNext(status.build());
        out.onCompleted();
    }

    @Override
    public void listLids(ListLidsRequest request, StreamObserver<ListLidsResponse> out) {
        SweepResult r = lastSweep(out);
        if (r == null) {
            return;
        }
        ListLidsResponse.Builder lids = ListLidsResponse.newBuilder();
        r.lids()
                .bases()
                .forEach((port, lid) -> lids.addPorts(PortLid.newBuilder()
                        .setNode(port.node().description())
                        .setNodeGuid(port.node().guid())
                        .setPortGuid(port.guid())
                        .setPort(port.number())
                        .setLid(lid)
                        .setLmc(r.lids().lmc(port))
                        .setSwitch(port.node().isSwitch())));
        out.onNext(lids.build());
        out.onCompleted();
    }

    @Override
    public void getForwardingTable(GetForwardingTableRequest request, StreamObserver<ForwardingTable> out) {
        SweepResult r = lastSweep(out);
        if (r == null) {
            return;
        }
        SmNode sw = r.subnet().node(request.getSwitchGuid());
        int[] table = sw == null ? null : r.routes().tables().get(sw);
        if (table == null) {
            out.onError(Status.NOT_FOUND
                    .withDescription(
                            String.format("switch_guid: the last sweep saw no switch 0x%016x", request.getSwitchGuid()))
                    .asRuntimeException());
            return;
        }
        SmPort port0 = sw.port(0);
        ForwardingTable.Builder t = ForwardingTable.newBuilder()
                .setSwitchGuid(sw.guid())
                .setLid(port0 == null ? 0 : r.lids().lid(port0));
        for (int egress : table) {
            t.addEgressPort(egress);
        }
        out.onNext(t.build());
        out.onCompleted();
    }

    /** The last sweep as master, or null after answering why there is none. */
    private SweepResult lastSweep(StreamObserver<?> out) {
        SmService s = sm.get();
        if (s == null) {
            out.onError(Status.UNAVAILABLE
                    .withDescription("the SM has not started yet")
                    .asRuntimeException());
            return null;
        }
        SweepResult r = s.lastSweep().orElse(null);
        if (r == null) {
            out.onError(Status.FAILED_PRECONDITION
                    .withDescription("the SM has not swept the subnet as master yet (state "
                            + SmInfo.smStateName(s.state()) + ")")
                    .asRuntimeException());
        }
        return r;
    }
}
