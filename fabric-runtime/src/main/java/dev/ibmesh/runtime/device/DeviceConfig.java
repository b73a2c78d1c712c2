package dev.ibmesh.runtime.device;

import dev.ibmesh.runtime.port.PortConfig;
import dev.ibmesh.runtime.topology.DeviceSpec;
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
 * @param portGuids     a switch: port 0's GUID; a CA: one per port, port 1 first; empty: the node GUID for a switch,
 *                      node GUID + port number for a CA (the topology's defaults)
 * @param vendorId      NodeInfo.VendorID (the topology's, else {@link DeviceSpec#IBMESH_VENDOR_ID})
 */
public record DeviceConfig(
        String name,
        String kind,
        long nodeGuid,
        long systemImageGuid,
        String nodeDescription,
        List<PortConfig> ports,
        List<LinkPlan> links,
        String listenAddress,
        List<String> deviations,
        Optional<SwitchOptions> switchOptions,
        List<Long> portGuids,
        int vendorId) {
    public DeviceConfig {
        ports = List.copyOf(ports);
        links = List.copyOf(links);
        deviations = List.copyOf(deviations);
        switchOptions = switchOptions == null ? Optional.empty() : switchOptions;
        portGuids = portGuids == null ? List.of() : List.copyOf(portGuids);
    }

    /** A device with ibmesh's own vendor ID. */
    public DeviceConfig(
            String name,
            String kind,
            long nodeGuid,
            long systemImageGuid,
            String nodeDescription,
            List<PortConfig> ports,
            List<LinkPlan> links,
            String listenAddress,
            List<String> deviations,
            Optional<SwitchOptions> switchOptions,
            List<Long> portGuids) {
        this(
                name,
                kind,
                nodeGuid,
                systemImageGuid,
                nodeDescription,
                ports,
                links,
                listenAddress,
                deviations,
                switchOptions,
                portGuids,
                DeviceSpec.IBMESH_VENDOR_ID);
    }

    /** A device whose port GUIDs are the topology's defaults. */
    public DeviceConfig(
            String name,
            String kind,
            long nodeGuid,
            long systemImageGuid,
            String nodeDescription,
            List<PortConfig> ports,
            List<LinkPlan> links,
            String listenAddress,
            List<String> deviations,
            Optional<SwitchOptions> switchOptions) {
        this(
                name,
                kind,
                nodeGuid,
                systemImageGuid,
                nodeDescription,
                ports,
                links,
                listenAddress,
                deviations,
                switchOptions,
                List.of());
    }

    /** A device that is not a switch. */
    public DeviceConfig(
            String name,
            String kind,
            long nodeGuid,
            long systemImageGuid,
            String nodeDescription,
            List<PortConfig> ports,
            List<LinkPlan> links,
            String listenAddress,
            List<String> deviations) {
        this(
                name,
                kind,
                nodeGuid,
                systemImageGuid,
                nodeDescription,
                ports,
                links,
                listenAddress,
                deviations,
                Optional.empty());
    }

    /** The GUID of end port {@code port}: a CA's port 1..N, or a switch's port 0 (any number gives it). */
    public long portGuid(int port) {
        if (switchOptions.isPresent()) {
            return portGuids.isEmpty() ? nodeGuid : portGuids.get(0);
        }
        return portGuids.isEmpty() ? nodeGuid + port : portGuids.get(port - 1);
    }
}
