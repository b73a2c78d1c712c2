package dev.ibmesh.runtime.control;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.MessageOrBuilder;
import com.google.protobuf.util.JsonFormat;
import dev.ibmesh.mad.pma.PortCounters.Counter;
import dev.ibmesh.proto.fabric.v1.Action;
import dev.ibmesh.proto.fabric.v1.ListDevicesRequest;
import dev.ibmesh.proto.fabric.v1.ListDevicesResponse;
import dev.ibmesh.proto.fabric.v1.ListLinksRequest;
import dev.ibmesh.proto.fabric.v1.ListLinksResponse;
import dev.ibmesh.proto.fabric.v1.SetLinkStateRequest;
import dev.ibmesh.runtime.device.CaptureControl;
import dev.ibmesh.runtime.device.Device;
import dev.ibmesh.runtime.device.Fabric;
import dev.ibmesh.runtime.observe.LiveFabric;
import dev.ibmesh.runtime.port.Port;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.StreamObserver;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.Clock;
import java.util.function.BiConsumer;

/**
 * The control API called in this process, for the live view: the fabric's devices and links as ListDevices and
 * ListLinks give them, a cable pulled or put back through SetLinkState itself, so the page and a gRPC client change a
 * link the same way. Messages become JSON by protobuf's JSON mapping (enum values by name, 64-bit numbers as strings).
 * A call the control API refuses fails with {@link LiveFabric.Refused}: INVALID_ARGUMENT as 400, NOT_FOUND as 404,
 * FAILED_PRECONDITION as 409.
 */
public final class InProcessControl implements LiveFabric {
    private static final JsonFormat.Printer JSON =
            JsonFormat.printer().alwaysPrintFieldsWithNoPresence().omittingInsignificantWhitespace();

    private final Fabric fabric;
    private final FabricService service;
    private final LinkTable links;

    public InProcessControl(Fabric fabric, CaptureControl captures) {
        this.fabric = fabric;
        this.service = new FabricService(fabric, captures, Clock.systemUTC());
        this.links = new LinkTable(fabric);
    }

    @Override
    public Future<JsonObject> fabric() {
        Future<ListDevicesResponse> devices = call(service::listDevices, ListDevicesRequest.getDefaultInstance());
        Future<ListLinksResponse> cabled = call(service::listLinks, ListLinksRequest.getDefaultInstance());
        return Future.all(devices, cabled).map(v -> json(devices.result()).mergeIn(json(cabled.result())));
    }

    @Override
    public Future<JsonObject> device(String name) {
        Device d = fabric.device(name);
        if (d == null) {
            return Future.failedFuture(new Refused(404, "no device '" + name + "' here"));
        }
        return d.call(() -> {
            JsonArray ports = new JsonArray();
            for (Port p : d.ports()) {
                if (p.number() > 0) {
                    ports.add(json(PortMessages.port(p, links.peerOf(new PortName(name, p.number()))))
                            .put("lid", d.lid(p.number()))
                            .put("pma", pma(p)));
                }
            }
            return new JsonObject()
                    .put("name", name)
                    .put("kind", d.deviceConfig().kind())
                    .put("nodeGuid", String.format("0x%016x", d.deviceConfig().nodeGuid()))
                    .put("description", d.deviceConfig().nodeDescription())
                    .put("ports", ports);
        });
    }

    @Override
    public Future<JsonObject> setLinkState(String device, int port, boolean up) {
        SetLinkStateRequest r = SetLinkStateRequest.newBuilder()
                .setLink(device + "/" + port)
                .setAction(up ? Action.ACTION_UP : Action.ACTION_DOWN)
                .build();
        return call(service::setLinkState, r).map(a -> json(a.getLink()));
    }

    /** Every PMA PortCounters counter of the port by its spec name, 64-bit as kept (as /metrics exports them). */
    private static JsonObject pma(Port p) {
        JsonObject c = new JsonObject();
        for (Counter counter : Counter.values()) {
            c.put(counter.specName(), p.counters().value(counter));
        }
        return c;
    }

    /** Calls a unary method of the service; its answer, or its refusal as {@link Refused}. */
    private static <Q, A> Future<A> call(BiConsumer<Q, StreamObserver<A>> method, Q request) {
        Promise<A> answer = Promise.promise();
        method.accept(request, new StreamObserver<>() {
            @Override
            public void onNext(A value) {
                answer.tryComplete(value);
            }

            @Override
            public void onError(Throwable t) {
                answer.tryFail(refusal(t));
            }

            @Override
            public void onCompleted() {
                answer.tryFail("the call ended without an answer");
            }
        });
        return answer.future();
    }

    private static Throwable refusal(Throwable t) {
        if (t instanceof StatusRuntimeException e) {
            String why = e.getStatus().getDescription();
            switch (e.getStatus().getCode()) {
                case INVALID_ARGUMENT:
                    return new Refused(400, why);
                case NOT_FOUND:
                    return new Refused(404, why);
                case FAILED_PRECONDITION:
                    return new Refused(409, why);
                default:
                    return t;
            }
        }
        return t;
    }

    private static JsonObject json(MessageOrBuilder message) {
        try {
            return new JsonObject(JSON.print(message));
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException("cannot print " + message.getClass().getSimpleName(), e);
        }
    }
}
