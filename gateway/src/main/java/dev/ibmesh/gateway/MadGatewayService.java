package dev.ibmesh.gateway;

import dev.ibmesh.proto.gateway.v1.ClientMessage;
import dev.ibmesh.proto.gateway.v1.DescribeRequest;
import dev.ibmesh.proto.gateway.v1.GatewayInfo;
import dev.ibmesh.proto.gateway.v1.GatewayMessage;
import dev.ibmesh.proto.gateway.v1.MadGatewayGrpc;
import dev.ibmesh.runtime.madport.MadPort;
import dev.ibmesh.runtime.madport.MadPortIdentity;
import io.grpc.stub.StreamObserver;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/** {@code ibmesh.gateway.v1.MadGateway} on one local port: every stream a {@link GatewaySession}. */
final class MadGatewayService extends MadGatewayGrpc.MadGatewayImplBase {
    private final MadPort port;
    private final AccessPolicy policy;
    private final GatewayMetrics metrics;
    private final GatewayInfo info;
    private final SmAnnouncement sm;
    private final ConcurrentMap<Integer, ClientTransactions.Transaction> owners = new ConcurrentHashMap<>();

    /** @param backend names where the port is ("ibsim 127.0.0.1:7070,sw1") */
    MadGatewayService(MadPort port, String backend, AccessPolicy policy, GatewayMetrics metrics) {
        this.port = port;
        this.policy = policy;
        this.metrics = metrics;
        this.sm = new SmAnnouncement(port);
        MadPortIdentity id = port.identity();
        this.info = GatewayInfo.newBuilder()
                .setBackend(backend)
                .setNodeName(id.nodeName())
                .setNodeGuid(id.nodeGuid())
                .setPortGuid(id.portGuid())
                .setPortNumber(id.portNumber())
                .setReadOnly(policy.readOnly())
                .build();
    }

    @Override
    public void describe(DescribeRequest request, StreamObserver<GatewayInfo> response) {
        response.onNext(info);
        response.onCompleted();
    }

    @Override
    public StreamObserver<ClientMessage> attach(StreamObserver<GatewayMessage> client) {
        return new GatewaySession(port, policy, sm, metrics, owners, info, client);
    }
}
