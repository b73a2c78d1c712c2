package dev.ibmesh.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.runtime.topology.DeviationCatalog;
import dev.ibmesh.runtime.topology.Sharding;
import dev.ibmesh.runtime.topology.Topology;
import dev.ibmesh.runtime.topology.TopologyLoader;
import dev.ibmesh.runtime.umad.OfedTools;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sharded fabric across hosts, as pods would run it: each shard in a Linux network namespace of its own with its
 * own address, the namespaces joined by veth pairs on a bridge. ibmesh's SM brings the fabric up and RC traffic
 * crosses hosts; then one host's veth is cut, its cables go down, the SM sweeps the fabric without that shard's
 * switches and reroutes, and traffic flows over what is left; restored, the whole fabric comes back.
 *
 * <p>The topology: h1 on sw1 and h2 on sw2, the two switches joined through two transit switches t1 and t2, in 3
 * shards: shard 0 holds t1, shard 1 sw1, h1 (and the SM) and t2, shard 2 sw2 and h2. Cutting shard 0 leaves one path,
 * through t2. Needs root (CI runs as root) and iproute2.
 */
class ShardedNetnsTest {
    private static final int SHARDS = 3;
    private static final int LINK_PORT = 7100;
    private static final int GRPC_PORT = 9200;
    private static final Duration WITHIN = Duration.ofMinutes(2);
    /** Short, so interface names stay within 15 characters; unique per run on the host. */
    private static final String TOPOLOGY = String.join(
            "\n",
            "devices:",
            "  - {name: t1, kind: switch, ports: 2}",
            "  - {name: sw1, kind: switch, ports: 3}",
            "  - {name: h1, kind: hca, ports: 1}",
            "  - {name: t2, kind: switch, ports: 2}",
            "  - {name: sw2, kind: switch, ports: 3}",
            "  - {name: h2, kind: hca, ports: 1}",
            "links:",
            "  - ends: [sw1/1, h1/1]",
            "  - ends: [sw1/2, t1/1]",
            "  - ends: [sw1/3, t2/1]",
            "  - ends: [sw2/1, h2/1]",
            "  - ends: [sw2/2, t1/2]",
            "  - ends: [sw2/3, t2/2]",
            "");

    private static final String ID = Long.toString(ProcessHandle.current().pid() % 100_000);

    @TempDir
    Path dir;

    private final List<CliProcess> shards = new ArrayList<>();
    private final List<String> namespaces = new ArrayList<>();
    private String bridge;

    @AfterEach
    void tearDown() throws Exception {
        for (CliProcess p : shards) {
            p.stop();
        }
        for (String ns : namespaces) {
            ip("netns", "del", ns); // takes its end of the veth pair, and so the pair, with it
        }
        if (bridge != null) {
            ip("link", "del", bridge);
        }
    }

    @Test
    void shardsInNetworkNamespacesComeUpAndACutVethIsRoutedAround() throws Exception {
        assertEquals(0, Files.getAttribute(Path.of("/proc/self"), "unix:uid"), "network namespaces need root");
        assertTrue(OfedTools.which("ip") != null, "iproute2's ip makes the hosts");
        bridge = "ibr" + ID;
        check(ip("link", "add", bridge, "type", "bridge"));
        check(ip("addr", "add", "10.213.7.254/24", "dev", bridge));
        check(ip("link", "set", bridge, "up"));
        for (int k = 0; k < SHARDS; k++) {
            String ns = "ibmesh-" + ID + "-" + k;
            check(ip("netns", "add", ns));
            namespaces.add(ns);
            check(ip("link", "add", hostVeth(k), "type", "veth", "peer", "name", "ivp" + ID + k));
            check(ip("link", "set", "ivp" + ID + k, "netns", ns));
            check(ip("-n", ns, "addr", "add", address(k) + "/24", "dev", "ivp" + ID + k));
            check(ip("-n", ns, "link", "set", "ivp" + ID + k, "up"));
            check(ip("-n", ns, "link", "set", "lo", "up"));
            check(ip("link", "set", hostVeth(k), "master", bridge));
            check(ip("link", "set", hostVeth(k), "up"));
        }

        Path topology = Files.writeString(dir.resolve("two-paths.yaml"), TOPOLOGY);
        Topology t = TopologyLoader.load(topology, DeviationCatalog.PERMISSIVE);
        Sharding sharding = Sharding.of(t, SHARDS);
        assertEquals(List.of("t1"), names(sharding, 0), "the layout the test cuts");
        assertEquals(List.of("sw1", "h1", "t2"), names(sharding, 1));
        assertEquals(List.of("sw2", "h2"), names(sharding, 2));
        String addresses = IntStream.range(0, SHARDS)
                .mapToObj(k -> address(k) + ":" + LINK_PORT)
                .collect(Collectors.joining(","));
        for (int k = 0; k < SHARDS; k++) {
            List<String> command = new ArrayList<>(List.of("ip", "netns", "exec", namespaces.get(k)));
            command.addAll(CliProcess.command(ShardTestKit.upShard(
                    topology,
                    k,
                    SHARDS,
                    addresses,
                    "--http",
                    "9100",
                    "--grpc",
                    Integer.toString(GRPC_PORT),
                    "--http-host",
                    "0.0.0.0")));
            ProcessBuilder pb = new ProcessBuilder(command);
            pb.environment().remove("IBMESH_LOG_LEVEL");
            shards.add(CliProcess.start("shard " + k, pb));
        }
        for (CliProcess shard : shards) {
            shard.awaitLine("fabric ready", l -> l.startsWith("fabric ready:"), CliProcess.STARTUP);
        }
        String sm = control(1);
        CliProcess smShard = shards.get(1);
        ShardTestKit.awaitSubnet(smShard, 0, sm, t.devices().size(), WITHIN);
        ShardTestKit.rcWrite(dir, sm, "h1", control(2), "h2");

        int beforeCut = smShard.printed();
        // Cut shard 0's host off: t1's cables go down, and h1 reaches h2 through t2 only.
        check(ip("link", "set", hostVeth(0), "down"));
        smShard.awaitLine(
                "sw1's cable to t1 down", l -> l.contains("sw1/2 link down") && l.contains("was up with t1/1"), WITHIN);
        ShardTestKit.awaitSubnet(smShard, beforeCut, sm, t.devices().size() - 1, WITHIN);
        ShardTestKit.rcWrite(dir, sm, "h1", control(2), "h2");

        int beforeRestore = smShard.printed();
        check(ip("link", "set", hostVeth(0), "up"));
        ShardTestKit.awaitSubnet(smShard, beforeRestore, sm, t.devices().size(), WITHIN);
        ShardTestKit.rcWrite(dir, sm, "h1", control(2), "h2");
    }

    private static String address(int shard) {
        return "10.213.7." + (shard + 1);
    }

    private static String hostVeth(int shard) {
        return "ive" + ID + shard;
    }

    /** The control API (and SM, and verbs) of a shard, reached from this host over the bridge. */
    private static String control(int shard) {
        return address(shard) + ":" + GRPC_PORT;
    }

    private static List<String> names(Sharding s, int k) {
        return s.devices(k).stream().map(d -> d.name()).toList();
    }

    /** What {@code ip args...} printed, and its exit code. */
    private record Result(int exit, String output, String command) {}

    private static Result ip(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("ip"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(String.join(" ", command) + " did not finish");
        }
        return new Result(p.exitValue(), out, String.join(" ", command));
    }

    private static void check(Result r) {
        assertEquals(0, r.exit(), r.command() + ": " + r.output());
    }
}
