package dev.ibmesh.cli;

import dev.ibmesh.runtime.device.DeviceConfig;
import dev.ibmesh.runtime.device.FabricPlan;
import dev.ibmesh.runtime.topology.HostPort;
import dev.ibmesh.runtime.topology.Sharding;
import dev.ibmesh.runtime.topology.Topology;
import dev.ibmesh.runtime.transport.InProcessLinkTransport;
import dev.ibmesh.runtime.transport.LinkTransport;
import dev.ibmesh.runtime.transport.ShardLinkTransport;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * What one {@code ibmesh up} process runs of a fabric: all of it, shard K of N ({@code --shard K/N}, split by
 * {@link Sharding}), or one shard's slice ({@code --shard-slice}, as {@code ibmesh k8s --shards} writes them). A
 * shard reaches the others' devices over the network and takes their links on {@code listen}.
 *
 * @param part    names the part for the fabric's lock file and the banner: "" for the whole fabric
 * @param listen  where the other shards' links come in; empty for the whole fabric
 * @param summary a line about the part for the banner; empty for the whole fabric
 */
record ShardPlan(String part, List<DeviceConfig> devices, Optional<String> listen, Optional<String> summary) {
    /** Stands for the shard number in a --shard-addresses pattern. */
    static final String SHARD_NUMBER = "{k}";

    /** Every device of the fabric, linked in-process. */
    static ShardPlan whole(Topology topology) {
        return new ShardPlan("", FabricPlan.embedded(topology), Optional.empty(), Optional.empty());
    }

    /**
     * Shard K of N.
     *
     * @param shard     "K/N"
     * @param addresses N host:port separated by commas, or one with {@value #SHARD_NUMBER} in it
     * @param listen    host:port, or null for this shard's own address
     * @throws IllegalArgumentException saying which option is wrong and how
     */
    static ShardPlan shard(String shard, String addresses, String listen, Topology topology) {
        String[] kn = shard.split("/", -1);
        int k;
        int n;
        try {
            if (kn.length != 2) {
                throw new NumberFormatException();
            }
            k = Integer.parseInt(kn[0].strip());
            n = Integer.parseInt(kn[1].strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--shard must be K/N, shard K (0..N-1) of N, was '" + shard + "'");
        }
        if (n < 1 || k < 0 || k >= n) {
            throw new IllegalArgumentException("--shard " + shard + ": K must be 0.." + (n - 1) + " for N = " + n);
        }
        Sharding sharding = Sharding.of(topology, n);
        if (n == 1) {
            return whole(topology); // nothing crosses a network
        }
        if (addresses == null) {
            throw new IllegalArgumentException("--shard " + shard + " needs --shard-addresses: where each of the " + n
                    + " shards takes the links the others dial");
        }
        List<String> each = expand(addresses, n);
        for (String a : each) {
            HostPort.parse(a);
        }
        String own = listen != null ? listen : each.get(k);
        HostPort.parse(own);
        List<DeviceConfig> devices = FabricPlan.shard(topology, sharding, k, each);
        return new ShardPlan(
                "shard " + k + "/" + n,
                devices,
                Optional.of(own),
                Optional.of(String.format(
                        "shard %d of %d: %d devices, %d ports, %d links to other shards",
                        k, n, devices.size(), sharding.ports(k), crossLinks(devices))));
    }

    /**
     * One shard's slice: its devices are those without a listen address.
     *
     * @param listen host:port, required
     * @throws IllegalArgumentException when {@code listen} is missing or wrong, or the slice runs nothing here
     */
    static ShardPlan slice(Topology topology, String listen) {
        if (listen == null) {
            throw new IllegalArgumentException(
                    "--shard-slice needs --shard-listen HOST:PORT: where the other shards' links come in");
        }
        HostPort.parse(listen);
        List<DeviceConfig> devices = FabricPlan.slice(topology);
        return new ShardPlan(
                "slice",
                devices,
                Optional.of(listen),
                Optional.of(String.format(
                        "a slice: %d of its %d devices run here, %d links to other shards",
                        devices.size(), topology.devices().size(), crossLinks(devices))));
    }

    private static List<String> expand(String addresses, int n) {
        if (addresses.contains(SHARD_NUMBER)) {
            return IntStream.range(0, n)
                    .mapToObj(k -> addresses.replace(SHARD_NUMBER, Integer.toString(k)))
                    .toList();
        }
        List<String> each =
                Arrays.stream(addresses.split(",", -1)).map(String::strip).toList();
        if (each.size() != n) {
            throw new IllegalArgumentException("--shard-addresses gives " + each.size() + " address(es) for " + n
                    + " shards: give " + n + " host:port separated by commas, or one with " + SHARD_NUMBER
                    + " for the shard number");
        }
        return each;
    }

    /** The links of {@code devices} to devices that run elsewhere. */
    private static long crossLinks(List<DeviceConfig> devices) {
        Set<String> here = devices.stream().map(DeviceConfig::name).collect(Collectors.toSet());
        return devices.stream()
                .flatMap(d -> d.links().stream())
                .filter(l -> !here.contains(l.peerDevice()))
                .count();
    }

    /** Whether {@code device} runs in this process. */
    boolean runs(String device) {
        return devices.stream().anyMatch(d -> d.name().equals(device));
    }

    /** How the devices reach each other and the other shards; a shard's starts listening for their links. */
    LinkTransport transport() throws IOException {
        if (listen.isEmpty()) {
            return new InProcessLinkTransport("up");
        }
        ShardLinkTransport t = new ShardLinkTransport("up");
        t.listen(listen.get());
        return t;
    }
}
