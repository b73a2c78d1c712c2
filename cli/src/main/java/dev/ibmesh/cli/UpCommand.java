package dev.ibmesh.cli;

import dev.ibmesh.runtime.device.FabricPlan;
import dev.ibmesh.runtime.topology.DeviceKind;
import dev.ibmesh.runtime.topology.Topology;
import dev.ibmesh.runtime.transport.InProcessLinkTransport;
import dev.ibmesh.runtime.umad.UmadServerOptions;
import dev.ibmesh.sm.SmOptions;
import dev.ibmesh.sm.SubnetManager;
import dev.ibmesh.tester.bench.DeviceKinds;
import java.nio.file.Files;
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

    @Option(
            names = "--routing",
            paramLabel = "ENGINE",
            defaultValue = "minhop",
            description = "The SM's routing engine: ${COMPLETION-CANDIDATES}. Default: ${DEFAULT-VALUE}.",
            completionCandidates = RoutingEngines.class)
    String routing;

    @Option(
            names = "--sm-priority",
            paramLabel = "N",
            defaultValue = "0",
            description = "The SM's priority (0-15; OpenSM's default is 0): of several SMs the highest is master."
                    + " Default: ${DEFAULT-VALUE}.")
    int smPriority;

    @Option(
            names = "--lmc",
            paramLabel = "N",
            defaultValue = "0",
            description =
                    "LMC of the CA ports (0-7): each gets 2^N LIDs, so min-hop can spread paths. Default: ${DEFAULT-VALUE}.")
    int lmc;

    @Option(
            names = "--guid2lid",
            paramLabel = "FILE",
            description = "Where the SM keeps the LIDs it gave, so a restart gives every port the same LIDs again"
                    + " (OpenSM's guid2lid format: either SM can read the other's). Default: none, LIDs are kept"
                    + " in memory only.")
    Path guidToLid;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        Topology t = TopologyOption.load(topology, spec.commandLine().getErr(), "up");
        if (t == null) {
            return Ibmesh.EXIT_BAD_INPUT;
        }
        Optional<EmbeddedSm.Choice> sm;
        try {
            sm = smChoice(t);
        } catch (IllegalArgumentException e) {
            spec.commandLine().getErr().println("ibmesh up: " + e.getMessage());
            return Ibmesh.EXIT_BAD_INPUT;
        }
        spec.commandLine()
                .getOut()
                .printf(
                        "ibmesh up: %s: %d devices, %d links%n",
                        topology, t.devices().size(), t.links().size());
        return ServiceRunner.run(
                FabricPlan.embedded(t),
                new DeviceKinds(),
                new InProcessLinkTransport("up"),
                service,
                umad.server(Optional.of(UmadServerOptions.DEFAULT_PORT)),
                service.httpHostOr(Optional.empty()),
                httpPort,
                Optional.of(grpcPort),
                sm,
                spec.commandLine().getOut(),
                spec.commandLine().getErr(),
                "up");
    }

    /** The SM to run, checked against the topology; empty with --no-sm or when the fabric has no HCA to run it on. */
    private Optional<EmbeddedSm.Choice> smChoice(Topology t) {
        if (noSm) {
            return Optional.empty();
        }
        if (lmc < 0 || lmc > 7) {
            throw new IllegalArgumentException("--lmc " + lmc + ": the LMC is 0-7");
        }
        if (smPriority < 0 || smPriority > 15) {
            throw new IllegalArgumentException("--sm-priority " + smPriority + ": the priority is 0-15");
        }
        if (!SubnetManager.ENGINES.contains(routing)) {
            throw new IllegalArgumentException("--routing " + routing + ": no such engine (choose "
                    + String.join(", ", SubnetManager.ENGINES) + ")");
        }
        if (guidToLid != null && Files.isDirectory(guidToLid)) {
            throw new IllegalArgumentException("--guid2lid " + guidToLid + ": is a directory; give a file");
        }
        SmOptions defaults = SmOptions.defaults().withLmc(lmc).withRouting(routing);
        SmOptions options = guidToLid == null ? defaults : defaults.withGuidToLid(guidToLid);
        if (smPort != null) {
            return Optional.of(EmbeddedSm.Choice.parse(smPort, t, options, smPriority));
        }
        return t.devices().stream()
                .filter(d -> d.kind() == DeviceKind.HCA)
                .findFirst()
                .map(d -> new EmbeddedSm.Choice(d.name(), 1, options, smPriority));
    }

    /** The routing engines, for --help. */
    static final class RoutingEngines implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return SubnetManager.ENGINES.iterator();
        }
    }
}
