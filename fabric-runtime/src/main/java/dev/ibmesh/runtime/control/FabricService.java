package dev.ibmesh.runtime.control;

import com.google.protobuf.ByteString;
import dev.ibmesh.proto.fabric.v1.Action;
import dev.ibmesh.proto.fabric.v1.ClearImpairmentRequest;
import dev.ibmesh.proto.fabric.v1.ClearImpairmentResponse;
import dev.ibmesh.proto.fabric.v1.Event;
import dev.ibmesh.proto.fabric.v1.FabricGrpc;
import dev.ibmesh.proto.fabric.v1.InjectFrameRequest;
import dev.ibmesh.proto.fabric.v1.InjectFrameResponse;
import dev.ibmesh.proto.fabric.v1.Link;
import dev.ibmesh.proto.fabric.v1.LinkEnd;
import dev.ibmesh.proto.fabric.v1.LinkState;
import dev.ibmesh.proto.fabric.v1.ListDevicesRequest;
import dev.ibmesh.proto.fabric.v1.ListDevicesResponse;
import dev.ibmesh.proto.fabric.v1.ListLinksRequest;
import dev.ibmesh.proto.fabric.v1.ListLinksResponse;
import dev.ibmesh.proto.fabric.v1.PhysicalState;
import dev.ibmesh.proto.fabric.v1.SetImpairmentRequest;
import dev.ibmesh.proto.fabric.v1.SetImpairmentResponse;
import dev.ibmesh.proto.fabric.v1.SetLinkStateRequest;
import dev.ibmesh.proto.fabric.v1.SetLinkStateResponse;
import dev.ibmesh.proto.fabric.v1.StartCaptureRequest;
import dev.ibmesh.proto.fabric.v1.StartCaptureResponse;
import dev.ibmesh.proto.fabric.v1.StopCaptureRequest;
import dev.ibmesh.proto.fabric.v1.StopCaptureResponse;
import dev.ibmesh.proto.fabric.v1.WatchEventsRequest;
import dev.ibmesh.proto.link.v1.Frame;
import dev.ibmesh.runtime.device.CaptureControl;
import dev.ibmesh.runtime.device.Device;
import dev.ibmesh.runtime.device.DeviceConfig;
import dev.ibmesh.runtime.device.Fabric;
import dev.ibmesh.runtime.port.LinkImpairment;
import dev.ibmesh.runtime.port.Port;
import dev.ibmesh.trace.FrameFilter;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.StreamObserver;
import io.vertx.core.Future;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The control API ({@code ibmesh.fabric.v1.Fabric}) of the devices one process runs. Every port is read and changed
 * on its device's event loop ({@link Device#call}); a call gathers the answers without blocking, so the server may
 * run it on any thread. Requests are checked completely before anything changes.
 */
public final class FabricService extends FabricGrpc.FabricImplBase {
    private final Fabric fabric;
    private final LinkTable links;
    private final CaptureControl captures;
    private final Clock clock;

    /** {@code captures} is shared with the HTTP /capture endpoints, so one port has one capture however started. */
    public FabricService(Fabric fabric, CaptureControl captures, Clock clock) {
        this.fabric = fabric;
        this.links = new LinkTable(fabric);
        this.captures = captures;
        this.clock = clock;
    }

    @Override
    public void listDevices(ListDevicesRequest r, StreamObserver<ListDevicesResponse> out) {
        answer(
                ports(fabric.devices()).map(all -> {
                    ListDevicesResponse.Builder b = ListDevicesResponse.newBuilder();
                    for (Device d : fabric.devices()) {
                        DeviceConfig c = d.deviceConfig();
                        b.addDevicesBuilder()
                                .setName(d.name())
                                .setKind(c.kind())
                                .setNodeGuid(c.nodeGuid())
                                .setDescription(c.nodeDescription())
                                .addAllPorts(all.get(d.name()));
                    }
                    return b.build();
                }),
                out);
    }

    @Override
    public void listLinks(ListLinksRequest r, StreamObserver<ListLinksResponse> out) {
        answer(
                ports(fabric.devices()).map(all -> {
                    ListLinksResponse.Builder b = ListLinksResponse.newBuilder();
                    links.all().forEach(l -> b.addLinks(link(l, all)));
                    return b.build();
                }),
                out);
    }

