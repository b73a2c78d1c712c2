package dev.ibmesh.runtime.transport;

import dev.ibmesh.proto.link.v1.LinkMessage;
import dev.ibmesh.proto.link.v1.VirtualLinkGrpc;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;

/**
 * The serving end of virtual links for one device: each Connect stream attaches to the port named by the
 * {@code ibmesh-target-port} header, when {@code ibmesh-target-device} (if sent) names this device. Bad requests (no
 * or bad header, no such port, port already linked) are refused with a status that says which, and change nothing; a
 * port that fails taking the stream refuses it with INTERNAL ({@link LinkRefusal}).
 *
 * <p>Threading: the gRPC server runs its callbacks on the device's event loop (its executor), so the ports need
 * no locks.
 */
public final class VirtualLinkService extends VirtualLinkGrpc.VirtualLinkImplBase {
    private final String device;
    private final PortDirectory ports;

    /** @param device this device's name, which a dialler's {@code ibmesh-target-device} header must give */
    public VirtualLinkService(String device, PortDirectory ports) {
        this.device = device;
        this.ports = ports;
    }

    @Override
    public StreamObserver<LinkMessage> connect(StreamObserver<LinkMessage> responseObserver) {
        ServerCallStreamObserver<LinkMessage> out = (ServerCallStreamObserver<LinkMessage>) responseObserver;
        out.disableAutoRequest();
        Metadata headers = LinkMetadata.HEADERS.get();
        String peer =
                headers == null ? "?" : headers.get(LinkMetadata.NODE_GUID) + "/" + headers.get(LinkMetadata.PORT);
        String targetDevice = headers == null ? null : headers.get(LinkMetadata.TARGET_DEVICE);
        if (targetDevice != null && !targetDevice.equals(device)) {
            return refuse(
                    out,
                    Status.NOT_FOUND.withDescription("this is device '" + device + "', not '" + targetDevice
                            + "': the two ends' topologies disagree on who listens here"));
        }
        int target;
        try {
            target = Integer.parseInt(headers == null ? null : headers.get(LinkMetadata.TARGET_PORT));
        } catch (NumberFormatException e) {
            return refuse(
                    out,
                    Status.INVALID_ARGUMENT.withDescription("header ibmesh-target-port must name a port number, was "
                            + (headers == null ? null : headers.get(LinkMetadata.TARGET_PORT))));
        }
        LinkHandler handler = ports.port(target);
        StreamConnection connection = new StreamConnection(out, handler, peer);
        Status refused = LinkRefusal.offer(handler, target, connection);
        if (refused != null) {
            return refuse(out, refused);
        }
        out.setOnReadyHandler(connection::ready);
        out.setOnCancelHandler(
                () -> connection.ended(Status.CANCELLED.withDescription("peer " + peer + " went away"), false));
        out.request(StreamConnection.WINDOW);
        return new StreamObserver<>() {
            @Override
            public void onNext(LinkMessage message) {
                connection.delivered(message);
            }

            @Override
            public void onError(Throwable t) {
                connection.ended(Status.fromThrowable(t), false);
            }

            @Override
            public void onCompleted() {
                connection.ended(Status.OK.withDescription("peer " + peer + " closed the link"), true);
            }
        };
    }

    static StreamObserver<LinkMessage> refuse(ServerCallStreamObserver<LinkMessage> out, Status status) {
        out.onError(status.asRuntimeException());
        return new StreamObserver<>() {
            @Override
            public void onNext(LinkMessage value) {}

            @Override
            public void onError(Throwable t) {}

            @Override
            public void onCompleted() {}
        };
    }
}
