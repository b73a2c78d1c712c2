package dev.ibmesh.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.proto.sm.v1.GetStatusRequest;
import dev.ibmesh.proto.sm.v1.SmStatus;
import dev.ibmesh.proto.sm.v1.SubnetManagerGrpc;
import dev.ibmesh.runtime.umad.OfedTools;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** What the tests of sharded fabrics share: the SM's view of the subnet, and RC traffic between two HCAs. */
final class ShardTestKit {
    private ShardTestKit() {}

    /** The arguments of {@code ibmesh up} for shard {@code k} of {@code n}, then {@code more}, without the umad endpoint. */
    static String[] upShard(Path topology, int k, int n, String addresses, String... more) {
        List<String> args = new ArrayList<>(List.of(
                "up", topology.toString(), "--shard", k + "/" + n, "--shard-addresses", addresses, "--no-umad"));
        args.addAll(List.of(more));
        return args.toArray(String[]::new);
    }

    /**
     * Waits until the SM that {@code smProcess} runs logs a SUBNET UP of {@code nodes} nodes after its first {@code
     * from} lines, then reads its status at {@code target}, which must say the same.
     */
    static SmStatus awaitSubnet(CliProcess smProcess, int from, String target, int nodes, Duration within)
            throws InterruptedException {
        String up = "SUBNET UP: " + nodes + " nodes";
        smProcess.awaitLine(up, l -> l.contains(up), within, from);
        ManagedChannel channel =
                ManagedChannelBuilder.forTarget(target).usePlaintext().build();
        try {
            SmStatus status = SubnetManagerGrpc.newBlockingStub(channel)
                    .withDeadlineAfter(10, TimeUnit.SECONDS)
                    .getStatus(GetStatusRequest.getDefaultInstance());
            assertTrue(status.getSubnetUp(), status::toString);
            assertEquals(nodes, status.getLastSweep().getNodes(), status::toString);
            return status;
        } finally {
            channel.shutdownNow();
        }
    }

    /**
     * Runs the Node.js verbs example between HCA {@code a} (verbs at {@code targetA}) and {@code b} (at {@code
     * targetB}) and checks its RDMA WRITE arrived.
     */
    static void rcWrite(Path dir, String targetA, String a, String targetB, String b)
            throws IOException, InterruptedException {
        String node = OfedTools.which("node");
        String npm = OfedTools.which("npm");
        assertTrue(node != null && npm != null, "Node.js runs the verbs example (apt-get install nodejs npm)");
        Path example = ExampleClient.ROOT.resolve("examples/node");
        ExampleClient.Finished ci =
                ExampleClient.run(dir, example, npm, "ci", "--no-audit", "--no-fund", "--prefer-offline");
        assertEquals(0, ci.exit(), "npm ci:\n" + ci.output());
        ExampleClient.Finished script =
                ExampleClient.run(dir, example, node, "rc-write-send.js", targetA + "," + targetB, a, b);
        assertEquals(0, script.exit(), "the example:\n" + script.output());
        String arrived = "RDMA WRITE: \"RDMA WRITE from " + a + " to " + b + "\" arrived";
        assertTrue(script.output().lines().anyMatch(arrived::equals), script.output());
    }
}
