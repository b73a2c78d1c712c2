package dev.ibmesh.cli.graph;

import dev.ibmesh.runtime.topology.DeviceSpec;
import dev.ibmesh.runtime.topology.LinkSpec;
import dev.ibmesh.runtime.topology.Topology;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A topology as a graph for documents: Graphviz DOT ({@link #dot}) or Mermaid ({@link #mermaid}). Switches are boxes,
 * HCAs ellipses (Mermaid: stadiums), testers diamonds; each link is an edge labelled with its two port numbers and
 * the width and speed it trains to.
 */
public final class FabricGraph {
    private final Topology topology;

    public FabricGraph(Topology topology) {
        this.topology = topology;
    }

    /** Graphviz DOT, an undirected graph laid out left to right. */
    public String dot() {
        StringBuilder g = new StringBuilder("graph fabric {\n  rankdir=LR;\n  node [fontname=\"Helvetica\"];\n");
        for (DeviceSpec d : topology.devices()) {
            g.append("  ")
                    .append(dotId(d.name()))
                    .append(" [shape=")
                    .append(
                            switch (d.kind()) {
                                case SWITCH -> "box";
                                case HCA -> "ellipse";
                                case TESTER -> "diamond";
                            })
                    .append(", label=")
                    .append(dotId(d.name() + "\\n" + d.kind().label() + ", " + d.numPorts() + " ports"))
                    .append("];\n");
        }
        for (LinkSpec l : topology.links()) {
            g.append("  ")
                    .append(dotId(l.a().port().device()))
                    .append(" -- ")
                    .append(dotId(l.b().port().device()))
                    .append(" [taillabel=\"")
                    .append(l.a().port().port())
                    .append("\", headlabel=\"")
                    .append(l.b().port().port())
                    .append("\", label=\"")
                    .append(rate(l))
                    .append("\"];\n");
        }
        return g.append("}\n").toString();
    }

    /** Mermaid flowchart: node ids are n1, n2, ... (device names may hold what Mermaid ids cannot); labels quoted. */
    public String mermaid() {
        Map<String, String> ids = new LinkedHashMap<>();
        StringBuilder g = new StringBuilder("flowchart LR\n");
        for (DeviceSpec d : topology.devices()) {
            String id = "n" + (ids.size() + 1);
            ids.put(d.name(), id);
            String label = "\"" + mermaidText(d.name()) + "<br/>" + d.kind().label() + "\"";
            g.append("  ")
                    .append(id)
                    .append(
                            switch (d.kind()) {
                                case SWITCH -> "[" + label + "]";
                                case HCA -> "([" + label + "])";
                                case TESTER -> "{" + label + "}";
                            })
                    .append('\n');
        }
        for (LinkSpec l : topology.links()) {
            g.append("  ")
                    .append(ids.get(l.a().port().device()))
                    .append(" ---|\"")
                    .append(l.a().port().port())
                    .append(" - ")
                    .append(l.b().port().port())
                    .append(", ")
                    .append(rate(l))
                    .append("\"| ")
                    .append(ids.get(l.b().port().device()))
                    .append('\n');
        }
        return g.toString();
    }

    /** "4x QDR": what the link trains to (the widest width and fastest speed both ends enable). */
    private static String rate(LinkSpec l) {
        String width = l.activeWidth().map(w -> w.label()).orElse("?");
        String speed = l.activeSpeedExt()
                .map(s -> s.label())
                .or(() -> l.activeSpeed().map(s -> s.label()))
                .orElse("?");
        return width + " " + speed;
    }

    /** A DOT id: a quoted string, quotes escaped (device names hold no backslash; a "\n" put in is a line break). */
    private static String dotId(String text) {
        return "\"" + text.replace("\"", "\\\"") + "\"";
    }

    /** Mermaid label text: quotes become #quot; (Mermaid's entity), nothing else needs escaping inside quotes. */
    private static String mermaidText(String text) {
        return text.replace("\"", "#quot;");
    }
}
