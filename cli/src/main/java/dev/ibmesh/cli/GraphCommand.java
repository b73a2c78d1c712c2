package dev.ibmesh.cli;

import dev.ibmesh.cli.graph.FabricGraph;
import dev.ibmesh.runtime.topology.Topology;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code ibmesh graph TOPOLOGY}: the topology as a graph for documents. */
@Command(
        name = "graph",
        mixinStandardHelpOptions = true,
        description = "Write a topology as a graph: Graphviz DOT (dot -Tsvg renders it), a Mermaid flowchart (for"
                + " Markdown that renders Mermaid) or one HTML page drawn as the live view draws it (works offline).")
final class GraphCommand implements Callable<Integer> {
    enum Format {
        dot,
        mermaid,
        html
    }

    @Parameters(paramLabel = "TOPOLOGY", description = "The topology file (YAML or ibnetdiscover's .net).")
    Path topology;

    @Option(
            names = "--format",
            paramLabel = "FORMAT",
            defaultValue = "dot",
            description = "dot, mermaid or html. Default: ${DEFAULT-VALUE}.")
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
        Topology t = TopologyOption.load(topology, spec.commandLine().getErr(), "graph");
        if (t == null) {
            return Ibmesh.EXIT_BAD_INPUT;
        }
        FabricGraph graph = new FabricGraph(t);
        String text = switch (format) {
            case dot -> graph.dot();
            case mermaid -> graph.mermaid();
            case html -> graph.html();
        };
        if (!TextOutput.write(spec.commandLine(), output, text, "graph")) {
            return Ibmesh.EXIT_BAD_INPUT;
        }
        return 0;
    }
}
