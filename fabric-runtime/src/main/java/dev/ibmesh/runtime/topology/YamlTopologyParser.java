package dev.ibmesh.runtime.topology;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Function;
import java.util.stream.Stream;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.ScalarNode;

/**
 * Reads a topology from YAML. Every problem is reported with file, line and column, all of them at once; nothing
 * partial is returned. The schema (keys are case-sensitive; unknown keys are errors):
 *
 * <pre>
 * devices:                          # required, a list
 *   - name: sw1                     # required, unique; letters, digits . _ : -, at most 50
 *     kind: switch                  # required: switch | hca | tester
 *     ports: 8                      # required: switch 1..254, hca 1..2, tester 1..4
 *     nodeGuid: 0x0002c90200400ad0  # optional; default derived from the name (stable, locally administered)
 *     systemImageGuid: 0x...        # optional; default nodeGuid
 *     portGuids: [0x...]            # optional; switch: port 0's only; hca/tester: one per port.
 *                                   #   default: switch nodeGuid, otherwise nodeGuid + port
 *     nodeDescription: "text"       # optional, at most 64 bytes UTF-8; default "ibmesh KIND NAME"
 *     switch:                       # optional, switches only
 *       enhancedPort0: true         #   default true
 *       linearFdbCap: 0xC000        #   default 49152, 1..49152
 *       multicastFdbCap: 1024       #   default 1024, 0..16383
 *     listen: host:7001             # optional; its VirtualLink server when run as its own process; unique
 *     http: 9101                    # optional; its /metrics and /health port, or host:port, when run as its own
 *                                   #   process; unique. Default: a free port, printed when it starts
 *     deviations: [name, ...]       # optional; names the deviation catalog knows for this kind
 *     vendorId: 0x021b3e            # optional NodeInfo.VendorID, 24 bits; default ibmesh's own
 * links:                            # optional, a list
 *   - ends: [sw1/1, h1/1]           # required: two different device/port
 *     linkWidthSupported: 1x,4x     # optional PortInfo values for both ends: a list or comma-separated text
 *     linkWidthEnabled: 4x          #   widths 1x 2x 4x 8x 12x
 *     linkSpeedSupported: SDR,DDR,QDR
 *     linkSpeedEnabled: QDR         #   speeds SDR DDR QDR
 *     linkSpeedExtSupported: none   #   extended speeds FDR EDR HDR NDR, or none
 *     linkSpeedExtEnabled: none
 *     vlCap: VL0-7                  #   VL0 VL0-1 VL0-3 VL0-7 VL0-14, or the code 1..5
 *     mtuCap: 4096                  #   256 512 1024 2048 4096
 *     overrides:                    # optional; per end, the same keys, over the link's values
 *       h1/1: {linkWidthEnabled: 1x}
 * </pre>
 *
 * Defaults are {@link PortParams#DEFAULT}; an Enabled set not given is the Supported set.
 */
public final class YamlTopologyParser {
    private static final List<String> TOP_KEYS = List.of("devices", "links");
    private static final List<String> DEVICE_KEYS = List.of(
            "name",
            "kind",
            "ports",
            "nodeGuid",
            "systemImageGuid",
            "portGuids",
            "nodeDescription",
            "switch",
            "listen",
            "http",
            "deviations",
            "vendorId");
    private static final List<String> SWITCH_KEYS = List.of("enhancedPort0", "linearFdbCap", "multicastFdbCap");
    private static final List<String> LINK_KEYS = Stream.concat(
                    Stream.of("ends", "overrides"), YamlPortParams.KEYS.stream())
            .toList();

    private final DeviationCatalog catalog;
    private final boolean slice;

    public YamlTopologyParser(DeviationCatalog catalog) {
        this(catalog, false);
    }

    /**
     * @param slice whether the file is one shard's slice ({@code ibmesh k8s --shards}), in which the devices of another
     *              shard share that shard's listen address
     */
    public YamlTopologyParser(DeviationCatalog catalog, boolean slice) {
        this.catalog = catalog;
        this.slice = slice;
    }

    public Topology parse(Path file) throws TopologyException {
        return parse(file.getFileName().toString(), TopologyText.read(file));
    }

    /** @param fileName how messages name the file */
    public Topology parse(String fileName, String text) throws TopologyException {
        Problems problems = new Problems(fileName);
        YamlSource source = new YamlSource(problems);
        Node root = compose(text, problems);
        if (root == null) {
            problems.add(new SourcePosition(1, 1), "the file is empty; expected 'devices:' and 'links:'");
            problems.throwIfAny();
        }
        TopologyBuilder builder = new TopologyBuilder(problems, slice);
        YamlMap.of(root, "the top level", TOP_KEYS, source).ifPresent(top -> {
            top.required("devices")
                    .flatMap(n -> source.sequence(n, "'devices'"))
                    .ifPresent(items -> items.forEach(item -> readDevice(item, source, builder)));
            top.get("links")
                    .flatMap(n -> source.sequence(n, "'links'"))
                    .ifPresent(items -> items.forEach(item -> readLink(item, source, builder)));
        });
        return builder.build();
    }

