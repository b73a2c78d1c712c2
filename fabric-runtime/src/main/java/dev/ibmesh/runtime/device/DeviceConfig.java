package dev.ibmesh.runtime.device;

import dev.ibmesh.runtime.port.PortConfig;
import java.util.List;

/**
 * Everything a device needs to start: identity, ports, the links to dial or accept, and where its own VirtualLink
 * server listens (a device name in one JVM, host:port across processes).
 *
 * @param kind       switch, hca or tester (what the device factory builds)
 * @param deviations the named deviations from the spec this device is started with
 */
public record DeviceConfig(String name, String kind, long nodeGuid, long systemImageGuid, String nodeDescription,
                           List<PortConfig> ports, List<LinkPlan> links, String listenAddress,
                           List<String> deviations) {
    public DeviceConfig {
        ports = List.copyOf(ports);
        links = List.copyOf(links);
        deviations = List.copyOf(deviations);
    }
}
