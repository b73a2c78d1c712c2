package dev.ibmesh.tester.generator.scenario;

import dev.ibmesh.device.hca.transport.HcaDeviation;
import dev.ibmesh.device.sw.SwitchDeviation;
import dev.ibmesh.runtime.topology.DeviationCatalog;
import dev.ibmesh.runtime.topology.Deviations;
import dev.ibmesh.runtime.topology.Problems;
import dev.ibmesh.runtime.topology.SourcePosition;
import dev.ibmesh.runtime.topology.Topology;
import dev.ibmesh.runtime.topology.TopologyException;
import dev.ibmesh.runtime.topology.TopologyLoader;
import dev.ibmesh.runtime.topology.TopologyProblem;
import dev.ibmesh.runtime.topology.YamlMap;
import dev.ibmesh.runtime.topology.YamlSource;
import dev.ibmesh.tester.engine.Speed;
import dev.ibmesh.tester.engine.Width;
import dev.ibmesh.tester.generator.Fault;
import dev.ibmesh.tester.generator.Sequence;
import dev.ibmesh.tester.run.UsageException;
import dev.ibmesh.tester.target.TopologyTarget;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.yaml.snakeyaml.nodes.Node;

/**
 * Reads a packet generator scenario (what {@code ibmesh generate SCENARIO.yaml} runs) from YAML. Every problem is
 * reported with file, line and column, the field and what it allows, all of them at once; nothing partial is
 * returned. Keys are case-sensitive; unknown keys are errors. Numbers are decimal or 0x-hex.
 *
 * <pre>
 * dut:                        # required: the device under test
 *   kind: switch              #   switch | hca: an embedded DUT, started on a SimpleLink with the tester
 *   deviations: [name, ...]   #   optional, embedded only: deviations to start it with (as in a topology)
 *   topology: fabric.yaml     #   or: a topology file (relative to this file), whose devices all start in this
 *   device: sw1               #     JVM; the DUT is this device, reached through the (first) device of kind tester
 *                             #     cabled to it, as ibmesh test --topology FILE --dut NAME does
 * link:                       # optional, embedded only: the SimpleLink's width and speed (both ends enable only these)
 *   width: 4x                 #   1x 2x 4x 8x 12x; default 4x
 *   speed: QDR                #   SDR DDR QDR FDR EDR HDR; default QDR
 * linkPackets: false          # optional: also record and print the link's flow-control packets, the tester's and the
 *                             #   DUT's (each end sends them when credit moves, and as a keep-alive); default false
 * packets:                    # required, a list, sent in order; each entry a data packet or a flow-control packet:
 *   - name: good SMP          #   optional, for the output; default "packet N"
 *     count: 1                #   optional: copies to send, 1..1000000; default 1
 *     gap: 1ms                #   optional: idle time after each copy leaves (ns us ms s); default 0, back to back
 *     credits: obey           #   optional, data packets: obey | ignore the DUT's link credits; default obey
 *     error: bad-vcrc         #   optional: an error to inject, {kind: pktlen, value: 9}, or a list of them:
 *                             #     bad-vcrc bad-icrc pktlen paylen padcnt lver vl dlid slid truncate excess ebp
 *                             #     (data packets), bad-lpcrc truncate excess (flow-control packets); a kind's
 *                             #     value replaces its default (lver 1, vl: the first VL at or above the DUT port's
 *                             #     OperationalVLs, dlid and slid 0, pktlen/paylen/padcnt: the right value + 1/4/1,
 *                             #     truncate and excess 4 bytes)
 *     lrh: {vl: 0, lver: 0, sl: 0, reserved1: 0, dlid: dut, reserved2: 0, slid: tester}
 *                             #   LIDs: a number, or dut, tester, permissive; lnh: 0 or 1 makes a raw packet
 *                             #   (then 'payload' is its body); PktLen is computed
 *     grh: {ipVer: 6, tClass: 0, flowLabel: 0, nxtHdr: 0x1B, hopLmt: 0, sgid: HEX16, dgid: HEX16}
 *                             #   optional: makes the packet global; PayLen is computed
 *     bth: {opCode: RC_SEND_ONLY, solicitedEvent: false, migReq: false, tver: 0, pKey: 0xFFFF, resv8a: 0,
 *           destQp: 0, ackReq: false, reserved7: 0, psn: 0}
 *                             #   opCode: an IBA name or 0..255, required unless 'mad' is given; PadCnt is computed
 *     rdeth: {reserved, eeContext}          # the extended headers the opcode carries, each optional, sent in
 *     deth: {qKey, reserved, srcQp}         #   IBA order; they must be the ones the opcode carries, unless
 *     reth: {virtualAddress, rKey, dmaLength}                              #   'anyHeaders: true'
 *     atomicEth: {virtualAddress, rKey, swapOrAddData, compareData}
 *     aeth: {syndrome, msn}
 *     atomicAckEth: {originalRemoteData}
 *     immDt: {data}
 *     ieth: {rKey}
 *     payload: "00 01 02 03"  #   the payload as hex bytes; or
 *     payloadSize: 256        #   this many zero bytes, 0..4096; or
 *     mad: {class: SubnMgt, method: Get, attribute: NodeInfo, modifier: 0, tid: 1, mKey: 0, path: [1],
 *           data: HEX, baseVersion: 1, classVersion: 1, status: 0}
 *                             #   a MAD: class, method and attribute by IBA name or number; tid default the entry's
 *                             #   number; mKey for SMPs, path (the directed route) for SubnMgtDR, which is sent as
 *                             #   the originator's SMI puts it on the wire (HopPointer 1, C14-9:1). Without 'bth' the
 *                             #   packet is a UD SEND Only to QP0 on VL15 (SubnMgt, SubnMgtDR; DLID and SLID
 *                             #   permissive for SubnMgtDR) or to QP1 with the GSI Q_Key (other classes) (IBA 13.5)
 *   - flowControl: {op: 0, fctbs: 0, vl: 0, fccl: 0}    # a flow-control packet; any value of each field
 *     error: bad-lpcrc
 * sink: 100ms                 # optional: keep capturing what arrives this long after the last packet; default 0
 * output: out.pcap            # optional: the pcap file (relative to the current directory); default NAME.pcap
 * </pre>
 */
