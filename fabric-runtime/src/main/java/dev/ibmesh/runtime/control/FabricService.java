package dev.ibmesh.runtime.control;

import dev.ibmesh.proto.fabric.v1.Action;
import dev.ibmesh.proto.fabric.v1.Event;
import dev.ibmesh.proto.fabric.v1.FabricGrpc;
import dev.ibmesh.proto.fabric.v1.Link;
import dev.ibmesh.proto.fabric.v1.LinkEnd;
import dev.ibmesh.proto.fabric.v1.LinkState;
import dev.ibmesh.proto.fabric.v1.ListDevicesRequest;
import dev.ibmesh.proto.fabric.v1.ListDevicesResponse;
import dev.ibmesh.proto.fabric.v1.ListLinksRequest;
import dev.ibmesh.proto.fabric.v1.ListLinksResponse;
import dev.ibmesh.proto.fabric.v1.PhysicalState;
import dev.ibmesh.proto.fabric.v1.SetLinkStateRequest;
import dev.ibmesh.proto.fabric.v1.SetLinkStateResponse;
import dev.ibmesh.proto.fabric.v1.WatchEventsRequest;
import dev.ibmesh.runtime.device.Device;
import dev.ibmesh.runtime.device.DeviceConfig;
import dev.ibmesh.runtime.device.Fabric;
import dev.ibmesh.runtime.port.Port;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.StreamObserver;
import io.vertx.core.Future;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The control API ({@code ibmesh.fabric.v1.Fabric}) of the devices one process runs. Every port is read and changed
 * on its device's event loop ({@link Device#call}); a call gathers the answers without blocking, so the server may
 * run it on any thread. Requests are checked completely before anything changes.
 */
public final class FabricService extends FabricGrpc.FabricImplBase {
    private final Fabric fabric;
    private final LinkTable links;
    private final Clock clock;

    public FabricService(Fabric fabric, Clock clock) {
        this.fabric = fabric;
        this.links = new LinkTable(fabric);
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
            end = PortName.parse("link", r.getLink());
            device = device("link", end.device());
            if (device.port(end.port()) == null) {
                throw ControlErrors.notFound("link: device " + end.device() + " has no port " + end.port()
                        + "; its ports: " + portNumbers(device));
            }
            link = links.withEnd(end)
                    .orElseThrow(() -> ControlErrors.notFound("link: " + end + " is not cabled; the links: "
                            + links.all().stream().map(l -> l.a() + "-" + l.b()).collect(Collectors.joining(", "))));
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
        List<Device> ends = new ArrayList<>(List.of(device(link.a())));
        if (link.bLocal()) {
            ends.add(device(link.b()));
        }
        answer(
                changed.compose(v -> ports(ends))
                        .map(all -> SetLinkStateResponse.newBuilder()
                                .setLink(link(link, all))
                                .build()),
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
                    .ifPresent(p -> b.setPhysicalState(p.getPhysicalState()).setPortState(p.getPortState()));
        }
        return b.build();
    }

    /** Answers what {@code result} completes with; a device that fails to answer makes it UNAVAILABLE. */
    private static <T> void answer(Future<T> result, StreamObserver<T> out) {
        result.onComplete(
                value -> {
                    out.onNext(value);
                    out.onCompleted();
                },
                failure -> out.onError(Status.UNAVAILABLE
                        .withDescription("a device did not answer: " + failure.getMessage())
                        .asRuntimeException()));
    }
}
