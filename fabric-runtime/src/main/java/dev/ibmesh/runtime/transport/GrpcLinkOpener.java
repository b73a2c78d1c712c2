package dev.ibmesh.runtime.transport;

import dev.ibmesh.proto.link.v1.LinkMessage;
import dev.ibmesh.proto.link.v1.VirtualLinkGrpc;
import io.grpc.Channel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.stub.ClientCallStreamObserver;
import io.grpc.stub.ClientResponseObserver;
import io.grpc.stub.MetadataUtils;

/**
 * Opens a link as a VirtualLink Connect stream on {@code channel}, naming the peer port in {@code headers} (see
 * {@link LinkMetadata}). The channel's executor must be the dialling device's event loop, so the stream's callbacks
 * arrive there.
 */
public final class GrpcLinkOpener implements LinkOpener {
    private final VirtualLinkGrpc.VirtualLinkStub stub;
    private final String peer;

    public GrpcLinkOpener(Channel channel, Metadata headers, String peer) {
        this.stub =
                VirtualLinkGrpc.newStub(channel).withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers));
        this.peer = peer;
    }

    @Override
    public DialedLink open(StreamListener listener) {
        StreamConnection[] connection = new StreamConnection[1];
        stub.connect(new ClientResponseObserver<LinkMessage, LinkMessage>() {
            @Override
            public void beforeStart(ClientCallStreamObserver<LinkMessage> requests) {
                requests.disableAutoRequestWithInitial(StreamConnection.WINDOW);
                connection[0] = new StreamConnection(requests, listener, peer);
                requests.setOnReadyHandler(() -> connection[0].ready());
            }

            @Override
            public void onNext(LinkMessage message) {
                connection[0].delivered(message);
            }

            @Override
            public void onError(Throwable t) {
                connection[0].ended(Status.fromThrowable(t), false);
            }

            @Override
            public void onCompleted() {
                connection[0].ended(Status.OK.withDescription("peer " + peer + " closed the link"), true);
            }
        });
        return connection[0];
    }
}