public final class ScenarioParser {
    private static final List<String> TOP_KEYS = List.of("dut", "link", "linkPackets", "packets", "sink", "output");
    private static final List<String> DUT_KEYS = List.of("kind", "deviations", "topology", "device");
    private static final List<String> LINK_KEYS = List.of("width", "speed");
    private static final List<String> DATA_KEYS = Stream.of(
                    List.of("lrh", "grh", "bth"),
                    PacketReader.ETH_KEYS,
                    List.of("anyHeaders", "mad", "payload", "payloadSize"))
            .flatMap(List::stream)
            .toList();
    private static final List<String> ENTRY_KEYS = Stream.concat(
                    Stream.of("name", "count", "gap", "credits", "error", "flowControl"), DATA_KEYS.stream())
            .toList();
    private static final int MAX_COUNT = 1_000_000;

    private final DeviationCatalog catalog;

    public ScenarioParser(DeviationCatalog catalog) {
        this.catalog = catalog;
    }

    /** A parser that knows the deviations of ibmesh's own switch and HCA. */
    public static ScenarioParser forEmbeddedDevices() {
        return new ScenarioParser(DeviationCatalog.of(Map.of(
                "switch", Deviations.labels(SwitchDeviation.class), "hca", Deviations.labels(HcaDeviation.class))));
    }

    /** Reads {@code file}; a topology it names is found relative to it. */
    public Scenario parse(Path file) throws ScenarioException, IOException {
        Path dir = file.toAbsolutePath().getParent();
        return parse(String.valueOf(file.getFileName()), Files.readString(file, StandardCharsets.UTF_8), dir);
    }

    /**
     * @param fileName how messages name the file
     * @param dir      where relative topology paths start
     */
    public Scenario parse(String fileName, String text, Path dir) throws ScenarioException {
        Problems problems = new Problems(fileName);
        YamlSource source = new YamlSource(problems);
        Reading r = new Reading(new ScenarioValues(source), dir);
        Node root = YamlSource.compose(text, problems);
        if (root == null && problems.count() == 0) {
            problems.add(new SourcePosition(1, 1), "the file is empty; expected 'dut:' and 'packets:'");
        }
        Optional<Scenario> scenario = root == null
                ? Optional.empty()
                : YamlMap.of(root, "the top level", TOP_KEYS, source)
                        .flatMap(top -> r.scenario(top, baseName(fileName)));
        if (problems.count() > 0 || scenario.isEmpty()) {
            throw new ScenarioException(problems.all());
        }
        return scenario.get();
    }

