package dev.ibmesh.sm;

import dev.ibmesh.device.hca.HcaDevice;
import dev.ibmesh.device.hca.HcaHostPort;
import dev.ibmesh.device.sw.SwitchDevice;
import dev.ibmesh.runtime.device.Device;
import dev.ibmesh.runtime.device.DeviceFactory;
import dev.ibmesh.runtime.device.Fabric;
import dev.ibmesh.runtime.device.FabricPlan;
import dev.ibmesh.runtime.device.FabricTestKit;
import dev.ibmesh.runtime.madport.AgentMadPort;
import dev.ibmesh.runtime.madport.MadPort;
import dev.ibmesh.runtime.port.Port;
import dev.ibmesh.runtime.topology.DeviationCatalog;
import dev.ibmesh.runtime.topology.YamlTopologyParser;
import dev.ibmesh.runtime.transport.InProcessLinkTransport;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A topology of real switches and HCAs in this JVM, on one event loop as `ibmesh up` runs it, trained and ready. */
final class SmFabric implements AutoCloseable {
    private static final DeviceFactory KINDS = (config, transport, registry) -> switch (config.kind()) {
        case "switch" -> new SwitchDevice(config, transport, registry);
        case "hca" -> new HcaDevice(config, transport, registry);
        default -> throw new IllegalArgumentException(config.kind());
    };

    private final Vertx vertx;
    final Fabric fabric;

    private SmFabric(Vertx vertx, Fabric fabric) {
        this.vertx = vertx;
        this.fabric = fabric;
    }

    static SmFabric start(String yaml) throws Exception {
        Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(1));
        Fabric fabric = Fabric.start(
                        vertx,
                        FabricPlan.embedded(new YamlTopologyParser(DeviationCatalog.PERMISSIVE).parse("t.yaml", yaml)),
                        KINDS,
                        new InProcessLinkTransport("sm-test-" + System.nanoTime()),
                        new SimpleMeterRegistry())
                .await(60, TimeUnit.SECONDS);
        fabric.ready().await(60, TimeUnit.SECONDS);
        return new SmFabric(vertx, fabric);
    }

    /** Host software on port 1 of HCA {@code name}, as the SM (or a second SM) runs. */
    MadPort madPort(String name) throws Exception {
        return AgentMadPort.open(HcaHostPort.of((HcaDevice) fabric.device(name)).get(0))
                .get(10, TimeUnit.SECONDS);
    }

    /** "device/port state" of every cabled port whose PortState is not {@code state}. */
    List<String> portsNotIn(int state) {
        List<String> off = new ArrayList<>();
        for (Device d : fabric.devices()) {
            List<String> here = FabricTestKit.onLoop(d, () -> {
                List<String> l = new ArrayList<>();
                for (Port p : d.ports()) {
                    boolean cabled = d.deviceConfig().links().stream().anyMatch(k -> k.localPort() == p.number());
                    if (cabled && p.portState() != state) {
                        l.add(d.name() + "/" + p.number() + " " + p.portState());
                    }
                }
                return l;
            });
            off.addAll(here);
        }
        return off;
    }

    @Override
    public void close() throws Exception {
        fabric.stop().await(30, TimeUnit.SECONDS);
        vertx.close().await(30, TimeUnit.SECONDS);
    }
}
