package dev.ibmesh.cli;

import dev.ibmesh.runtime.topology.DeviceKind;
import dev.ibmesh.runtime.topology.Topology;
import dev.ibmesh.runtime.transport.LinkTransport;
import dev.ibmesh.runtime.umad.UmadServerOptions;
import dev.ibmesh.sm.SmOptions;
import dev.ibmesh.tester.bench.DeviceKinds;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code ibmesh up TOPOLOGY}: every device of a fabric in this JVM, linked in-process, until interrupted. */
@Command(
        name = "up",
        mixinStandardHelpOptions = true,
        description =
                "Start every device of a topology (YAML or ibnetdiscover/ibsim net file) in this JVM, with ibmesh's"
                        + " subnet manager on the first HCA (--no-sm to bring your own).")
final class UpCommand implements Callable<Integer> {
    @Parameters(paramLabel = "TOPOLOGY", description = "The topology file.")
    Path topology;

    @Option(
            names = "--http",
            paramLabel = "PORT",
            defaultValue = "9100",
            description = "Port for /metrics and /health (0 picks a free one). Default: ${DEFAULT-VALUE}.")
    int httpPort;

    @Option(
            names = "--grpc",
            paramLabel = "PORT",
            defaultValue = "9200",
            converter = ServiceOptions.NonNegative.class,
            description =
                    "Port for the control API (gRPC ibmesh.fabric.v1.Fabric, which `ibmesh fabric` drives, and the"
                            + " HCAs' ibmesh.verbs.v1.Verbs), on"
                            + " the --http-host address (0 picks a free one). Default: ${DEFAULT-VALUE}.")
    int grpcPort;

    @Mixin
    ServiceOptions service;

    @Mixin
    UmadOptions umad;

    @Option(
            names = "--no-sm",
            description = "Start without ibmesh's own subnet manager, so that an SM attached through the umad endpoint"
                    + " (OpenSM) is master. Then the fabric is ready once its links have trained, every port Init.")
    boolean noSm;

    @Option(
            names = "--sm-port",
            paramLabel = "HCA[/PORT]",
            description = "The HCA port ibmesh's SM runs on. Default: port 1 of the topology's first HCA.")
    String smPort;

    @Mixin
    SmSettings sm;

    @Option(
            names = "--shard",
            paramLabel = "K/N",
            description = "Run only shard K (0..N-1) of N: a deterministic 1/N of the devices, balanced by port count,"
                    + " each switch with its HCAs. Links inside the shard stay in this JVM; links to other shards go"
                    + " over the network to --shard-addresses. The SM runs in the shard that holds its HCA.")
    String shard;

    @Option(
            names = "--shard-addresses",
            paramLabel = "ADDRESSES",
            description = "With --shard: where each shard takes the links the others dial, N host:port separated by"
                    + " commas in shard order, or one in which " + ShardPlan.SHARD_NUMBER + " stands for the shard"
                    + " number (ibmesh-shard-" + ShardPlan.SHARD_NUMBER + ".ibmesh-fabric:7100).")
    String shardAddresses;

    @Option(
            names = "--shard-listen",
            paramLabel = "HOST:PORT",
            description = "With --shard or --shard-slice: the address to listen on for the other shards' links"
                    + " (0.0.0.0:7100 in a pod). Default with --shard: this shard's own entry of --shard-addresses.")
    String shardListen;

    @Option(
            names = "--shard-slice",
            description = "TOPOLOGY is one shard's slice, as `ibmesh k8s --shards` writes them: run its devices that"
                    + " have no listen address; those with one run in other shards, reached at that address. Needs"
                    + " --shard-listen.")
    boolean shardSlice;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        Topology t = TopologyOption.load(topology, spec.commandLine().getErr(), "up", shardSlice);
        if (t == null) {
            return Ibmesh.EXIT_BAD_INPUT;
        }
        Optional<EmbeddedSm.Choice> choice;
        try {
            choice = smChoice(t);
        } catch (IllegalArgumentException e) {
            spec.commandLine().getErr().println("ibmesh up: " + e.getMessage());
            return Ibmesh.EXIT_BAD_INPUT;
        }
        ShardPlan plan;
        try {
            plan = plan(t);
        } catch (IllegalArgumentException e) {
            spec.commandLine().getErr().println("ibmesh up: " + e.getMessage());
            return Ibmesh.EXIT_BAD_INPUT;
        }
        Optional<EmbeddedSm.Choice> smHere = choice.filter(c -> plan.runs(c.device()));
        FabricLock lock;
        try {
            lock = FabricLock.acquire(topology, plan.part());
        } catch (FabricLock.AlreadyRunning | IOException e) {
            spec.commandLine().getErr().println("ibmesh up: " + e.getMessage());
            return Ibmesh.EXIT_BAD_INPUT;
        }
        // Released however the fabric stops: Ctrl-C or SIGTERM run the hook; a failed start returns below.
        Runtime.getRuntime().addShutdownHook(new Thread(lock::close, "ibmesh-up-lock"));
        PrintWriter out = spec.commandLine().getOut();
        out.printf(
                "ibmesh up: %s: %d devices, %d links%n",
                topology, t.devices().size(), t.links().size());
        LinkTransport transport;
        try {
            transport = plan.transport();
        } catch (IOException | RuntimeException e) {
            spec.commandLine()
                    .getErr()
                    .println("ibmesh up: cannot listen for the other shards' links on "
                            + plan.listen().orElseThrow() + " (--shard-listen): " + e.getMessage());
            lock.close();
            return Ibmesh.EXIT_BAD_INPUT;
        }
        plan.summary()
                .ifPresent(line -> out.printf(
                        "ibmesh up: %s, taken on %s%s%n",
                        line, plan.listen().orElseThrow(), smHere.isPresent() ? "; the SM runs here" : ""));
        int exit = ServiceRunner.run(
                plan.devices(),
                new DeviceKinds(),
                transport,
                service,
                umad.server(Optional.of(UmadServerOptions.DEFAULT_PORT)),
                service.httpHostOr(Optional.empty()),
                httpPort,
                Optional.of(grpcPort),
                smHere,
                out,
                spec.commandLine().getErr(),
                "up");
        lock.close();
        return exit;
    }

    /** What this process runs of the fabric, from the shard options. */
    private ShardPlan plan(Topology t) {
        if (shardSlice) {
            if (shard != null || shardAddresses != null) {
                throw new IllegalArgumentException(
                        "--shard-slice runs the slice it is given: no --shard or" + " --shard-addresses with it");
            }
            return ShardPlan.slice(t, shardListen);
        }
        if (shard != null) {
            return ShardPlan.shard(shard, shardAddresses, shardListen, t);
        }
        if (shardAddresses != null || shardListen != null) {
            throw new IllegalArgumentException(
                    "--shard-addresses and --shard-listen need --shard K/N or --shard-slice");
        }
        return ShardPlan.whole(t);
    }

    /** The SM to run, checked against the topology; empty with --no-sm or when the fabric has no HCA to run it on. */
    private Optional<EmbeddedSm.Choice> smChoice(Topology t) {
        if (noSm) {
            return Optional.empty();
        }
        SmOptions options = sm.options();
        if (smPort != null) {
            return Optional.of(EmbeddedSm.Choice.parse("--sm-port", smPort, t, options, sm.priority));
        }
        return t.devices().stream()
                .filter(d -> d.kind() == DeviceKind.HCA)
                .findFirst()
                .map(d -> new EmbeddedSm.Choice(d.name(), 1, options, sm.priority));
    }
}
