package dev.ibmesh.runtime.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ShardingTest {
    private final Topology fatTree = new FatTree(648, 36).topology();

    @Test
    void everyDeviceIsInExactlyOneShardAndTheShardsAreBalancedByPortCount() {
        Sharding s = Sharding.of(fatTree, 4);
        Set<String> seen = new HashSet<>();
        for (int k = 0; k < 4; k++) {
            for (DeviceSpec d : s.devices(k)) {
                assertTrue(seen.add(d.name()), d.name() + " is in two shards");
                assertEquals(k, s.shardOf(d.name()));
            }
        }
        assertEquals(fatTree.devices().size(), seen.size(), "every device has a shard");
        int total = IntStream.range(0, 4).map(s::ports).sum();
        int largest =
                fatTree.devices().stream().mapToInt(DeviceSpec::numPorts).max().orElseThrow();
        for (int k = 0; k < 4; k++) {
            assertTrue(
                    Math.abs(s.ports(k) - total / 4) <= largest,
                    "shard " + k + " has " + s.ports(k) + " ports, a fair share is " + total / 4);
        }
    }

    @Test
    void anHcaRunsInTheShardOfTheSwitchItIsCabledTo() {
        Sharding s = Sharding.of(fatTree, 5);
        for (LinkSpec l : fatTree.links()) {
            String a = l.a().port().device();
            String b = l.b().port().device();
            if (a.startsWith("h") || b.startsWith("h")) {
                assertEquals(s.shardOf(a), s.shardOf(b), l + " crosses shards");
            }
        }
    }

    @Test
    void theSplitDependsOnlyOnTheTopologyAndTheCount() {
        Sharding first = Sharding.of(fatTree, 3);
        Sharding second = Sharding.of(new FatTree(648, 36).topology(), 3);
        for (int k = 0; k < 3; k++) {
            assertEquals(names(first.devices(k)), names(second.devices(k)));
        }
    }

    @Test
    void oneShardIsTheWholeFabricInFileOrder() {
        assertEquals(names(fatTree.devices()), names(Sharding.of(fatTree, 1).devices(0)));
    }

    @Test
    void aCountThatLeavesAShardEmptyOrNoneIsRefused() {
        Topology pair = new FatTree(1, 2).topology();
        int devices = pair.devices().size();
        IllegalArgumentException tooMany =
                assertThrows(IllegalArgumentException.class, () -> Sharding.of(pair, devices + 1));
        assertTrue(tooMany.getMessage().contains("1.." + devices), tooMany.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Sharding.of(pair, 0));
        IllegalArgumentException empty = assertThrows(IllegalArgumentException.class, () -> Sharding.of(pair, devices));
        assertTrue(empty.getMessage().contains("would be empty"), empty.getMessage());
        assertThrows(
                IllegalArgumentException.class, () -> Sharding.of(fatTree, 1).shardOf("nobody"));
    }

    private static List<String> names(List<DeviceSpec> devices) {
        return devices.stream().map(DeviceSpec::name).toList();
    }
}