    /** The document's root node, null when there is none; YAML syntax errors become problems. */
    private static Node compose(String text, Problems problems) throws TopologyException {
        Node root = YamlSource.compose(text, problems);
        problems.throwIfAny();
        return root;
    }

    private void readDevice(Node node, YamlSource source, TopologyBuilder builder) {
        Optional<YamlMap> parsed = YamlMap.of(node, "a device", DEVICE_KEYS, source);
        if (parsed.isEmpty()) {
            return;
        }
        YamlMap m = parsed.get();
        int before = source.problems().count();
        Optional<String> name = m.required("name").flatMap(n -> source.text(n, "'name'"));
        Optional<DeviceKind> kind = m.required("kind")
                .flatMap(n -> source.text(n, "'kind'"))
                .flatMap(k -> {
                    Optional<DeviceKind> known = DeviceKind.parse(k);
                    if (known.isEmpty()) {
                        source.problem(
                                m.get("kind").orElseThrow(), "kind '" + k + "' is not one of " + DeviceKind.labels());
                    }
                    return known;
                });
        OptionalLong ports = m.required("ports").isPresent() ? m.integer("ports", 1, 254) : OptionalLong.empty();
        if (kind.isPresent() && ports.isPresent()) {
            builder.checkPortCount(kind.get(), (int) ports.getAsLong(), m.at("ports"));
        }
        Optional<Long> nodeGuid = guid(m, "nodeGuid", source);
        Optional<Long> systemImageGuid = guid(m, "systemImageGuid", source);
        Optional<List<Long>> portGuids = m.scalars("portGuids").flatMap(items -> guids(items, source));
        Optional<String> description = m.text("nodeDescription");
        Optional<SwitchOptions> switchOptions = kind.flatMap(k -> switchOptions(m, k, source));
        Optional<HostPort> listen = address(m, "listen", HostPort::parse, source);
        Optional<HttpAddress> http = address(m, "http", HttpAddress::parse, source);
        List<String> deviations = kind.map(k -> deviations(m, k, source)).orElse(List.of());
        OptionalLong vendorId = m.get("vendorId").isPresent()
                ? m.integer("vendorId", 0, DeviceSpec.MAX_VENDOR_ID)
                : OptionalLong.of(DeviceSpec.IBMESH_VENDOR_ID);
        if (kind.isPresent() && ports.isPresent() && portGuids.isPresent()) {
            int needed = kind.get().portGuidCount((int) ports.getAsLong());
            if (portGuids.get().size() != needed) {
                source.problem(
                        m.get("portGuids").orElseThrow(),
                        "portGuids has " + portGuids.get().size()
                                + " entries; a " + kind.get().label() + " with " + ports.getAsLong() + " ports needs "
                                + needed
                                + (kind.get() == DeviceKind.SWITCH ? " (port 0's)" : " (one per port, port 1 first)"));
            }
        }
        if (source.problems().count() != before) {
            return;
        }
        long guid = nodeGuid.orElseGet(() -> Guids.derive(name.orElseThrow()));
        int numPorts = (int) ports.getAsLong();
        DeviceSpec device = new DeviceSpec(
                name.orElseThrow(),
                kind.orElseThrow(),
                numPorts,
                guid,
                systemImageGuid.orElse(guid),
                portGuids.orElseGet(() -> DeviceSpec.defaultPortGuids(kind.get(), numPorts, guid)),
                description.orElseGet(() -> DeviceSpec.defaultDescription(name.get(), kind.get())),
                switchOptions,
                listen,
                http,
                deviations,
                (int) vendorId.orElseThrow());
        builder.addDevice(device, m::at);
    }

    /** The value of {@code key} parsed as an address; a parse failure is a problem at the value. */
    private static <T> Optional<T> address(YamlMap m, String key, Function<String, T> parse, YamlSource source) {
        return m.text(key).flatMap(t -> {
            try {
                return Optional.of(parse.apply(t.strip()));
            } catch (IllegalArgumentException e) {
                source.problem(m.get(key).orElseThrow(), key + " " + e.getMessage());
                return Optional.empty();
            }
        });
    }

    private static Optional<Long> guid(YamlMap m, String key, YamlSource source) {
        return m.text(key).flatMap(t -> parseGuid(m.get(key).orElseThrow(), t, key, source));
    }

    private static Optional<Long> parseGuid(Node node, String text, String what, YamlSource source) {
        try {
            return Optional.of(Guids.parse(text));
        } catch (IllegalArgumentException e) {
            source.problem(node, what + ": " + e.getMessage());
            return Optional.empty();
        }
    }

    private static Optional<List<Long>> guids(List<ScalarNode> items, YamlSource source) {
        List<Long> guids = new ArrayList<>();
        for (ScalarNode item : items) {
            parseGuid(item, item.getValue(), "portGuids", source).ifPresent(guids::add);
        }
        return guids.size() == items.size() ? Optional.of(guids) : Optional.empty();
    }

