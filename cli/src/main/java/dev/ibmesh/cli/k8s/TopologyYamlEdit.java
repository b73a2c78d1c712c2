package dev.ibmesh.cli.k8s;

import java.io.StringReader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * A topology in ibmesh's YAML format edited as a YAML node tree, so every key it keeps keeps its text (a GUID stays
 * the hex the user wrote): devices and links left out, and each device's {@code listen} set or removed. Its
 * {@code http} always goes: the pod's command line sets it.
 */
final class TopologyYamlEdit {
    private final String yaml;

    TopologyYamlEdit(String yaml) {
        this.yaml = yaml;
    }

    /**
     * The topology with only the devices {@code keep} accepts and the links with an end on a device {@code linked}
     * accepts, each device's listen address {@code listen} gives (none when empty).
     */
    String edited(Predicate<String> keep, Predicate<String> linked, Function<String, Optional<String>> listen) {
        Node root = new Yaml().compose(new StringReader(yaml));
        if (root instanceof MappingNode top) {
            for (NodeTuple t : top.getValue()) {
                if (!(t.getValueNode() instanceof SequenceNode items)) {
                    continue;
                }
                switch (scalar(t.getKeyNode())) {
                    case "devices" -> {
                        items.getValue().removeIf(d -> !keep.test(value(d, "name")));
                        for (Node d : items.getValue()) {
                            rewrite((MappingNode) d, listen.apply(value(d, "name")));
                        }
                    }
                    case "links" ->
                        items.getValue().removeIf(l -> ends(l).stream().noneMatch(linked));
                    default -> {}
                }
            }
        }
        StringWriter out = new StringWriter();
        new Yaml(KustomizeBase.options()).serialize(root, out);
        return out.toString().endsWith("\n") ? out.toString() : out + "\n";
    }

    private static void rewrite(MappingNode device, Optional<String> listen) {
        List<NodeTuple> kept = new ArrayList<>(device.getValue().stream()
                .filter(t -> !Set.of("listen", "http").contains(scalar(t.getKeyNode())))
                .toList());
        listen.ifPresent(address -> kept.add(new NodeTuple(plain("listen"), plain(address))));
        device.setValue(kept);
    }

    /** The value of {@code key} in a mapping, "" when absent or not a scalar. */
    private static String value(Node mapping, String key) {
        return mapping instanceof MappingNode m
                ? m.getValue().stream()
                        .filter(t -> scalar(t.getKeyNode()).equals(key))
                        .map(t -> scalar(t.getValueNode()))
                        .findFirst()
                        .orElse("")
                : "";
    }

    /** The devices a link's {@code ends} name ("sw1/3" gives "sw1"). */
    private static List<String> ends(Node link) {
        if (link instanceof MappingNode m) {
            for (NodeTuple t : m.getValue()) {
                if (scalar(t.getKeyNode()).equals("ends") && t.getValueNode() instanceof SequenceNode ends) {
                    return ends.getValue().stream()
                            .map(TopologyYamlEdit::scalar)
                            .map(e -> e.contains("/") ? e.substring(0, e.lastIndexOf('/')) : e)
                            .toList();
                }
            }
        }
        return List.of();
    }

    private static String scalar(Node n) {
        return n instanceof ScalarNode s ? s.getValue() : "";
    }

    private static ScalarNode plain(String text) {
        return new ScalarNode(Tag.STR, text, null, null, DumperOptions.ScalarStyle.PLAIN);
    }
}
