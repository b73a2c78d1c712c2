package dev.ibmesh.cli;

import dev.ibmesh.runtime.device.DeviceConfig;
import dev.ibmesh.runtime.device.FabricPlan;
import dev.ibmesh.runtime.topology.HttpAddress;
import dev.ibmesh.runtime.topology.Topology;
import dev.ibmesh.runtime.transport.NettyLinkTransport;
import dev.ibmesh.tester.bench.DeviceKinds;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code ibmesh device --topology T --name N}: one device of a topology as a standalone service (what a container
 * runs). Its VirtualLink server listens on the device's {@code listen} address; it dials its peers at theirs.
 */
@Command(
        name = "device",
        mixinStandardHelpOptions = true,
        description = "Run one device of a topology as a service; links go to its peers over the network.")
class DeviceCommand implements Callable<Integer> {
    @Option(names = "--topology", paramLabel = "FILE", description = "The topology file (required).")
    Path topology;

    @Option(names = "--name", paramLabel = "NAME", description = "The device to run (required).")
    String name;

    @Option(
            names = "--http",
            paramLabel = "PORT",
            description = "Port for /metrics and /health (0 picks a free one). Default: the device's http in the "
                    + "topology, else a free port; the one taken is printed.")
    Integer httpPort;

    @Option(
            names = "--grpc",
            paramLabel = "PORT",
            defaultValue = "0",
            converter = ServiceOptions.NonNegative.class,
            description =
                    "Port for the control API (gRPC ibmesh.fabric.v1.Fabric, which `ibmesh fabric` drives, and the"
                            + " HCAs' ibmesh.verbs.v1.Verbs), on"
                            + " the HTTP host. Default: a free port (0); the one taken is printed.")
    int grpcPort;

    @Mixin
    ServiceOptions service;

    @Mixin
    UmadOptions umad;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        String command = spec.name();
        // Checked here, not by picocli: `ibmesh sm --target` runs without them.
        if (topology == null || name == null) {
            throw new ParameterException(
                    spec.commandLine(),
                    "Missing required option: '" + (topology == null ? "--topology=FILE" : "--name=NAME") + "'");
        }
        Topology t = TopologyOption.load(topology, spec.commandLine().getErr(), command);
        if (t == null) {
            return Ibmesh.EXIT_BAD_INPUT;
        }
        DeviceConfig config;
        Optional<EmbeddedSm.Choice> sm;
        try {
            config = FabricPlan.standalone(t, name);
            sm = smChoice(t);
        } catch (IllegalArgumentException e) {
            spec.commandLine().getErr().println("ibmesh " + command + ": " + e.getMessage());
            return Ibmesh.EXIT_BAD_INPUT;
        }
        // Several devices share a host, so none takes a fixed port unless the topology or the command line says so.
        Optional<HttpAddress> http = t.device(name).orElseThrow().http();
        spec.commandLine()
                .getOut()
                .printf(
                        "ibmesh %s: %s (%s, %d ports) listening on %s%n",
                        command, name, config.kind(), config.ports().size(), config.listenAddress());
        return ServiceRunner.run(
                List.of(config),
                new DeviceKinds(),
                new NettyLinkTransport(),
                service,
                umad.server(Optional.empty()),
                service.httpHostOr(http.flatMap(HttpAddress::host)),
                httpPort != null ? httpPort : http.map(HttpAddress::port).orElse(0),
                Optional.of(grpcPort),
                sm,
                spec.commandLine().getOut(),
                spec.commandLine().getErr(),
                command);
    }

    /** The SM this device runs: none for a plain device ({@code ibmesh sm} runs one). */
    Optional<EmbeddedSm.Choice> smChoice(Topology t) {
        return Optional.empty();
    }
}
