package dev.ibmesh.cli;

import dev.ibmesh.runtime.device.FabricPlan;
import dev.ibmesh.runtime.topology.Topology;
import dev.ibmesh.runtime.transport.InProcessLinkTransport;
import dev.ibmesh.runtime.umad.UmadServerOptions;
import dev.ibmesh.tester.bench.DeviceKinds;
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
        description = "Start every device of a topology (YAML or ibnetdiscover/ibsim net file) in this JVM.")
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
            description = "Start without ibmesh's own subnet manager, so that an SM attached through "
                    + "the umad endpoint (OpenSM) is master. ibmesh has no subnet manager of its own yet, so today every "
                    + "fabric starts this way.")
    boolean noSm;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        Topology t = TopologyOption.load(topology, spec.commandLine().getErr(), "up");
        if (t == null) {
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
                spec.commandLine().getOut(),
                spec.commandLine().getErr(),
                "up");
    }
}
