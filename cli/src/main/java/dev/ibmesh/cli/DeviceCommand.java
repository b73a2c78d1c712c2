package dev.ibmesh.cli;

import dev.ibmesh.runtime.device.DeviceConfig;
import dev.ibmesh.runtime.device.FabricPlan;
import dev.ibmesh.runtime.topology.DeviceSpec;
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
import picocli.CommandLine.Spec;

/**
 * {@code ibmesh device --topology T --name N}: one device of a topology as a standalone service (what a container
 * runs). Its VirtualLink server listens on the device's {@code listen} address; it dials its peers at theirs.
 */
@Command(
        name = "device",
        mixinStandardHelpOptions = true,
        description = "Run one device of a topology as a service; links go to its peers over the network.")
final class DeviceCommand implements Callable<Integer> {
    @Option(names = "--topology", required = true, paramLabel = "FILE", description = "The topology file.")
    Path topology;

    @Option(names = "--name", required = true, paramLabel = "NAME", description = "The device to run.")
    String name;

    @Option(
            names = "--http",
            paramLabel = "PORT",
            description = "Port for /metrics and /health; default: the device's http in the topology, else 9100.")
    Integer httpPort;

    @Mixin
    ServiceOptions service;

    @Mixin
    UmadOptions umad;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        Topology t = TopologyOption.load(topology, spec.commandLine().getErr(), "device");
        if (t == null) {
            return Ibmesh.EXIT_BAD_INPUT;
        }
        DeviceConfig config;
        try {
            config = FabricPlan.standalone(t, name);
        } catch (IllegalArgumentException e) {
            spec.commandLine().getErr().println("ibmesh device: " + e.getMessage());
            return Ibmesh.EXIT_BAD_INPUT;
        }
        DeviceSpec d = t.device(name).orElseThrow();
        int http = httpPort != null ? httpPort : d.http().orElse(9100);
        spec.commandLine()
                .getOut()
                .printf(
                        "ibmesh device: %s (%s, %d ports) listening on %s%n",
                        name, config.kind(), config.ports().size(), config.listenAddress());
        return ServiceRunner.run(
                List.of(config),
                new DeviceKinds(),
                new NettyLinkTransport(),
                service,
                umad.server(Optional.empty()),
                http,
                spec.commandLine().getOut(),
                spec.commandLine().getErr(),
                "device");
    }
}
