package dev.ibmesh.runtime.topology;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A deterministic split of a topology's devices into {@code count} shards, each a process of its own, balanced by port
 * count (a port is what a device costs: its buffers, its link, its share of the traffic). Every process of a sharded
 * fabric computes the same split from the same topology, so nobody has to hand it out.
 *
 * <p>Each switch goes with the channel adapters cabled to it, so that in a fat tree a leaf and its hosts share a
 * process and only switch-to-switch links cross shards. These groups (switches in file order, each with its channel
 * adapters not placed yet, then every device left alone) are laid out in a row that is cut into {@code count} runs of
 * about equal port count: a shard holds within one group's ports of a fair share.
 */
public final class Sharding {
    private final int count;
    private final Map<String, Integer> shardOf = new TreeMap<>();
    private final List<List<DeviceSpec>> shards = new ArrayList<>();

    private Sharding(int count) {
        this.count = count;
        for (int k = 0; k < count; k++) {
            shards.add(new ArrayList<>());
        }
    }

    /**
     * Splits {@code topology} into {@code count} shards.
     *
     * @throws IllegalArgumentException when {@code count} is below 1 or above the number of devices (a shard would
     *                                  be empty)
     */
    public static Sharding of(Topology topology, int count) {
        int devices = topology.devices().size();
        if (count < 1 || count > devices) {
            throw new IllegalArgumentException(
                    "the number of shards must be 1.." + devices + " (one device at least in each), was " + count);
        }
        Sharding s = new Sharding(count);
        List<List<DeviceSpec>> groups = groups(topology);
        long total = topology.devices().stream().mapToLong(DeviceSpec::numPorts).sum();
        long before = 0;
        for (List<DeviceSpec> group : groups) {
            long ports = group.stream().mapToLong(DeviceSpec::numPorts).sum();
            // The shard whose fair share holds the middle of this group's ports.
            int k = (int) Math.min(count - 1, (2 * before + ports) * count / (2 * total));
            group.forEach(d -> s.shardOf.put(d.name(), k));
            before += ports;
        }
        for (DeviceSpec d : topology.devices()) {
            s.shards.get(s.shardOf.get(d.name())).add(d);
        }
        for (int k = 0; k < count; k++) {
            if (s.shards.get(k).isEmpty()) {
                throw new IllegalArgumentException("shard " + k + " of " + count + " would be empty: a switch and its"
                        + " channel adapters stay together, so this topology splits into fewer shards");
            }
        }
        return s;
    }

    /** Each switch in file order with its channel adapters not yet placed, then each device not placed yet. */
    private static List<List<DeviceSpec>> groups(Topology topology) {
        Set<DeviceSpec> placed = new HashSet<>();
        List<List<DeviceSpec>> groups = new ArrayList<>();
        for (DeviceSpec d : topology.devices()) {
            if (d.kind() != DeviceKind.SWITCH) {
                continue;
            }
            List<DeviceSpec> group = new ArrayList<>(List.of(d));
            placed.add(d);
            for (int port = 1; port <= d.numPorts(); port++) {
                topology.peer(new PortRef(d.name(), port))
                        .flatMap(p -> topology.device(p.device()))
                        .filter(peer -> peer.kind() != DeviceKind.SWITCH && placed.add(peer))
                        .ifPresent(group::add);
            }
            groups.add(group);
        }
        for (DeviceSpec d : topology.devices()) {
            if (placed.add(d)) {
                groups.add(List.of(d));
            }
        }
        return groups;
    }

    public int count() {
        return count;
    }

    /** The shard (0..count-1) that runs {@code device}. */
    public int shardOf(String device) {
        Integer k = shardOf.get(device);
        if (k == null) {
            throw new IllegalArgumentException("no device '" + device + "' in the sharded topology");
        }
        return k;
    }

    /** The devices of shard {@code k}, in file order. */
    public List<DeviceSpec> devices(int k) {
        return Collections.unmodifiableList(shards.get(k));
    }

    /** The ports of shard {@code k}'s devices. */
    public int ports(int k) {
        return shards.get(k).stream().mapToInt(DeviceSpec::numPorts).sum();
    }
}
