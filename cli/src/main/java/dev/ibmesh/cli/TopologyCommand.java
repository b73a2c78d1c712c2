package dev.ibmesh.cli;

import dev.ibmesh.runtime.topology.FatTree;
import dev.ibmesh.runtime.topology.NetTopologyWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code ibmesh topology fat-tree}: writes generated topologies, for fabrics too large to write by hand. */
@Command(
        name = "topology",
        mixinStandardHelpOptions = true,
        description = "Generate topology files.",
        subcommands = {TopologyCommand.FatTreeCommand.class})
final class TopologyCommand {
    enum Format {
        yaml,
        net
    }

    @Command(
            name = "fat-tree",
            mixinStandardHelpOptions = true,
            description = "A full-bisection two-level fat tree: leaves of RADIX ports (half to HCAs, half to the"
                    + " spines), one link from every leaf to every spine. --hcas 648 --radix 36 is the 702-node"
                    + " fabric; --hcas 2048 --radix 64 the 2,144-node one.")
    static final class FatTreeCommand implements Callable<Integer> {
        @Option(names = "--hcas", required = true, paramLabel = "N", description = "HCAs: a multiple of RADIX/2.")
        int hcas;

        @Option(names = "--radix", defaultValue = "36", paramLabel = "RADIX", description = "Ports per leaf switch.")
        int radix;

        @Option(
                names = "--format",
                defaultValue = "yaml",
                paramLabel = "FORMAT",
                description = "yaml (ibmesh's format) or net (ibnetdiscover's, as ibsim reads it). Default: yaml.")
        Format format;

        @Option(
                names = {"-o", "--output"},
                paramLabel = "FILE",
                description = "Write here instead of stdout.")
        Path output;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            FatTree tree;
            try {
                tree = new FatTree(hcas, radix);
            } catch (IllegalArgumentException e) {
                spec.commandLine().getErr().println("ibmesh topology fat-tree: " + e.getMessage());
                return 2;
            }
            String text = format == Format.yaml ? tree.yaml() : new NetTopologyWriter().write(tree.topology());
            if (!TextOutput.write(spec.commandLine(), output, text, "topology fat-tree")) {
                return Ibmesh.EXIT_BAD_INPUT;
            }
            if (output == null) {
                return 0;
            }
            spec.commandLine()
                    .getOut()
                    .printf(
                            "%s: %d devices (%d HCAs, %d leaves, %d spines)%n",
                            output, tree.devices(), hcas, tree.leaves(), tree.spines());
            return 0;
        }
    }
}
