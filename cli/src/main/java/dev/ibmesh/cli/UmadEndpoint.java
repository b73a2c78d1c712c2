package dev.ibmesh.cli;

import dev.ibmesh.device.hca.HcaDevice;
import dev.ibmesh.device.hca.HcaHostPort;
import dev.ibmesh.device.sw.SwitchDevice;
import dev.ibmesh.device.sw.SwitchHostPort;
import dev.ibmesh.runtime.agent.AgentUmadPort;
import dev.ibmesh.runtime.device.Device;
import dev.ibmesh.runtime.device.Fabric;
import dev.ibmesh.runtime.umad.StaticUmadDirectory;
import dev.ibmesh.runtime.umad.UmadMetrics;
import dev.ibmesh.runtime.umad.UmadPort;
import dev.ibmesh.runtime.umad.UmadServer;
import dev.ibmesh.runtime.umad.UmadServerOptions;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.util.List;

/**
 * The umad endpoint of a running fabric: every port that can host management software - each HCA port, and each
 * switch's port 0 (where a managed switch runs its SM) - named as ibsim names nodes (the device name for its first
 * port, {@code name@N} for port N, or its NodeDescription; a switch's first and only such port is port 0, as ibsim's
 * {@code node_get_port(node, 0)}).
 *
 * <p>The HCAs come first, then the switches, each in topology order, so an empty SIM_HOST attaches to the first HCA.
 * ibsim differs here: its default is the first port of its net file whatever the node ({@code sim_net.c
 * set_default_port(NULL)}: {@code default_port = ports}), which is a switch's port 0 when the file starts with a
 * switch - as ibnetdiscover writes it, and as the YAML examples list devices. ibmesh keeps the host as the default
 * place for host software, as it has been since the endpoint exists; a switch is one SIM_HOST away.
 */
final class UmadEndpoint {
    private UmadEndpoint() {}

    /** Starts the server; an empty future value when the fabric has no device to attach host software to. */
    static Future<UmadServer> start(Vertx vertx, Fabric fabric, UmadServerOptions options, MeterRegistry registry) {
        StaticUmadDirectory.Builder directory = StaticUmadDirectory.builder();
        List<Device> devices = fabric.devices();
        boolean any = false;
        for (Device d : devices) {
            if (d instanceof HcaDevice hca) {
                directory.add(
                        hca.name(),
                        hca.deviceConfig().nodeDescription(),
                        HcaHostPort.of(hca).stream()
                                .map(p -> (UmadPort) new AgentUmadPort(p))
                                .toList());
                any = true;
            }
        }
        for (Device d : devices) {
            if (d instanceof SwitchDevice sw) {
                directory.add(
                        sw.name(),
                        sw.deviceConfig().nodeDescription(),
                        List.of(new AgentUmadPort(new SwitchHostPort(sw))));
                any = true;
            }
        }
        if (!any) {
            return Future.succeededFuture(null);
        }
        UmadServer server = new UmadServer(options, directory.build());
        return vertx.deployVerticle(server).map(id -> {
            UmadMetrics.bind(registry, server);
            return server;
        });
    }
}
