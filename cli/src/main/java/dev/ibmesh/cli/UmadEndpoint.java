package dev.ibmesh.cli;

import dev.ibmesh.device.hca.HcaDevice;
import dev.ibmesh.device.hca.HcaUmadPort;
import dev.ibmesh.runtime.device.Device;
import dev.ibmesh.runtime.device.Fabric;
import dev.ibmesh.runtime.umad.StaticUmadDirectory;
import dev.ibmesh.runtime.umad.UmadMetrics;
import dev.ibmesh.runtime.umad.UmadServer;
import dev.ibmesh.runtime.umad.UmadServerOptions;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Future;
import io.vertx.core.Vertx;

/**
 * The umad endpoint of a running fabric: every HCA port, named as ibsim names nodes (the device name for its
 * first port, {@code name@N} for port N, or its NodeDescription), in topology order, so an empty SIM_HOST attaches
 * to the first HCA.
 */
final class UmadEndpoint {
    private UmadEndpoint() {
    }

    /** Starts the server; an empty future value when the fabric has no HCA to attach host software to. */
    static Future<UmadServer> start(Vertx vertx, Fabric fabric, UmadServerOptions options, MeterRegistry registry) {
        StaticUmadDirectory.Builder directory = StaticUmadDirectory.builder();
        boolean any = false;
        for (Device d : fabric.devices()) {
            if (d instanceof HcaDevice hca) {
                directory.add(hca.name(), hca.deviceConfig().nodeDescription(), HcaUmadPort.of(hca));
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