    private static String baseName(String fileName) {
        int dot = fileName.lastIndexOf('.');
        return dot > 0 ? fileName.substring(0, dot) : fileName;
    }

    /** One file being read. */
    private final class Reading {
        private final ScenarioValues values;
        private final YamlSource source;
        private final PacketReader packets;
        private final Path dir;

        Reading(ScenarioValues values, Path dir) {
            this.values = values;
            this.source = values.source();
            this.packets = new PacketReader(values);
            this.dir = dir;
        }

        Optional<Scenario> scenario(YamlMap top, String name) {
            Optional<Scenario.Dut> dut = top.required("dut").flatMap(this::dut);
            boolean embedded = dut.map(d -> d instanceof Scenario.Embedded).orElse(true);
            Optional<YamlMap> link = top.get("link").flatMap(n -> YamlMap.of(n, "'link'", LINK_KEYS, source));
            if (!embedded && top.get("link").isPresent()) {
                source.problem(
                        top.key("link"),
                        "'link' is for an embedded DUT; the links of a topology say their own width and speed");
            }
            Width width = link.flatMap(l -> choice(l, "width", Width.values(), Width::label))
                    .orElse(Width.X4);
            Speed speed = link.flatMap(l -> choice(l, "speed", Speed.values(), Speed::name))
                    .orElse(Speed.QDR);
            boolean linkPackets = top.bool("linkPackets").orElse(false);
            List<Scenario.Entry> entries = new ArrayList<>();
            top.required("packets")
                    .flatMap(n -> source.sequence(n, "'packets'"))
                    .ifPresent(items -> {
                        if (items.isEmpty()) {
                            source.problem(top.get("packets").orElseThrow(), "'packets' must list at least one packet");
                        }
                        for (int i = 0; i < items.size(); i++) {
                            entry(items.get(i), i + 1).ifPresent(entries::add);
                        }
                    });
            Duration sink =
                    top.get("sink").flatMap(n -> values.duration(n, "'sink'")).orElse(Duration.ZERO);
            Optional<Path> output = top.text("output").map(t -> Path.of(t.strip()));
            return dut.map(d -> new Scenario(name, d, width, speed, linkPackets, entries, sink, output));
        }

        private <E> Optional<E> choice(YamlMap m, String key, E[] all, java.util.function.Function<E, String> label) {
            Optional<String> text = m.text(key);
            if (text.isEmpty()) {
                return Optional.empty();
            }
            Optional<E> found = Arrays.stream(all)
                    .filter(e -> label.apply(e).equalsIgnoreCase(text.get().strip()))
                    .findFirst();
            if (found.isEmpty()) {
                source.problem(
                        m.get(key).orElseThrow(),
                        key + " '" + text.get().strip() + "' is not one of "
                                + Arrays.stream(all).map(label).collect(Collectors.joining(", ")));
            }
            return found;
        }

        // ---- dut ----

        private Optional<Scenario.Dut> dut(Node node) {
            Optional<YamlMap> parsed = YamlMap.of(node, "'dut'", DUT_KEYS, source);
            if (parsed.isEmpty()) {
                return Optional.empty();
            }
            YamlMap m = parsed.get();
            boolean kind = m.get("kind").isPresent();
            boolean topology = m.get("topology").isPresent();
            if (kind == topology) {
                values.problem(
                        m.at("kind"),
                        kind
                                ? "'dut' has both 'kind' and 'topology'; give one"
                                : "'dut' needs 'kind' (an embedded switch or hca) or 'topology' and 'device'");
                return Optional.empty();
            }
            return kind ? embedded(m) : inTopology(m);
        }

        private Optional<Scenario.Dut> embedded(YamlMap m) {
            m.get("device")
                    .ifPresent(n -> source.problem(m.key("device"), "'device' goes with 'topology', not 'kind'"));
            Optional<String> kind = m.text("kind").map(k -> k.strip().toLowerCase(Locale.ROOT));
            if (kind.isPresent() && !kind.get().equals("switch") && !kind.get().equals("hca")) {
                source.problem(
                        m.get("kind").orElseThrow(),
                        "kind '" + kind.get() + "' is not one of switch, hca (an embedded DUT)");
                return Optional.empty();
            }
            List<String> deviations = new ArrayList<>();
            m.scalars("deviations")
                    .ifPresent(items -> items.forEach(item -> {
                        String name = item.getValue().strip();
                        if (kind.isPresent() && !catalog.knows(kind.get(), name)) {
                            source.problem(
                                    item,
                                    "unknown deviation '" + name + "' for a " + kind.get() + "; known: "
                                            + String.join(
                                                    ", ",
                                                    catalog.names(kind.get()).stream()
                                                            .sorted()
                                                            .toList()));
                        } else {
                            deviations.add(name);
                        }
                    }));
            return kind.map(k -> new Scenario.Embedded(k, deviations));
        }

