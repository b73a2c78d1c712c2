package dev.ibmesh.cli;

import dev.ibmesh.runtime.topology.Topology;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code ibmesh sm --topology T --name H}: ibmesh's SM as a service of its own (what an SM container runs), on HCA
 * {@code H} of the topology, run as {@code ibmesh device} runs it: its links go to its peers over the network, and the
 * SM sweeps the whole fabric through its port. Ready at SUBNET UP; several, with priorities, elect a master.
 */
@Command(
        name = "sm",
        mixinStandardHelpOptions = true,
        description = "Run ibmesh's subnet manager on one HCA of a topology as a service; the HCA's links go to its"
                + " peers over the network. Ready (/health/ready) once the subnet is up.")
final class SmCommand extends DeviceCommand {
    @Option(
            names = "--port",
            paramLabel = "PORT",
            defaultValue = "1",
            description = "The HCA port the SM runs on. Default: ${DEFAULT-VALUE}.")
    int port;

    @Mixin
    SmSettings sm;

    @Option(
            names = "--target",
            paramLabel = "TARGET",
            description = "Run the SM on a fabric ibmesh did not build, instead of an HCA of --topology:"
                    + " ibsim:HOST:PORT,NODE attaches it at NODE of a running OpenFabrics simulator, umad:DEVICE:PORT"
                    + " on a local HCA port through libibumad, gateway:HOST:PORT on the port an ibmesh gateway serves"
                    + " (its token from IBMESH_GATEWAY_TOKEN or IBMESH_GATEWAY_TOKEN_FILE).")
    String target;

    @Option(
            names = "--once",
            description = "With --target: one sweep, then exit (as opensm -o): 0 at SUBNET UP, 1 if the subnet did not"
                    + " come up.")
    boolean once;

    @Override
    public Integer call() {
        if (target == null) {
            if (once) {
                throw new ParameterException(spec.commandLine(), "--once goes with --target");
            }
            return super.call();
        }
        if (topology != null || name != null) {
            throw new ParameterException(
                    spec.commandLine(), "--target runs the SM on a foreign fabric: it takes no --topology or --name");
        }
        try {
            return new ForeignSm(
                            spec.commandLine().getOut(),
                            sm.options(),
                            sm.priority,
                            service.httpHostOr(Optional.empty()),
                            httpPort == null ? 0 : httpPort)
                    .run(target, once);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    @Override
    Optional<EmbeddedSm.Choice> smChoice(Topology t) {
        return Optional.of(EmbeddedSm.Choice.parse("--name/--port", name + "/" + port, t, sm.options(), sm.priority));
    }
}