    @Override
    public void setLinkState(SetLinkStateRequest r, StreamObserver<SetLinkStateResponse> out) {
        PortName end;
        LinkTable.CabledLink link;
        Device device;
        try {
            CabledEnd named = cabled("link", r.getLink());
            end = named.end();
            device = named.device();
            link = named.link();
            if (r.getAction() != Action.ACTION_DOWN && r.getAction() != Action.ACTION_UP) {
                throw ControlErrors.invalid("action: " + r.getAction() + "; give ACTION_DOWN or ACTION_UP");
            }
        } catch (StatusRuntimeException e) {
            out.onError(e);
            return;
        }
        boolean down = r.getAction() == Action.ACTION_DOWN;
        Future<Void> changed = device.run(() -> {
            Port p = device.port(end.port());
            if (down) {
                p.disable();
            } else {
                p.enable();
                device.redialNow(end.port());
            }
        });
        if (!down && link.bLocal()) {
            // The other end may be the one that dials: it need not wait out the backoff it grew meanwhile.
            PortName other = link.a().equals(end) ? link.b() : link.a();
            Device peer = device(other);
            changed = changed.compose(v -> peer.run(() -> peer.redialNow(other.port())));
        }
        answer(
                changed.compose(v -> linkNow(link))
                        .map(l -> SetLinkStateResponse.newBuilder().setLink(l).build()),
                out);
    }

    @Override
    public void setImpairment(SetImpairmentRequest r, StreamObserver<SetImpairmentResponse> out) {
        CabledEnd end;
        List<PortName> directions;
        LinkImpairment.Settings settings;
        try {
            end = cabled("port", r.getPort());
            directions = directions(end, r.getBoth());
            // A seed the client can give again to repeat the run; 0 means "pick one", so never 0.
            settings = Impairments.settings(
                    r.getImpairment(), ThreadLocalRandom.current().nextLong() | 1);
        } catch (StatusRuntimeException e) {
            out.onError(e);
            return;
        }
        answer(
                impair(directions, settings)
                        .compose(v -> linkNow(end.link()))
                        .map(l -> SetImpairmentResponse.newBuilder().setLink(l).build()),
                out);
    }

    @Override
    public void clearImpairment(ClearImpairmentRequest r, StreamObserver<ClearImpairmentResponse> out) {
        CabledEnd end;
        List<PortName> directions;
        try {
            end = cabled("port", r.getPort());
            directions = directions(end, r.getBoth());
        } catch (StatusRuntimeException e) {
            out.onError(e);
            return;
        }
        answer(
                impair(directions, LinkImpairment.Settings.NONE)
                        .compose(v -> linkNow(end.link()))
                        .map(l ->
                                ClearImpairmentResponse.newBuilder().setLink(l).build()),
                out);
    }

    @Override
    public void watchEvents(WatchEventsRequest r, StreamObserver<Event> out) {
        List<Device> watched;
        try {
            watched = r.getDevice().isEmpty() ? fabric.devices() : List.of(device("device", r.getDevice()));
        } catch (StatusRuntimeException e) {
            out.onError(e);
            return;
        }
        EventWatch watch = new EventWatch(out);
        for (Device d : watched) {
            // On the device's loop, so that no change falls between its ports' current state and the watch.
            d.run(() -> {
                if (r.getCurrent()) {
                    d.ports().stream()
                            .filter(p -> p.number() > 0)
                            .forEach(p -> watch.offer(PortMessages.event(d.name(), p, clock.instant())));
                }
                watch.onEnd(d.watchPortStates(p -> watch.offer(PortMessages.event(d.name(), p, clock.instant()))));
            });
        }
    }

    @Override
    public void startCapture(StartCaptureRequest r, StreamObserver<StartCaptureResponse> out) {
        PortName port;
        FrameFilter filter;
        try {
            port = port("port", r.getPort());
            filter = r.getFilter().isBlank() ? FrameFilter.NO_FLOW_CONTROL : FrameFilter.parse(r.getFilter());
        } catch (IllegalArgumentException e) {
            out.onError(ControlErrors.invalid("filter: " + e.getMessage()));
            return;
        } catch (StatusRuntimeException e) {
            out.onError(e);
            return;
        }
        answer(
                captures.start(port.device(), port.port(), r.getFile(), filter)
                        .map(path -> StartCaptureResponse.newBuilder()
                                .setPath(path.toAbsolutePath().toString())
                                .setFilter(filter.toString())
                                .build()),
                out,
                FabricService::captureFailure);
    }

