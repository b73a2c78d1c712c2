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
 * Links inside one JVM: no sockets, no copies beyond protobuf's. Addresses are device names, scoped by a fabric
 * id so that several fabrics (tests) can run in one JVM.
 */
public final class InProcessLinkTransport implements LinkTransport {
    private final String fabricId;

    public InProcessLinkTransport(String fabricId) {
        this.fabricId = fabricId;
    }

    @Override
    public Server startServer(String address, List<BindableService> services, Executor executor) throws IOException {
        InProcessServerBuilder b = InProcessServerBuilder.forName(name(address)).executor(executor);
        for (BindableService s : services) {
            b.addService(ServerInterceptors.intercept(s, LinkMetadata.serverInterceptor()));
        }
        return b.build().start();
    }

    @Override
    public ManagedChannel channel(String address, Executor executor) {
        return InProcessChannelBuilder.forName(name(address)).executor(executor).build();
    }

    private String name(String device) {
        return "ibmesh/" + fabricId + "/" + device;
    }
}
