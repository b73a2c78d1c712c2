package dev.ibmesh.device.hca.grpc;

import dev.ibmesh.proto.verbs.v1.VerbsGrpc;
import io.grpc.BindableService;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerMethodDefinition;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Executor;

/**
 * The Verbs service of one or more HCAs on one gRPC server: each call goes to the HCA its {@link #DEVICE} metadata
 * header names and runs on that HCA's event loop. With a single HCA the header may be left out; when present it must
 * name that HCA. A call that names no HCA (several serve) answers INVALID_ARGUMENT, one that names an unknown HCA
 * NOT_FOUND; both name the header and list the HCAs.
 *
 * <p>Threading: a call's handler and every event of it (messages, half-close, cancel, ready) run in order on the
 * route's executor, so a route's service sees one thread, as on the device's own server. The routing itself is
 * stateless and runs on the server's threads.
 */
public final class VerbsRouter implements BindableService {
    /** The metadata header that names the HCA a verbs call is for. */
    public static final Metadata.Key<String> DEVICE =
            Metadata.Key.of("ibmesh-device", Metadata.ASCII_STRING_MARSHALLER);

    /**
     * One HCA: its verbs service and the executor every call of it must run on (its event loop; a direct executor
     * when the server already runs calls there).
     */
    public record Route(BindableService verbs, Executor loop) {}

    private record Bound(ServerServiceDefinition service, Executor loop) {}

    private final Map<String, Bound> hcas = new TreeMap<>();

    /** Routes to {@code hcas} by name; none at all makes every call NOT_FOUND. */
    public VerbsRouter(Map<String, Route> hcas) {
        hcas.forEach((name, r) -> this.hcas.put(name, new Bound(r.verbs().bindService(), r.loop())));
    }

    @Override
    public ServerServiceDefinition bindService() {
        ServerServiceDefinition.Builder b = ServerServiceDefinition.builder(VerbsGrpc.getServiceDescriptor());
        for (MethodDescriptor<?, ?> m : VerbsGrpc.getServiceDescriptor().getMethods()) {
            b.addMethod(routed(m));
        }
        return b.build();
    }

    private <Q, R> ServerMethodDefinition<Q, R> routed(MethodDescriptor<Q, R> method) {
        return ServerMethodDefinition.create(method, (call, headers) -> route(method, call, headers));
    }

    private <Q, R> ServerCall.Listener<Q> route(
            MethodDescriptor<Q, R> method, ServerCall<Q, R> call, Metadata headers) {
        String name = headers.get(DEVICE);
        Bound to = name == null && hcas.size() == 1
                ? hcas.values().iterator().next()
                : name == null ? null : hcas.get(name);
        if (to == null) {
            call.close(refusal(name), new Metadata());
            return new ServerCall.Listener<>() {};
        }
        @SuppressWarnings("unchecked") // the route's service is a Verbs service: same method, same types
        ServerCallHandler<Q, R> handler = (ServerCallHandler<Q, R>)
                to.service().getMethod(method.getFullMethodName()).getServerCallHandler();
        return new LoopListener<>(to.loop(), () -> handler.startCall(call, headers));
    }

    private Status refusal(String name) {
        if (hcas.isEmpty()) {
            return Status.NOT_FOUND.withDescription("no HCA serves verbs here (metadata header " + DEVICE.name() + ")");
        }
        if (name == null) {
            return Status.INVALID_ARGUMENT.withDescription(
                    "metadata header " + DEVICE.name() + " is required: name the HCA, one of " + hcas.keySet());
        }
        return Status.NOT_FOUND.withDescription(
                "no HCA named '" + name + "' (metadata header " + DEVICE.name() + "); HCAs: " + hcas.keySet());
    }
}