    @Override
    public void stopCapture(StopCaptureRequest r, StreamObserver<StopCaptureResponse> out) {
        PortName port;
        try {
            port = port("port", r.getPort());
        } catch (StatusRuntimeException e) {
            out.onError(e);
            return;
        }
        answer(
                captures.finish(port.device(), port.port())
                        .map(s -> StopCaptureResponse.newBuilder()
                                .setPath(s.file().toAbsolutePath().toString())
                                .setFrames(s.frames())
                                .setFramesSeen(s.seen())
                                .build()),
                out,
                FabricService::captureFailure);
    }

    @Override
    public void injectFrame(InjectFrameRequest r, StreamObserver<InjectFrameResponse> out) {
        PortName name;
        byte[] frame;
        try {
            name = port("port", r.getPort());
            frame = Injections.frame(r, device(name).port(name.port()).config().mtuCap());
        } catch (StatusRuntimeException e) {
            out.onError(e);
            return;
        }
        Device d = device(name);
        Frame.Kind kind = r.getLinkPacket() ? Frame.Kind.LINK : Frame.Kind.DATA;
        answer(
                d.call(() -> d.port(name.port()).inject(kind, frame, r.getEndBad())),
                out,
                sent -> sent
                        ? InjectFrameResponse.newBuilder()
                                .setFrame(ByteString.copyFrom(frame))
                                .build()
                        : null,
                Status.FAILED_PRECONDITION.withDescription("port: " + name + " has no link to a peer to send on"));
    }

    /** How CaptureControl's refusals reach the client. */
    private static StatusRuntimeException captureFailure(Throwable t) {
        if (t instanceof IllegalArgumentException) {
            return ControlErrors.invalid("file: " + t.getMessage());
        }
        if (t instanceof IllegalStateException) {
            return Status.FAILED_PRECONDITION
                    .withDescription("port: " + t.getMessage())
                    .asRuntimeException();
        }
        return Status.INTERNAL
                .withDescription("the capture failed: " + t.getMessage())
                .asRuntimeException();
    }

    /**
     * A port of a device this server runs, named in request field {@code field}: INVALID_ARGUMENT when the name is
     * malformed, NOT_FOUND when there is no such port here.
     */
    private PortName port(String field, String text) {
        PortName end = PortName.parse(field, text);
        Device device = device(field, end.device());
        if (device.port(end.port()) == null) {
            throw ControlErrors.notFound(field + ": device " + end.device() + " has no port " + end.port()
                    + "; its ports: " + portNumbers(device));
        }
        return end;
    }

    /** A cabled port of a device this server runs. */
    private record CabledEnd(PortName end, Device device, LinkTable.CabledLink link) {
        PortName other() {
            return link.a().equals(end) ? link.b() : link.a();
        }
    }

    /**
     * The cabled port request field {@code field} names: INVALID_ARGUMENT when the name is malformed, NOT_FOUND when
     * this server runs no such port or it is not cabled.
     */
    private CabledEnd cabled(String field, String text) {
        PortName end = port(field, text);
        Device device = device(end);
        LinkTable.CabledLink link = links.withEnd(end)
                .orElseThrow(() -> ControlErrors.notFound(field + ": " + end + " is not cabled; the links: "
                        + links.all().stream().map(l -> l.a() + "-" + l.b()).collect(Collectors.joining(", "))));
        return new CabledEnd(end, device, link);
    }

    /** The sending ends an impairment request changes: the named one, and with {@code both} the other one. */
    private static List<PortName> directions(CabledEnd end, boolean both) {
        if (!both) {
            return List.of(end.end());
        }
        if (!end.link().bLocal()) {
            throw ControlErrors.notFound("both: the other end " + end.other() + " of " + end.end()
                    + " is not run here; impair it on the server that runs it");
        }
        return List.of(end.end(), end.other());
    }

    /** Sets {@code settings} on each sending end, on its device's loop. */
    private Future<Void> impair(List<PortName> ends, LinkImpairment.Settings settings) {
        List<Future<Void>> changes = new ArrayList<>();
        for (PortName e : ends) {
            Device d = device(e);
            changes.add(d.run(() -> d.port(e.port()).impair(settings)));
        }
        return Future.all(changes).mapEmpty();
    }

    /** The link as it is now, read from the devices of its local ends. */
    private Future<Link> linkNow(LinkTable.CabledLink link) {
        List<Device> ends = new ArrayList<>(List.of(device(link.a())));
        if (link.bLocal()) {
            ends.add(device(link.b()));
        }
        return ports(ends).map(all -> link(link, all));
    }

