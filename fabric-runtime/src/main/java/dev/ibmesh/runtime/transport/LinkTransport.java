package dev.ibmesh.runtime.transport;

import io.grpc.BindableService;
import io.grpc.ManagedChannel;
import io.grpc.Server;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.Executor;

/**
 * How devices reach each other: in one JVM straight from port to port ({@link LocalLinks}, with grpc-java's in-process
 * transport for their other services), or across processes and hosts over Netty. Device code is the same for both;
 * only the addresses differ (a device name, or host:port).
 */
public interface LinkTransport {
    /**
     * Starts a device's gRPC server at {@code address}, running every call on {@code executor}. {@code io} is the
     * device's event loop: a transport over the network does the server's connection I/O there (null: on the
     * transport's own threads).
     */
    Server startServer(String address, List<BindableService> services, Executor executor, NetworkLoop io)
            throws IOException;

    /** As {@link #startServer(String, List, Executor, NetworkLoop)}, I/O on the transport's own threads. */
    default Server startServer(String address, List<BindableService> services, Executor executor) throws IOException {
        return startServer(address, services, executor, null);
    }

    /**
     * A channel to the device at {@code address}; stream callbacks run on {@code executor}, network I/O (if any) on
     * {@code io} (null: on the transport's own threads).
     */
    ManagedChannel channel(String address, Executor executor, NetworkLoop io);

    /** As {@link #channel(String, Executor, NetworkLoop)}, I/O on the transport's own threads. */
    default ManagedChannel channel(String address, Executor executor) {
        return channel(address, executor, null);
    }

    /**
     * Where the devices of this JVM serve their links to each other directly ({@link LocalLinks}), or null when every
     * link is a gRPC stream.
     */
    default LocalLinks localLinks() {
        return null;
    }

    /** Whether a link to the device at {@code address} goes through {@link #localLinks()} rather than gRPC. */
    default boolean isLocal(String address) {
        return localLinks() != null;
    }

    /** Stops what the transport serves beyond the devices' own servers; after the devices stopped. */
    default void close() {}
}
