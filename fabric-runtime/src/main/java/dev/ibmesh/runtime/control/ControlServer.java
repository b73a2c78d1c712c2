package dev.ibmesh.runtime.control;

import dev.ibmesh.runtime.device.CaptureControl;
import dev.ibmesh.runtime.device.Fabric;
import io.grpc.BindableService;
import io.grpc.ServerServiceDefinition;
import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/**
 * The gRPC server of a running fabric's control API: {@code ibmesh.fabric.v1.Fabric} ({@link FabricService}) plus the
 * services its caller adds (the cli adds the HCAs' verbs), with reflection and health ({@link ServingGrpc}). Calls run
 * on gRPC's own threads; they only hop to the devices' loops.
 */
public final class ControlServer implements AutoCloseable {
    private final ServingGrpc serving;

    private ControlServer(ServingGrpc serving) {
        this.serving = serving;
    }

    /**
     * Serves {@code fabric}'s control API on {@code host:port} (port 0: a free one, see {@link #port()}), its
     * captures through {@code captures}, with {@code more} services beside Fabric (the HCAs' verbs, which the caller
     * wires: this module knows no HCA), each reported SERVING by the health service too.
     *
     * @throws IOException the address cannot be bound (taken, or not this host's)
     */
    public static ControlServer start(
            Fabric fabric, CaptureControl captures, String host, int port, List<BindableService> more)
            throws IOException {
        List<ServerServiceDefinition> services = new ArrayList<>();
        services.add(new FabricService(fabric, captures, Clock.systemUTC()).bindService());
        more.forEach(s -> services.add(s.bindService()));
        return new ControlServer(ServingGrpc.start(host, port, services));
    }

    /** The port the server listens on. */
    public int port() {
        return serving.port();
    }

    /** Tells health watchers the server is going, ends every call (event streams too) and waits briefly. */
    @Override
    public void close() {
        serving.close();
    }
}
