package dev.ibmesh.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.proto.sm.v1.SmStatus;
import dev.ibmesh.runtime.topology.FatTree;
import dev.ibmesh.runtime.topology.Sharding;
import dev.ibmesh.runtime.topology.Topology;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ibmesh up --shard K/N}: the 702-node fat tree (648 HCAs, 36-port switches) as 4 shard processes linked over
 * loopback TCP. Every shard becomes ready, ibmesh's SM in the shard of the first HCA brings the whole fabric to
 * SUBNET UP, and RC traffic flows between HCAs of different shards (the Node.js example, given each HCA's shard).
 */
class ShardedFabricTest {
    private static final int SHARDS = 4;
    private static final Duration SUBNET_UP = Duration.ofMinutes(3);

    @TempDir
    Path dir;

    private final List<CliProcess> started = new ArrayList<>();

    @AfterEach
    void stop() throws InterruptedException {
        for (CliProcess p : started) {
            p.stop();
        }
    }

    @Test
    void fourShardsOfA702NodeFatTreeComeUpUnderOneSmAndCarryTrafficBetweenThem() throws Exception {
        FatTree tree = new FatTree(648, 36);
        Path topology = Files.writeString(dir.resolve("fat-tree.yaml"), tree.yaml());
        String addresses = Arrays.stream(FreePorts.tcp(SHARDS))
                .mapToObj(p -> "127.0.0.1:" + p)
                .collect(Collectors.joining(","));
        for (int k = 0; k < SHARDS; k++) {
            started.add(CliProcess.start(
                    "shard " + k,
                    Map.of(),
                    ShardTestKit.upShard(topology, k, SHARDS, addresses, "--http", "0", "--grpc", "0")));
        }
        Topology t = tree.topology();
        Sharding sharding = Sharding.of(t, SHARDS);
        int smShard = sharding.shardOf("h1");
        List<String> control = new ArrayList<>();
        for (int k = 0; k < SHARDS; k++) {
            CliProcess shard = started.get(k);
            String prefix = "ibmesh up: shard " + k + " of " + SHARDS;
            String banner = shard.awaitLine("the shard banner", l -> l.startsWith(prefix), CliProcess.STARTUP);
            assertEquals(k == smShard, banner.endsWith("the SM runs here"), banner);
            control.add(ExampleClient.controlTarget(shard));
        }
        for (CliProcess shard : started) {
            shard.awaitLine("fabric ready", l -> l.startsWith("fabric ready:"), CliProcess.STARTUP);
        }

        SmStatus status = ShardTestKit.awaitSubnet(
                started.get(smShard), 0, control.get(smShard), t.devices().size(), SUBNET_UP);
        assertTrue(status.getLastSweep().getProblemsList().isEmpty(), status.toString());

        String last = "h" + tree.leaves() * (36 / 2);
        assertTrue(sharding.shardOf(last) != smShard, "the HCAs talk across shards");
        ShardTestKit.rcWrite(dir, control.get(smShard), "h1", control.get(sharding.shardOf(last)), last);
    }
}
