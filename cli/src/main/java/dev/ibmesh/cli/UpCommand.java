package dev.ibmesh.cli;

import dev.ibmesh.runtime.device.FabricPlan;
import dev.ibmesh.runtime.topology.DeviceKind;
import dev.ibmesh.runtime.topology.Topology;
import dev.ibmesh.runtime.transport.InProcessLinkTransport;
import dev.ibmesh.runtime.umad.UmadServerOptions;
import dev.ibmesh.sm.SmOptions;
import dev.ibmesh.tester.bench.DeviceKinds;
import java.io.IOException;
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

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        Topology t = TopologyOption.load(topology, spec.commandLine().getErr(), "up");
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
        FabricLock lock;
        try {
            lock = FabricLock.acquire(topology);
        } catch (FabricLock.AlreadyRunning | IOException e) {
            spec.commandLine().getErr().println("ibmesh up: " + e.getMessage());
            return Ibmesh.EXIT_BAD_INPUT;
        }
        // Released however the fabric stops: Ctrl-C or SIGTERM run the hook; a failed start returns below.
        Runtime.getRuntime().addShutdownHook(new Thread(lock::close, "ibmesh-up-lock"));
        spec.commandLine()
                .getOut()
                .printf(
                        "ibmesh up: %s: %d devices, %d links%n",
                        topology, t.devices().size(), t.links().size());
        int exit = ServiceRunner.run(
                FabricPlan.embedded(t),
                new DeviceKinds(),
                new InProcessLinkTransport("up"),
                service,
                umad.server(Optional.of(UmadServerOptions.DEFAULT_PORT)),
                service.httpHostOr(Optional.empty()),
                httpPort,
                Optional.of(grpcPort),
                choice,
                spec.commandLine().getOut(),
                spec.commandLine().getErr(),
                "up");
        lock.close();
        return exit;
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
