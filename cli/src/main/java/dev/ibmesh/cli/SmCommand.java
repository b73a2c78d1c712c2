package dev.ibmesh.cli;

import dev.ibmesh.runtime.topology.Topology;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

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

    @Override
    Optional<EmbeddedSm.Choice> smChoice(Topology t) {
        return Optional.of(EmbeddedSm.Choice.parse("--name/--port", name + "/" + port, t, sm.options(), sm.priority));
    }
}
