package dev.ibmesh.runtime.device;

import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.mad.smp.PortPhysicalState;
import dev.ibmesh.mad.smp.PortState;
import dev.ibmesh.runtime.port.Port;
import dev.ibmesh.runtime.transport.LinkTransport;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A set of devices running in this JVM, each on its own Vert.x event loop: the whole fabric (embedded) or a single
 * device of it (standalone service).
 */
public final class Fabric {
    private final Vertx vertx;
    private final Map<String, Device> devices = new LinkedHashMap<>();
    private final Map<String, String> deployments = new LinkedHashMap<>();

    private Fabric(Vertx vertx) {
        this.vertx = vertx;
    }

    /** Deploys every device; the future fails (and undeploys what started) if any device fails to start. */
    public static Future<Fabric> start(
            Vertx vertx,
            List<DeviceConfig> configs,
            DeviceFactory factory,
            LinkTransport transport,
            MeterRegistry registry) {
        Fabric fabric = new Fabric(vertx);
        Future<Void> chain = Future.succeededFuture();
        for (DeviceConfig c : configs) {
            Device d = factory.create(c, transport, registry);
            fabric.devices.put(c.name(), d);
            chain = chain.compose(v -> vertx.deployVerticle(d).map(id -> {
                fabric.deployments.put(c.name(), id);
                return null;
            }));
        }
        return chain.map(v -> fabric).recover(e -> fabric.stop().transform(x -> Future.failedFuture(e)));
    }

    public Device device(String name) {
        return devices.get(name);
    }

    public List<Device> devices() {
        return Collections.unmodifiableList(new ArrayList<>(devices.values()));
    }

    /** Undeploys every device. */
    public Future<Void> stop() {
        List<Future<Void>> all = new ArrayList<>();
        for (String id : deployments.values()) {
            all.add(vertx.undeploy(id));
        }
        deployments.clear();
        return Future.join(all).mapEmpty();
    }

    /**
     * Completes once every device is ready: every cabled link of the fabric has trained ({@link Device#linksTrained}).
     * Call it after {@link #start} completed.
     */
    public Future<Void> ready() {
        return Future.all(devices.values().stream().map(Device::linksTrained).toList())
                .mapEmpty();
    }

    /**
     * The links of this fabric: those between two of its devices counted once, those to devices elsewhere (a device
     * run on its own) counted at their local end.
     */
    public int links() {
        int ends = 0;
        int outside = 0;
        for (Device d : devices.values()) {
            for (LinkPlan l : d.deviceConfig().links()) {
                if (devices.containsKey(l.peerDevice())) {
                    ends++;
                } else {
                    outside++;
                }
            }
        }
        return ends / 2 + outside;
    }

    /**
     * The health document: {@code status} UP while every device is deployed, with each port's state as the devices
     * see it and {@code linksUp} per device (every cabled port LinkUp now), and {@code ready} once every cabled link
     * has trained (what a script or a probe waits for before it runs an SM; it stays true when a link is cut later).
     * Each device is asked on its own event loop; nothing blocks, so this may be called from any loop.
     */
    public Future<JsonObject> health() {
        List<Future<JsonObject>> states = new ArrayList<>();
        for (Device d : devices.values()) {
            states.add(portStates(d));
        }
        return Future.join(states).map(all -> {
            JsonObject devs = new JsonObject();
            boolean up = deployments.size() == devices.size();
            boolean ready = up;
            int i = 0;
            for (Device d : devices.values()) {
                devs.put(d.name(), states.get(i++).result());
                ready &= d.linksTrained().succeeded();
            }
            return new JsonObject()
                    .put("status", up ? "UP" : "DOWN")
                    .put("ready", ready)
                    .put("devices", devs);
        });
    }

    private static Future<JsonObject> portStates(Device d) {
        if (d.loop() == null) {
            return Future.succeededFuture(new JsonObject().put("state", "starting"));
        }
        return d.call(() -> {
            JsonObject ports = new JsonObject();
            for (Port port : d.ports()) {
                ports.put(
                        Integer.toString(port.number()),
                        new JsonObject()
                                .put(
                                        "portState",
                                        PortState.valueOf(port.portState()).name())
                                .put(
                                        "physicalState",
                                        PortPhysicalState.valueOf(port.physicalState())
                                                .name())
                                .put("peer", port.peer()));
            }
            boolean linksUp = d.deviceConfig().links().stream()
                    .allMatch(l -> d.port(l.localPort()).physicalState() == PortInfo.PHYS_STATE_LINK_UP);
            return new JsonObject()
                    .put("kind", d.deviceConfig().kind())
                    .put("linksUp", linksUp)
                    .put("ports", ports);
        });
    }
}
