package dev.ibmesh.runtime.device;

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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

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
    public static Future<Fabric> start(Vertx vertx, List<DeviceConfig> configs, DeviceFactory factory,
                                       LinkTransport transport, MeterRegistry registry) {
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
     * The health document: {@code status} UP while every device is deployed, with each port's state as the devices
     * see it (read on their event loops).
     */
    public JsonObject health() {
        JsonObject doc = new JsonObject().put("status", deployments.size() == devices.size() ? "UP" : "DOWN");
        JsonObject devs = new JsonObject();
        for (Device d : devices.values()) {
            devs.put(d.name(), portStates(d));
        }
        return doc.put("devices", devs);
    }

    private static JsonObject portStates(Device d) {
        CompletableFuture<JsonObject> f = new CompletableFuture<>();
        if (d.loop() == null) {
            return new JsonObject().put("state", "starting");
        }
        d.loop().execute(() -> {
            JsonObject ports = new JsonObject();
            for (Port p : d.ports()) {
                ports.put(Integer.toString(p.number()), new JsonObject().put("portState", PortStateNames.portState(p.portState()))
                        .put("physicalState", PortStateNames.physicalState(p.physicalState()))
                        .put("peer", p.peer()));
            }
            f.complete(new JsonObject().put("kind", d.deviceConfig().kind()).put("ports", ports));
        });
        try {
            return f.get(2, TimeUnit.SECONDS);
        } catch (Exception e) {
            return new JsonObject().put("state", "not answering");
        }
    }
}
