package dev.ibmesh.cli;

import dev.ibmesh.device.hca.HcaDevice;
import dev.ibmesh.device.hca.HcaHostPort;
import dev.ibmesh.mad.smp.SmInfo;
import dev.ibmesh.runtime.device.Device;
import dev.ibmesh.runtime.device.Fabric;
import dev.ibmesh.runtime.madport.AgentMadPort;
import dev.ibmesh.runtime.madport.MadPort;
import dev.ibmesh.runtime.topology.DeviceKind;
import dev.ibmesh.runtime.topology.DeviceSpec;
import dev.ibmesh.runtime.topology.Topology;
import dev.ibmesh.sm.SmMetrics;
import dev.ibmesh.sm.SmOptions;
import dev.ibmesh.sm.SmService;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.json.JsonObject;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * ibmesh's SM inside `ibmesh up`: host software on one HCA port of the fabric (the first HCA's port 1 unless
 * {@code --sm-port} names one), as OpenSM runs on a host. Its log lines go to the command's output.
 */
final class EmbeddedSm {
    /** Light sweeps as OpenSM's default sweep_interval. */
    static final Duration SWEEP_INTERVAL = Duration.ofSeconds(10);

    /**
     * Where the SM runs and how.
     *
     * @param device the HCA
     * @param port   the HCA's port
     */
    record Choice(String device, int port, SmOptions options, int priority) {
        /** "h1/1" or "h1" (port 1), checked against the topology; the error names {@code option} and what is wrong. */
        static Choice parse(String option, String value, Topology topology, SmOptions options, int priority) {
            String device = value;
            int port = 1;
            int slash = value.indexOf('/');
            if (slash >= 0) {
                device = value.substring(0, slash);
                try {
                    port = Integer.parseInt(value.substring(slash + 1));
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(option + " " + value + ": the port is not a number");
                }
            }
            String name = device;
            DeviceSpec spec = topology.device(name)
                    .orElseThrow(() -> new IllegalArgumentException(option + " " + value + ": no device " + name));
            if (spec.kind() != DeviceKind.HCA) {
                throw new IllegalArgumentException(option + " " + value + ": " + name + " is a "
                        + spec.kind().label() + "; the SM runs on an HCA port");
            }
            if (port < 1 || port > spec.numPorts()) {
                throw new IllegalArgumentException(
                        option + " " + value + ": " + name + " has ports 1-" + spec.numPorts());
            }
            return new Choice(name, port, options, priority);
        }
    }

    private EmbeddedSm() {}

    /**
     * Opens the SM's port and creates the service (not started), its meters in {@code registry}; fails if the fabric
     * has no such HCA.
     */
    static SmService create(Fabric fabric, Choice choice, PrintWriter out, MeterRegistry registry) throws Exception {
        HcaDevice hca = hca(fabric, choice.device());
        MadPort port = AgentMadPort.open(new HcaHostPort(hca, choice.port())).get(10, TimeUnit.SECONDS);
        String where = hca.name() + "/" + choice.port();
        out.printf(
                "ibmesh sm: on %s, priority %d, routing %s%n",
                where, choice.priority(), choice.options().routing());
        out.flush();
        SmService sm = new SmService(port, choice.options(), choice.priority(), SWEEP_INTERVAL, line -> {
            out.println("ibmesh sm: " + line);
            out.flush();
        });
        SmMetrics.bind(sm, registry, where);
        return sm;
    }

    /** The health document with the subnet's state: ready only once the subnet was up. */
    static JsonObject withSubnet(JsonObject health, SmService sm) {
        boolean up = sm != null && sm.everUp();
        return health.put("ready", health.getBoolean("ready", false) && up)
                .put(
                        "subnet",
                        new JsonObject()
                                .put("up", sm != null && sm.up())
                                .put("smState", SmInfo.smStateName(sm == null ? SmInfo.STATE_NOT_ACTIVE : sm.state()))
                                .put("sweeps", sm == null ? 0 : sm.sweeps()));
    }

    private static HcaDevice hca(Fabric fabric, String name) {
        for (Device d : fabric.devices()) {
            if (d instanceof HcaDevice h && h.name().equals(name)) {
                return h;
            }
        }
        throw new IllegalArgumentException("no HCA " + name);
    }
}
