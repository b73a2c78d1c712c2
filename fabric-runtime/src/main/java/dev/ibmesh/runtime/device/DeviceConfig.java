package dev.ibmesh.runtime.device;

import dev.ibmesh.runtime.port.PortConfig;
import dev.ibmesh.runtime.topology.SwitchOptions;
import java.util.List;
import java.util.Optional;

/**
 * Everything a device needs to start: identity, ports, the links to dial or accept, and where its own VirtualLink
 * server listens (a device name in one JVM, host:port across processes).
 *
 * @param kind          switch, hca or tester (what the device factory builds)
 * @param deviations    the named deviations from the spec this device is started with
 * @param switchOptions a switch's table sizes and port 0 kind; empty for other kinds
 */
public record DeviceConfig(String name, String kind, long nodeGuid, long systemImageGuid, String nodeDescription,
                           List<PortConfig> ports, List<LinkPlan> links, String listenAddress,
                           List<String> deviations, Optional<SwitchOptions> switchOptions) {
    public DeviceConfig {
        ports = List.copyOf(ports);
        links = List.copyOf(links);
        deviations = List.copyOf(deviations);
        switchOptions = switchOptions == null ? Optional.empty() : switchOptions;
    }

    /** A device that is not a switch. */
    public DeviceConfig(String name, String kind, long nodeGuid, long systemImageGuid, String nodeDescription,
                        List<PortConfig> ports, List<LinkPlan> links, String listenAddress, List<String> deviations) {
        this(name, kind, nodeGuid, systemImageGuid, nodeDescription, ports, links, listenAddress, deviations,
                Optional.empty());
    }
}