    private static Optional<SwitchOptions> switchOptions(YamlMap m, DeviceKind kind, YamlSource source) {
        if (kind != DeviceKind.SWITCH) {
            m.get("switch")
                    .ifPresent(n -> source.problem(
                            m.key("switch"), "'switch' options are only for kind switch," + " not " + kind.label()));
            return Optional.empty();
        }
        Optional<YamlMap> options = m.get("switch").flatMap(n -> YamlMap.of(n, "'switch'", SWITCH_KEYS, source));
        if (options.isEmpty()) {
            return m.get("switch").isPresent() ? Optional.empty() : Optional.of(SwitchOptions.DEFAULT);
        }
        YamlMap o = options.get();
        SwitchOptions d = SwitchOptions.DEFAULT;
        int before = source.problems().count();
        boolean enhancedPort0 = o.bool("enhancedPort0").orElse(d.enhancedPort0());
        long linear =
                o.integer("linearFdbCap", 1, SwitchOptions.MAX_LINEAR_FDB_CAP).orElse(d.linearFdbCap());
        long multicast = o.integer("multicastFdbCap", 0, SwitchOptions.MAX_MULTICAST_FDB_CAP)
                .orElse(d.multicastFdbCap());
        return source.problems().count() == before
                ? Optional.of(new SwitchOptions(enhancedPort0, (int) linear, (int) multicast))
                : Optional.empty();
    }

    private List<String> deviations(YamlMap m, DeviceKind kind, YamlSource source) {
        List<String> names = new ArrayList<>();
        m.scalars("deviations")
                .ifPresent(items -> items.forEach(item -> {
                    String name = item.getValue().strip();
                    if (catalog.knows(kind.label(), name)) {
                        names.add(name);
                    } else {
                        source.problem(item, Deviations.unknown(kind.label(), name, catalog.names(kind.label())));
                    }
                }));
        return names;
    }

    private static void readLink(Node node, YamlSource source, TopologyBuilder builder) {
        Optional<YamlMap> parsed = YamlMap.of(node, "a link", LINK_KEYS, source);
        if (parsed.isEmpty()) {
            return;
        }
        YamlMap m = parsed.get();
        int before = source.problems().count();
        List<ScalarNode> endNodes =
                m.required("ends").flatMap(n -> source.scalars(n, "'ends'")).orElse(List.of());
        if (m.get("ends").isPresent()
                && endNodes.size() != 2
                && source.problems().count() == before) {
            source.problem(
                    m.get("ends").orElseThrow(),
                    "'ends' must name two ports, like [sw1/1, h1/1]; found " + endNodes.size());
        }
        List<PortRef> ends = new ArrayList<>();
        for (ScalarNode end : endNodes) {
            try {
                ends.add(PortRef.parse(end.getValue().strip()));
            } catch (IllegalArgumentException e) {
                source.problem(end, "link end " + e.getMessage());
            }
        }
        YamlPortParams linkLevel = YamlPortParams.read(m, source);
        Map<PortRef, YamlPortParams> overrides = overrides(m, ends, source);
        if (source.problems().count() != before) {
            return;
        }
        List<LinkEnd> resolved = new ArrayList<>();
        for (PortRef end : ends) {
            YamlPortParams own = overrides.getOrDefault(end, new YamlPortParams());
            YamlPortParams.resolve(linkLevel, own, end, source).ifPresent(p -> resolved.add(new LinkEnd(end, p)));
        }
        if (resolved.size() == 2) {
            Map<String, Node> where = Map.of("ends.0", endNodes.get(0), "ends.1", endNodes.get(1));
            builder.addLink(
                    new LinkSpec(resolved.get(0), resolved.get(1)),
                    key -> where.containsKey(key) ? YamlSource.position(where.get(key)) : m.at(key));
        }
    }

    private static Map<PortRef, YamlPortParams> overrides(YamlMap m, List<PortRef> ends, YamlSource source) {
        Map<PortRef, YamlPortParams> result = new HashMap<>();
        m.get("overrides")
                .flatMap(n -> YamlMap.of(n, "'overrides'", List.of(), source))
                .ifPresent(o -> o.entries().forEach((key, value) -> {
                    Optional<PortRef> port = Optional.empty();
                    try {
                        port = Optional.of(PortRef.parse(key.strip()));
                    } catch (IllegalArgumentException e) {
                        source.problem(o.key(key), "override for " + e.getMessage());
                    }
                    port.ifPresent(p -> {
                        if (!ends.contains(p)) {
                            source.problem(
                                    o.key(key),
                                    "override for " + p + " names a port not on this link ("
                                            + String.join(
                                                    ", ",
                                                    ends.stream()
                                                            .map(PortRef::toString)
                                                            .toList()) + ")");
                        }
                        YamlMap.of(value, "the override for " + p, YamlPortParams.KEYS, source)
                                .ifPresent(params -> result.put(p, YamlPortParams.read(params, source)));
                    });
                }));
        return result;
    }
}
