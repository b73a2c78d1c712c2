package dev.ibmesh.runtime.topology;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;

/** A YAML mapping checked against the schema: wrong types, unknown keys (typos) and repeated keys are problems. */
public final class YamlMap {
    private final Node node;
    private final String what;
    private final YamlSource source;
    private final Map<String, Node> values = new LinkedHashMap<>();
    private final Map<String, Node> keys = new LinkedHashMap<>();

    private YamlMap(Node node, String what, YamlSource source) {
        this.node = node;
        this.what = what;
        this.source = source;
    }

    /** @param allowed the keys this mapping may have; empty for any key */
    public static Optional<YamlMap> of(Node node, String what, List<String> allowed, YamlSource source) {
        if (!(node instanceof MappingNode mapping)) {
            source.problem(node, what + " must be a mapping (key: value), found " + YamlSource.describe(node));
            return Optional.empty();
        }
        YamlMap map = new YamlMap(node, what, source);
        for (NodeTuple t : mapping.getValue()) {
            Node keyNode = t.getKeyNode();
            if (!(keyNode instanceof ScalarNode k)) {
                source.problem(keyNode, "a key in " + what + " must be text, found " + YamlSource.describe(keyNode));
            } else if (!allowed.isEmpty() && !allowed.contains(k.getValue())) {
                source.problem(
                        k,
                        "unknown key '" + k.getValue() + "' in " + what + "; allowed: " + String.join(", ", allowed));
            } else if (map.values.containsKey(k.getValue())) {
                source.problem(k, "duplicate key '" + k.getValue() + "' in " + what);
            } else {
                map.values.put(k.getValue(), t.getValueNode());
                map.keys.put(k.getValue(), k);
            }
        }
        return Optional.of(map);
    }

    public Map<String, Node> entries() {
        return values;
    }

    public Node key(String key) {
        return keys.get(key);
    }

    public Optional<Node> get(String key) {
        return Optional.ofNullable(values.get(key));
    }

    /** Where the value of {@code key} was written, or where the mapping starts when it is absent. */
    public SourcePosition at(String key) {
        return YamlSource.position(values.getOrDefault(key, node));
    }

    public Optional<Node> required(String key) {
        if (!values.containsKey(key)) {
            source.problem(node, "missing key '" + key + "' in " + what);
        }
        return get(key);
    }

    public Optional<String> text(String key) {
        return get(key).flatMap(n -> source.text(n, "'" + key + "'"));
    }

    public OptionalLong integer(String key, long min, long max) {
        return get(key).map(n -> source.integer(n, "'" + key + "'", min, max)).orElse(OptionalLong.empty());
    }

    public Optional<Boolean> bool(String key) {
        return get(key).flatMap(n -> source.bool(n, "'" + key + "'"));
    }

    public Optional<List<ScalarNode>> scalars(String key) {
        return get(key).flatMap(n -> source.scalars(n, "'" + key + "'"));
    }
}
