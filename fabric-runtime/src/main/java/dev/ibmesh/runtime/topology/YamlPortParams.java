package dev.ibmesh.runtime.topology;

import dev.ibmesh.wire.Mtu;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.ScalarNode;

/**
 * The PortInfo keys a link, or one end of it, sets in YAML. Parsed per level, then merged: the end's value, else the
 * link's, else {@link PortParams#DEFAULT}; an Enabled set nobody gave is the Supported set (as LinkWidthEnabled 255
 * means in a Set(PortInfo)).
 */
final class YamlPortParams {
    static final List<String> KEYS = List.of(
            "linkWidthSupported",
            "linkWidthEnabled",
            "linkSpeedSupported",
            "linkSpeedEnabled",
            "linkSpeedExtSupported",
            "linkSpeedExtEnabled",
            "vlCap",
            "mtuCap");
    private static final String MTU_BYTES = "256, 512, 1024, 2048, 4096";

    private final Map<String, Object> values = new HashMap<>();
    private final Map<String, Node> nodes = new HashMap<>();

    static YamlPortParams read(YamlMap map, YamlSource source) {
        YamlPortParams p = new YamlPortParams();
        p.readSet(map, source, "linkWidthSupported", LinkWidth.CHOICES);
        p.readSet(map, source, "linkWidthEnabled", LinkWidth.CHOICES);
        p.readSet(map, source, "linkSpeedSupported", LinkSpeed.CHOICES);
        p.readSet(map, source, "linkSpeedEnabled", LinkSpeed.CHOICES);
        p.readSet(map, source, "linkSpeedExtSupported", LinkSpeedExt.CHOICES);
        p.readSet(map, source, "linkSpeedExtEnabled", LinkSpeedExt.CHOICES);
        map.text("vlCap").ifPresent(t -> p.put(map, source, "vlCap", VlCap::parse, t));
        map.text("mtuCap").ifPresent(t -> p.put(map, source, "mtuCap", YamlPortParams::mtu, t));
        return p;
    }

    private static Mtu mtu(String text) {
        try {
            return Mtu.ofBytes(Integer.parseInt(text.strip()));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("MTUCap '" + text.strip() + "' is not one of " + MTU_BYTES);
        }
    }

    private <E extends Enum<E> & Coded> void readSet(YamlMap map, YamlSource source, String key, Choices<E> choices) {
        map.scalars(key).ifPresent(items -> {
            Set<E> all = choices.copy(List.of());
            boolean ok = true;
            for (ScalarNode item : items) {
                // "none" is how an empty set (no extended speeds) is written
                if (items.size() == 1 && item.getValue().strip().equalsIgnoreCase("none")) {
                    break;
                }
                try {
                    all = union(all, choices.parseList(item.getValue()));
                } catch (IllegalArgumentException e) {
                    source.problem(item, e.getMessage());
                    ok = false;
                }
            }
            if (ok) {
                values.put(key, all);
                nodes.put(key, map.get(key).orElseThrow());
            }
        });
    }

    private static <E extends Enum<E>> Set<E> union(Set<E> a, Set<E> b) {
        if (a.isEmpty()) {
            return b;
        }
        EnumSet<E> u = EnumSet.copyOf(a);
        u.addAll(b);
        return u;
    }

    private void put(YamlMap map, YamlSource source, String key, Function<String, ?> parse, String text) {
        Node node = map.get(key).orElseThrow();
        try {
            values.put(key, parse.apply(text));
            nodes.put(key, node);
        } catch (IllegalArgumentException e) {
            source.problem(node, e.getMessage());
        }
    }

    /** The parameters of {@code port}: {@code end} over {@code link} over the defaults; empty when they conflict. */
    static Optional<PortParams> resolve(YamlPortParams link, YamlPortParams end, PortRef port, YamlSource source) {
        Merged m = new Merged(link, end, port, source);
        int before = source.problems().count();
        PortParams p = new PortParams(
                m.set("linkWidthSupported", PortParams.DEFAULT.linkWidthSupported()),
                m.enabled("linkWidthEnabled", "linkWidthSupported", PortParams.DEFAULT.linkWidthSupported(), false),
                m.set("linkSpeedSupported", PortParams.DEFAULT.linkSpeedSupported()),
                m.enabled("linkSpeedEnabled", "linkSpeedSupported", PortParams.DEFAULT.linkSpeedSupported(), false),
                m.set("linkSpeedExtSupported", PortParams.DEFAULT.linkSpeedExtSupported()),
                m.enabled(
                        "linkSpeedExtEnabled",
                        "linkSpeedExtSupported",
                        PortParams.DEFAULT.linkSpeedExtSupported(),
                        true),
                m.value("vlCap", PortParams.DEFAULT.vlCap()),
                m.value("mtuCap", PortParams.DEFAULT.mtuCap()));
        return source.problems().count() == before ? Optional.of(p) : Optional.empty();
    }

    /** The values of one end after merging, with the checks that need both Supported and Enabled. */
    private record Merged(YamlPortParams link, YamlPortParams end, PortRef port, YamlSource source) {
        private Optional<YamlPortParams> level(String key) {
            return end.values.containsKey(key)
                    ? Optional.of(end)
                    : link.values.containsKey(key) ? Optional.of(link) : Optional.empty();
        }

        @SuppressWarnings("unchecked")
        <T> T value(String key, T fallback) {
            return level(key).map(l -> (T) l.values.get(key)).orElse(fallback);
        }

        <E extends Enum<E>> Set<E> set(String key, Set<E> fallback) {
            return value(key, fallback);
        }

        <E extends Enum<E> & Coded> Set<E> enabled(
                String key, String supportedKey, Set<E> defaultSupported, boolean mayBeEmpty) {
            Set<E> supported = set(supportedKey, defaultSupported);
            Set<E> enabled = set(key, supported);
            Optional<Node> at = level(key).map(l -> l.nodes.get(key));
            Node where = at.or(() -> level(supportedKey).map(l -> l.nodes.get(supportedKey)))
                    .orElse(null);
            if (where != null && enabled.isEmpty() && !mayBeEmpty) {
                source.problem(where, key + " of " + port + " is empty; a port needs at least one");
            } else if (where != null && !supported.containsAll(enabled)) {
                source.problem(
                        where,
                        key + " " + Choices.text(enabled) + " of " + port + " is not within " + supportedKey + " "
                                + Choices.text(supported));
            }
            return enabled;
        }
    }
}
