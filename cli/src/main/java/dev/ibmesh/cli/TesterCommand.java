package dev.ibmesh.cli;

import dev.ibmesh.runtime.device.DeviceConfig;
import dev.ibmesh.runtime.device.FabricPlan;
import dev.ibmesh.runtime.topology.HttpAddress;
import dev.ibmesh.runtime.topology.Topology;
import dev.ibmesh.runtime.transport.NettyLinkTransport;
import dev.ibmesh.tester.run.UsageException;
import dev.ibmesh.tester.service.TesterServiceDevices;
import dev.ibmesh.tester.target.TopologyTarget;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ibmesh tester --topology T --name N}: a topology's tester device as a standalone service (what its container
 * runs). Like {@code ibmesh device}, it serves its links and the gRPC health service on its {@code listen} address
 * and dials its peers at theirs; next to them it serves the tester service ({@code ibmesh.tester.v1.Tester}), which
 * runs conformance procedures against the devices cabled to it, one run at a time.
 */
@Command(
        name = "tester",
        mixinStandardHelpOptions = true,
        description = "Run a topology's tester device as a service: gRPC ibmesh.tester.v1.Tester on its listen"
                + " address runs procedures against the devices cabled to it.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:stopped (SIGINT or SIGTERM)",
            "1:the topology, the tester or its DUTs cannot be used; the message says why",
            "2:wrong usage"
        })
final class TesterCommand implements Callable<Integer> {
    @Option(names = "--topology", required = true, paramLabel = "FILE", description = "The topology file.")
    Path topology;

    @Option(names = "--name", required = true, paramLabel = "NAME", description = "The tester device to run.")
    String name;

    @Option(
            names = "--http",
            paramLabel = "PORT",
            description = "Port for /metrics and /health (0 picks a free one). Default: the tester's http in the "
                    + "topology, else a free port; the one taken is printed.")
    Integer httpPort;

    @Option(
            names = "--runs-dir",
            paramLabel = "DIR",
            defaultValue = "tester-runs",
            description = "Where each run's traces and reports go, in a directory named by its run id."
                    + " Default: ${DEFAULT-VALUE}.")
    Path runsDir;

    @Option(
            names = "--timeout",
            paramLabel = "SECONDS",
            defaultValue = "120",
            description =
                    "The longest a procedure run may take before it is stopped as an ERROR. Default: ${DEFAULT-VALUE}.")
    int timeoutSeconds;

    @Option(
            names = "--ready",
            paramLabel = "SECONDS",
            defaultValue = "30",
            description = "How long a procedure run waits for the link to its DUT to come up before it is an ERROR."
                    + " Default: ${DEFAULT-VALUE}.")
    int readySeconds;

    @Mixin
    ServiceOptions service;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (timeoutSeconds < 1 || readySeconds < 1) {
            err.println("ibmesh tester: --timeout and --ready must be at least 1 second");
            return TestCommand.EXIT_USAGE;
        }
        Topology t = TopologyOption.load(topology, err, "tester");
        if (t == null) {
            return Ibmesh.EXIT_BAD_INPUT;
        }
        TesterServiceDevices devices;
        DeviceConfig config;
        try {
            devices = TesterServiceDevices.standalone(
                    t,
                    name,
                    new TesterServiceDevices.Options(
                            runsDir, Duration.ofSeconds(timeoutSeconds), Duration.ofSeconds(readySeconds)));
            config = FabricPlan.standalone(t, name);
        } catch (UsageException | IllegalArgumentException e) {
            err.println("ibmesh tester: " + e.getMessage());
            return Ibmesh.EXIT_BAD_INPUT;
        }
        // Several devices share a host, so none takes a fixed port unless the topology or the command line says so.
        Optional<HttpAddress> http = t.device(name).orElseThrow().http();
        out.printf(
                "ibmesh tester: %s serves ibmesh.tester.v1.Tester on %s; it tests %s; runs go to %s%n",
                name, config.listenAddress(), duts(devices.cables()), runsDir.toAbsolutePath());
        return ServiceRunner.run(
                List.of(config),
                devices,
                new NettyLinkTransport(),
                service,
                Optional.empty(),
                service.httpHostOr(http.flatMap(HttpAddress::host)),
                httpPort != null ? httpPort : http.map(HttpAddress::port).orElse(0),
                Optional.empty(),
                Optional.empty(),
                out,
                err,
                "tester");
    }

    private static String duts(List<TopologyTarget.Cabling> cables) {
        return cables.stream()
                .map(c -> c.dut() + " (" + c.dutKind() + ") on port " + c.testerPort())
                .collect(Collectors.joining(", "));
    }
}