        private Optional<Scenario.Dut> inTopology(YamlMap m) {
            if (m.get("deviations").isPresent()) {
                source.problem(
                        m.key("deviations"),
                        "'deviations' goes with 'kind'; a topology names its devices' deviations itself");
            }
            Optional<String> device =
                    m.required("device").flatMap(n -> m.text("device")).map(String::strip);
            Optional<Path> file = m.text("topology").map(t -> dir.resolve(t.strip()));
            if (file.isEmpty() || device.isEmpty()) {
                return Optional.empty();
            }
            Node at = m.get("topology").orElseThrow();
            if (!Files.isRegularFile(file.get())) {
                source.problem(at, "topology file " + file.get() + " not found (a path relative to the scenario)");
                return Optional.empty();
            }
            Topology topology;
            try {
                topology = TopologyLoader.load(file.get(), catalog);
            } catch (TopologyException e) {
                for (TopologyProblem p : e.problems()) {
                    source.problem(at, "the topology is not valid: " + p);
                }
                return Optional.empty();
            }
            try {
                // The same rule as ibmesh test --topology: the DUT is the device a tester device is cabled to.
                TopologyTarget.cabling(topology, device.get());
            } catch (UsageException e) {
                source.problem(m.get("device").orElseThrow(), e.getMessage());
                return Optional.empty();
            }
            return Optional.of(new Scenario.InTopology(file.get(), topology, device.get()));
        }

        // ---- packets ----

        private Optional<Scenario.Entry> entry(Node node, int number) {
            Optional<YamlMap> parsed = YamlMap.of(node, "a packet", ENTRY_KEYS, source);
            if (parsed.isEmpty()) {
                return Optional.empty();
            }
            YamlMap m = parsed.get();
            int before = source.problems().count();
            String name = m.text("name").map(String::strip).orElse("packet " + number);
            int count = (int) values.number(m, "count", 1, MAX_COUNT, 1);
            Duration gap =
                    m.get("gap").flatMap(n -> values.duration(n, "'gap'")).orElse(Duration.ZERO);
            Sequence.Credits credits = m.get("credits").flatMap(this::credits).orElse(Sequence.Credits.OBEY);
            List<Fault> faults = m.get("error").map(packets::faults).orElse(List.of());
            boolean link = m.get("flowControl").isPresent();
            if (link) {
                for (String key :
                        Stream.concat(Stream.of("credits"), DATA_KEYS.stream()).toList()) {
                    m.get(key)
                            .ifPresent(n -> source.problem(
                                    m.key(key),
                                    "a flowControl entry has no '" + key + "'"
                                            + (key.equals("credits")
                                                    ? " (link packets are not flow controlled)"
                                                    : "")));
                }
            }
            Optional<Scenario.Recipe> recipe = link
                    ? packets.flowControl(m.get("flowControl").orElseThrow(), faults)
                    : packets.data(m, faults, number);
            if (source.problems().count() != before || recipe.isEmpty()) {
                return Optional.empty();
            }
            try {
                // Build it once with stand-in LIDs: a fault that does not fit the packet shows now, not mid-run.
                recipe.get().packet(Scenario.Addresses.EXAMPLE).frame();
            } catch (IllegalArgumentException e) {
                values.problem(m.at(m.get("error").isPresent() ? "error" : "name"), name + ": " + e.getMessage());
                return Optional.empty();
            }
            return Optional.of(new Scenario.Entry(name, recipe.get(), count, gap, credits));
        }

        private Optional<Sequence.Credits> credits(Node node) {
            return source.text(node, "'credits'").flatMap(t -> {
                String v = t.strip().toLowerCase(Locale.ROOT);
                if (v.equals("obey") || v.equals("ignore")) {
                    return Optional.of(Sequence.Credits.valueOf(v.toUpperCase(Locale.ROOT)));
                }
                source.problem(node, "credits '" + t.strip() + "' is not one of obey, ignore");
                return Optional.empty();
            });
        }
    }
}