    /** The device this server runs by that name, else NOT_FOUND naming {@code field}. */
    private Device device(String field, String name) {
        Device d = fabric.device(name);
        if (d == null) {
            throw ControlErrors.notFound(field + ": no device '" + name + "' here; the devices: "
                    + fabric.devices().stream().map(Device::name).collect(Collectors.joining(", ")));
        }
        return d;
    }

    private Device device(PortName end) {
        return fabric.device(end.device());
    }

    private static String portNumbers(Device d) {
        return d.ports().stream()
                .filter(p -> p.number() > 0)
                .map(p -> Integer.toString(p.number()))
                .collect(Collectors.joining(", "));
    }

    /** Each device's cabled and uncabled ports (not a switch's port 0), read on its own loop. */
    private Future<Map<String, List<dev.ibmesh.proto.fabric.v1.Port>>> ports(List<Device> devices) {
        List<Future<List<dev.ibmesh.proto.fabric.v1.Port>>> reads = new ArrayList<>();
        for (Device d : devices) {
            reads.add(d.call(() -> d.ports().stream()
                    .filter(p -> p.number() > 0)
                    .map(p -> PortMessages.port(p, links.peerOf(new PortName(d.name(), p.number()))))
                    .toList()));
        }
        return Future.all(reads).map(v -> {
            Map<String, List<dev.ibmesh.proto.fabric.v1.Port>> all = new HashMap<>();
            for (int i = 0; i < devices.size(); i++) {
                all.put(devices.get(i).name(), reads.get(i).result());
            }
            return all;
        });
    }

    private static Link link(LinkTable.CabledLink l, Map<String, List<dev.ibmesh.proto.fabric.v1.Port>> ports) {
        LinkEnd a = end(l.a(), true, ports);
        LinkEnd b = end(l.b(), l.bLocal(), ports);
        boolean up = a.getPhysicalState() == PhysicalState.PHYSICAL_STATE_LINK_UP
                && (!l.bLocal() || b.getPhysicalState() == PhysicalState.PHYSICAL_STATE_LINK_UP);
        return Link.newBuilder()
                .setA(a)
                .setB(b)
                .setState(up ? LinkState.LINK_STATE_UP : LinkState.LINK_STATE_DOWN)
                .build();
    }

    private static LinkEnd end(PortName name, boolean local, Map<String, List<dev.ibmesh.proto.fabric.v1.Port>> ports) {
        LinkEnd.Builder b = LinkEnd.newBuilder()
                .setDevice(name.device())
                .setPort(name.port())
                .setLocal(local);
        if (local) {
            ports.get(name.device()).stream()
                    .filter(p -> p.getNumber() == name.port())
                    .findFirst()
                    .ifPresent(p -> {
                        b.setPhysicalState(p.getPhysicalState()).setPortState(p.getPortState());
                        if (p.hasImpairment()) {
                            b.setImpairment(p.getImpairment());
                        }
                    });
        }
        return b.build();
    }

    /** Answers what {@code result} completes with; a device that fails to answer makes it UNAVAILABLE. */
    private static <T> void answer(Future<T> result, StreamObserver<T> out) {
        answer(
                result,
                out,
                failure -> Status.UNAVAILABLE
                        .withDescription("a device did not answer: " + failure.getMessage())
                        .asRuntimeException());
    }

    /**
     * Answers what {@code result} completes with, made into the answer by {@code answer}; when that gives null,
     * {@code refused}; a device that fails to answer makes it UNAVAILABLE.
     */
    private static <R, T> void answer(Future<R> result, StreamObserver<T> out, Function<R, T> answer, Status refused) {
        answer(
                result.compose(v -> {
                    T a = answer.apply(v);
                    return a != null ? Future.succeededFuture(a) : Future.failedFuture(refused.asRuntimeException());
                }),
                out,
                failure -> failure instanceof StatusRuntimeException e
                        ? e
                        : Status.UNAVAILABLE
                                .withDescription("a device did not answer: " + failure.getMessage())
                                .asRuntimeException());
    }

    /** Answers what {@code result} completes with, or its failure as {@code failed} says. */
    private static <T> void answer(
            Future<T> result, StreamObserver<T> out, Function<Throwable, StatusRuntimeException> failed) {
        result.onComplete(
                value -> {
                    out.onNext(value);
                    out.onCompleted();
                },
                failure -> out.onError(failed.apply(failure)));
    }
}
