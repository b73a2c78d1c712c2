package dev.ibmesh.cli.graph;

import dev.ibmesh.runtime.observe.ViewAssets;
import dev.ibmesh.runtime.topology.DeviceSpec;
import dev.ibmesh.runtime.topology.LinkSpec;
import dev.ibmesh.runtime.topology.PortRef;
import dev.ibmesh.runtime.topology.Topology;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A topology as a graph for documents: Graphviz DOT ({@link #dot}), Mermaid ({@link #mermaid}) or one HTML file
 * ({@link #html}) that draws it as the live view does. Switches are boxes, HCAs ellipses (Mermaid: stadiums), testers
 * diamonds; each link is an edge labelled with its two port numbers and the width and speed it trains to.
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

    /**
     * One HTML page that works offline: cytoscape.js and the live view's drawing inlined, the topology as the live
     * view's /api/fabric document (no states: every link "planned", carrying the rate it trains to) in a JSON data
     * block {@code ibmesh-fabric}. The drawing is {@code window.ibmeshGraph}.
     */
    public String html() {
        JsonArray devices = new JsonArray();
        for (DeviceSpec d : topology.devices()) {
            devices.add(new JsonObject()
                    .put("name", d.name())
                    .put("kind", d.kind().label())
                    .put("ports", new JsonArray()));
        }
        JsonArray links = new JsonArray();
        for (LinkSpec l : topology.links()) {
            links.add(new JsonObject()
                    .put("a", end(l.a().port()))
                    .put("b", end(l.b().port()))
                    .put("rate", rate(l)));
        }
        String doc =
                new JsonObject().put("devices", devices).put("links", links).encode();
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>ibmesh fabric</title>\n"
                + "<style>\n" + ViewAssets.css() + "</style>\n</head>\n<body>\n<main><div id=\"graph\"></div></main>\n"
                + "<script type=\"application/json\" id=\"ibmesh-fabric\">" + doc.replace("<", "\\u003c")
                + "</script>\n<script>\n" + ViewAssets.cytoscapeJs() + "\n</script>\n<script>\n"
                + ViewAssets.graphJs()
                + "\n</script>\n<script>\nwindow.ibmeshGraph = ibmeshDraw(document.getElementById("
                + "'graph'), JSON.parse(document.getElementById('ibmesh-fabric').textContent));\n</script>\n"
                + "</body>\n</html>\n";
    }

    private static JsonObject end(PortRef port) {
        return new JsonObject()
                .put("device", port.device())
                .put("port", port.port())
                .put("local", true);
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
