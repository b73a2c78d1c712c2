package dev.ibmesh.runtime.device;

import dev.ibmesh.runtime.port.PortConfig;
import dev.ibmesh.runtime.topology.DeviceSpec;
import dev.ibmesh.runtime.topology.LinkEnd;
import dev.ibmesh.runtime.topology.LinkSpec;
import dev.ibmesh.runtime.topology.PortParams;
import dev.ibmesh.runtime.topology.PortRef;
import dev.ibmesh.runtime.topology.Sharding;
import dev.ibmesh.runtime.topology.Topology;
import dev.ibmesh.runtime.transport.ShardLinkTransport;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Turns a topology into device configurations. Of each link, the end whose "device/port" sorts first dials and the
 * other accepts. Embedded, every device is addressed by its name over the in-process transport; standalone, each
 * device listens on its topology {@code listen} address and dials its peers' addresses; sharded, a shard's devices
 * reach each other by name and the other shards' devices through those shards' addresses.
 */
public final class FabricPlan {
    private FabricPlan() {}

    /** Every device of the topology, for one JVM. */
    public static List<DeviceConfig> embedded(Topology topology) {
        List<DeviceConfig> configs = new ArrayList<>();
        for (DeviceSpec d : topology.devices()) {
            configs.add(config(topology, d, d.name(), DeviceSpec::name));
        }
        return configs;
    }

    /**
     * The one device {@code name}, for a standalone service whose links go over the network.
     *
     * @throws IllegalArgumentException when the device does not exist, or it or a peer it must dial has no
     *                                  {@code listen} address
     */
    public static DeviceConfig standalone(Topology topology, String name) {
        DeviceSpec d = topology.device(name)
                .orElseThrow(() -> new IllegalArgumentException("the topology has no device '" + name + "'; it has "
                        + topology.devices().stream().map(DeviceSpec::name).toList()));
        return config(topology, d, listen(d), FabricPlan::listen);
    }

    /**
     * The devices of shard {@code k} of {@code sharding}, for one JVM of a sharded fabric: addressed by name inside
     * the shard, and through the address of their shard ({@code shardAddresses}, host:port by shard number) beyond it,
     * over a {@link ShardLinkTransport}.
     */
    public static List<DeviceConfig> shard(Topology topology, Sharding sharding, int k, List<String> shardAddresses) {
        if (shardAddresses.size() != sharding.count()) {
            throw new IllegalArgumentException("a fabric of " + sharding.count() + " shards needs " + sharding.count()
                    + " shard addresses, was given " + shardAddresses.size());
        }
        Address address = peer -> {
            int shard = sharding.shardOf(peer.name());
            return shard == k ? peer.name() : ShardLinkTransport.remote(peer.name(), shardAddresses.get(shard));
        };
        List<DeviceConfig> configs = new ArrayList<>();
        for (DeviceSpec d : sharding.devices(k)) {
            configs.add(config(topology, d, d.name(), address));
        }
        return configs;
    }

    /**
     * The devices of one shard's slice of a fabric (what {@code ibmesh k8s --shards} writes when the whole topology
     * would not fit one ConfigMap): the devices without a {@code listen} address run here; those with one run in
     * another shard, which takes their links at that address.
     *
     * @throws IllegalArgumentException when every device has a listen address (nothing would run here)
     */
    public static List<DeviceConfig> slice(Topology topology) {
        Address address = peer -> peer.listen()
                .map(shard -> ShardLinkTransport.remote(peer.name(), shard.toString()))
                .orElse(peer.name());
        List<DeviceConfig> configs = new ArrayList<>();
        for (DeviceSpec d : topology.devices()) {
            if (d.listen().isEmpty()) {
                configs.add(config(topology, d, d.name(), address));
            }
        }
        if (configs.isEmpty()) {
            throw new IllegalArgumentException("every device of the slice has a listen address, so all run in other"
                    + " shards: a slice runs its devices that have none");
        }
        return configs;
    }

    private interface Address {
        String of(DeviceSpec device);
    }

    private static String listen(DeviceSpec d) {
        return d.listen()
                .orElseThrow(() -> new IllegalArgumentException("device '" + d.name()
                        + "' has no listen address (host:port) in the topology, which a standalone "
                        + "device and its peers need"))
                .toString();
    }

    private static DeviceConfig config(Topology topology, DeviceSpec d, String listenAddress, Address address) {
        List<PortConfig> ports = new ArrayList<>();
        List<LinkPlan> links = new ArrayList<>();
        for (int n = 1; n <= d.numPorts(); n++) {
            PortRef here = new PortRef(d.name(), n);
            Optional<LinkSpec> link = topology.linkAt(here);
            ports.add(portConfig(n, link.map(l -> l.end(here).params()).orElse(PortParams.DEFAULT)));
            if (link.isPresent()) {
                LinkEnd there = link.get().otherEnd(here);
                DeviceSpec peer = topology.device(there.port().device()).orElseThrow();
                boolean dials = here.compareTo(there.port()) < 0;
                links.add(new LinkPlan(n, peer.name(), there.port().port(), dials ? address.of(peer) : null, dials));
            }
        }
        return new DeviceConfig(
                d.name(),
                d.kind().label(),
                d.nodeGuid(),
                d.systemImageGuid(),
                d.nodeDescription(),
                ports,
                links,
                listenAddress,
                d.deviations(),
                d.switchOptions(),
                d.portGuids(),
                d.vendorId());
    }

    private static PortConfig portConfig(int number, PortParams p) {
        return new PortConfig(
                number,
                p.linkWidthSupportedMask(),
                p.linkWidthEnabledMask(),
                p.linkSpeedSupportedMask(),
                p.linkSpeedEnabledMask(),
                p.linkSpeedExtSupportedMask(),
                p.linkSpeedExtEnabledMask(),
                p.vlCap().code(),
                p.mtuCap(),
                PortConfig.DEFAULT_BUFFER_BLOCKS_PER_VL,
                PortConfig.DEFAULT_VL15_BUFFER_PACKETS,
                PortConfig.DEFAULT_QUEUE_PACKETS_PER_VL);
    }
}
