package dev.ibmesh.runtime.transport;

import io.grpc.BindableService;
import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.ServerInterceptors;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.Executor;

/**
 * Devices inside one JVM: their links go straight from port to port ({@link LocalLinks}), their other gRPC services
 * (an HCA's verbs, health) and any VirtualLink stream dialled explicitly run over grpc-java's in-process transport. No
 * sockets, no copies. Addresses are device names, scoped by a fabric id so that several fabrics (tests) can run in one
 * JVM.
 */
public final class InProcessLinkTransport implements LinkTransport {
    private final String fabricId;
    private final LocalLinks links = new LocalLinks();

    public InProcessLinkTransport(String fabricId) {
        this.fabricId = fabricId;
    }

    @Override
    public Server startServer(String address, List<BindableService> services, Executor executor, NetworkLoop io)
            throws IOException {
        InProcessServerBuilder b = InProcessServerBuilder.forName(name(address)).executor(executor);
        for (BindableService s : services) {
            b.addService(ServerInterceptors.intercept(s, LinkMetadata.serverInterceptor()));
        }
        return b.build().start();
    }

    @Override
    public ManagedChannel channel(String address, Executor executor, NetworkLoop io) {
        return InProcessChannelBuilder.forName(name(address)).executor(executor).build();
    }

    @Override
    public LocalLinks localLinks() {
        return links;
    }

    private String name(String device) {
        return "ibmesh/" + fabricId + "/" + device;
    }
}
