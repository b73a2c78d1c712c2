package dev.ibmesh.tester.generator.scenario;

import dev.ibmesh.mad.AttributeNames;
import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.mad.Smp;
import dev.ibmesh.mad.pma.PmaMad;
import dev.ibmesh.runtime.topology.YamlMap;
import dev.ibmesh.tester.generator.DataPacketSpec;
import dev.ibmesh.tester.generator.Fault;
import dev.ibmesh.tester.generator.LinkPacketSpec;
import dev.ibmesh.wire.Aeth;
import dev.ibmesh.wire.AtomicAckEth;
import dev.ibmesh.wire.AtomicEth;
import dev.ibmesh.wire.Bth;
import dev.ibmesh.wire.Deth;
import dev.ibmesh.wire.ExtHeader;
import dev.ibmesh.wire.ExtHeaderType;
import dev.ibmesh.wire.Gid;
import dev.ibmesh.wire.Grh;
import dev.ibmesh.wire.Ieth;
import dev.ibmesh.wire.ImmDt;
import dev.ibmesh.wire.Lrh;
import dev.ibmesh.wire.OpCode;
import dev.ibmesh.wire.Rdeth;
import dev.ibmesh.wire.Reth;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Function;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * Reads the packet of one {@code packets:} entry (see {@link ScenarioParser} for the schema) into a
 * {@link Scenario.Recipe}: a data packet with every header field and its payload, or a flow-control packet, with the
 * errors to inject. Problems go to the file's list; a recipe is returned only when the entry had none.
 */
final class PacketReader {
    static final List<String> LRH_KEYS = List.of("vl", "lver", "sl", "reserved1", "lnh", "dlid", "reserved2", "slid");
    static final List<String> GRH_KEYS = List.of("ipVer", "tClass", "flowLabel", "nxtHdr", "hopLmt", "sgid", "dgid");
    static final List<String> BTH_KEYS = List.of(
            "opCode", "solicitedEvent", "migReq", "tver", "pKey", "resv8a", "destQp", "ackReq", "reserved7", "psn");
    static final List<String> MAD_KEYS = List.of(
            "class",
            "baseVersion",
            "classVersion",
            "method",
            "status",
            "tid",
            "attribute",
            "modifier",
            "mKey",
            "path",
            "data");
    static final List<String> FLOW_CONTROL_KEYS = List.of("op", "fctbs", "vl", "fccl");
    /** The extended headers, in the order every opcode carries them (IBA 9.2). */
    static final List<String> ETH_KEYS =
            List.of("rdeth", "deth", "reth", "atomicEth", "aeth", "atomicAckEth", "immDt", "ieth");

    private final ScenarioValues values;

    PacketReader(ScenarioValues values) {
        this.values = values;
    }

    /** The {@code error:} value: one error, {@code {kind: K, value: V}}, or a list of them. */
    List<Fault> faults(Node node) {
        List<Node> items = node instanceof SequenceNode list ? list.getValue() : List.of(node);
        List<Fault> faults = new ArrayList<>();
        for (Node item : items) {
            fault(item).ifPresent(faults::add);
        }
        return faults;
    }

    private Optional<Fault> fault(Node node) {
        Node kindNode = node;
        Optional<Node> valueNode = Optional.empty();
        if (!(node instanceof ScalarNode)) {
            Optional<YamlMap> m = YamlMap.of(node, "an error", List.of("kind", "value"), values.source());
            if (m.isEmpty() || m.get().required("kind").isEmpty()) {
                return Optional.empty();
            }
            kindNode = m.get().get("kind").orElseThrow();
            valueNode = m.get().get("value");
        }
        Node at = kindNode;
        Optional<Fault.Kind> kind = values.source().text(kindNode, "an error").flatMap(t -> {
            Optional<Fault.Kind> k = Fault.Kind.parse(t);
            if (k.isEmpty()) {
                values.problem(at, "error '" + t + "' is not one of " + Fault.Kind.labels());
            }
            return k;
        });
        if (kind.isEmpty()) {
            return Optional.empty();
        }
        Fault.Kind k = kind.get();
        if (valueNode.isEmpty()) {
            return Optional.of(Fault.of(k));
        }
        if (!k.takesValue()) {
            values.problem(valueNode.get(), "error " + k.label() + " takes no value");
            return Optional.empty();
        }
        OptionalLong v = values.number(valueNode.get(), "the value of " + k.label(), k.min(), k.max());
        return v.isPresent() ? Optional.of(Fault.of(k, (int) v.getAsLong())) : Optional.empty();
    }

    /** A flow-control packet: {@code flowControl: {op, fctbs, vl, fccl}}, every field 0 unless given. */
    Optional<Scenario.Recipe> flowControl(Node node, List<Fault> faults) {
        Optional<YamlMap> parsed = YamlMap.of(node, "'flowControl'", FLOW_CONTROL_KEYS, values.source());
        if (parsed.isEmpty()) {
            return Optional.empty();
        }
        YamlMap m = parsed.get();
        LinkPacketSpec spec = new LinkPacketSpec(
                values.bits(m, "op", 4, 0),
                values.bits(m, "fctbs", 12, 0),
                values.bits(m, "vl", 4, 0),
                values.bits(m, "fccl", 12, 0),
                List.of());
        return Optional.of(a -> spec.withFaults(faults.toArray(Fault[]::new)));
    }

    /** A data packet from the entry's lrh, grh, bth, extended headers and payload keys. */
    Optional<Scenario.Recipe> data(YamlMap entry, List<Fault> faults, long defaultTid) {
        int before = values.source().problems().count();
        Optional<MadPayload> mad = entry.get("mad").flatMap(n -> mad(n, defaultTid));
        boolean smp = mad.map(MadPayload::smp).orElse(false);
        boolean directed = mad.map(MadPayload::directed).orElse(false);
        LrhFields lrh = lrh(entry, smp, directed);
        Optional<Grh> grh = entry.get("grh").flatMap(this::grh);
        Optional<Bth> bth = lrh.raw() ? Optional.empty() : bth(entry, mad);
        List<ExtHeader> headers = headers(entry, mad);
        Optional<byte[]> payload = payload(entry, mad);
        if (lrh.raw()) {
            for (String key : concat(List.of("grh", "bth", "mad", "anyHeaders"), ETH_KEYS)) {
                entry.get(key)
                        .ifPresent(n ->
                                values.problem(entry.key(key), "a raw packet (lrh.lnh 0 or 1) has no '" + key + "'"));
            }
        }
        boolean anyHeaders = entry.bool("anyHeaders").orElse(false);
        bth.ifPresent(b -> checkHeadersMatch(entry, b.opCode(), headers, anyHeaders));
        if (values.source().problems().count() != before || payload.isEmpty()) {
            return Optional.empty();
        }
        byte[] body = payload.get();
        Scenario.Recipe recipe = a -> {
            Lrh l = lrh.resolve(a);
            DataPacketSpec spec =
                    bth.isPresent() ? DataPacketSpec.iba(l, bth.get(), headers, body) : DataPacketSpec.raw(l, body);
            return (grh.isPresent() ? spec.withGrh(grh.get()) : spec).withFaults(settled(faults, a));
        };
        return Optional.of(recipe);
    }

    /** The faults with what depends on the DUT settled: vl without a value is the first VL it does not operate. */
    private static Fault[] settled(List<Fault> faults, Scenario.Addresses a) {
        return faults.stream()
                .map(f -> f.kind() == Fault.Kind.VL && f.value().isEmpty()
                        ? Fault.of(Fault.Kind.VL, Math.min(a.dutOperationalVls(), Lrh.VL15))
                        : f)
                .toArray(Fault[]::new);
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    // ---- LRH ----

    /** A LID as written: a number, or {@code dut}, {@code tester}, {@code permissive}. */
    private record LidRef(String word, int lid) {
        int resolve(Scenario.Addresses a) {
            return switch (word) {
                case "dut" -> a.dutLid();
                case "tester" -> a.testerLid();
                default -> lid;
            };
        }
    }

    private record LrhFields(
            int vl, int lver, int sl, int reserved1, int lnh, LidRef dlid, int reserved2, LidRef slid) {
        boolean raw() {
            return lnh < Lrh.LNH_IBA_LOCAL;
        }

        Lrh resolve(Scenario.Addresses a) {
            return new Lrh(vl, lver, sl, reserved1, lnh, dlid.resolve(a), reserved2, 0, slid.resolve(a));
        }
    }

    private LrhFields lrh(YamlMap entry, boolean smp, boolean directed) {
        YamlMap m = entry.get("lrh")
                .flatMap(n -> YamlMap.of(n, "'lrh'", LRH_KEYS, values.source()))
                .orElse(null);
        LidRef permissive = new LidRef("", Lrh.PERMISSIVE_LID);
        LidRef dlid = directed ? permissive : new LidRef("dut", 0);
        LidRef slid = directed ? permissive : new LidRef("tester", 0);
        if (m == null) {
            return new LrhFields(smp ? Lrh.VL15 : 0, 0, 0, 0, Lrh.LNH_IBA_LOCAL, dlid, 0, slid);
        }
        int lnh = Lrh.LNH_IBA_LOCAL;
        if (m.get("lnh").isPresent()) {
            lnh = values.bits(m, "lnh", 2, Lrh.LNH_IBA_LOCAL);
            if (lnh >= Lrh.LNH_IBA_LOCAL) {
                values.problem(
                        m.get("lnh").orElseThrow(),
                        "'lnh' 0 or 1 makes a raw packet; IBA packets get 2 or 3 from whether a 'grh' is given");
            }
        }
        return new LrhFields(
                values.bits(m, "vl", 4, smp ? Lrh.VL15 : 0),
                values.bits(m, "lver", 4, 0),
                values.bits(m, "sl", 4, 0),
                values.bits(m, "reserved1", 2, 0),
                lnh,
                m.get("dlid").map(n -> lid(n, "'dlid'")).orElse(dlid),
                values.bits(m, "reserved2", 5, 0),
                m.get("slid").map(n -> lid(n, "'slid'")).orElse(slid));
    }

    private LidRef lid(Node node, String what) {
        Optional<String> text = values.source().text(node, what);
        String t = text.map(s -> s.strip().toLowerCase(Locale.ROOT)).orElse("");
        if (t.equals("dut") || t.equals("tester")) {
            return new LidRef(t, 0);
        }
        if (t.equals("permissive")) {
            return new LidRef("", Lrh.PERMISSIVE_LID);
        }
        if (text.isPresent() && !t.isEmpty() && !Character.isDigit(t.charAt(0))) {
            values.problem(node, what + " must be a LID (0..65535) or dut, tester, permissive; found '" + t + "'");
            return new LidRef("", 0);
        }
        return new LidRef("", (int) values.number(node, what, 0, 0xFFFF).orElse(0));
    }

    // ---- GRH and BTH ----

    private Optional<Grh> grh(Node node) {
        return YamlMap.of(node, "'grh'", GRH_KEYS, values.source())
                .map(m -> new Grh(
                        values.bits(m, "ipVer", 4, Grh.IP_VERSION_6),
                        values.bits(m, "tClass", 8, 0),
                        values.bits(m, "flowLabel", 20, 0),
                        0,
                        values.bits(m, "nxtHdr", 8, Grh.NXT_HDR_IBA),
                        values.bits(m, "hopLmt", 8, 0),
                        gid(m, "sgid"),
                        gid(m, "dgid")));
    }

    /** A GID as 16 hex bytes ({@code fe80000000000000:0002c90300001234}); zero when not given. */
    private Gid gid(YamlMap m, String key) {
        Optional<byte[]> b = m.get(key).flatMap(n -> values.hex(n, "'" + key + "'"));
        if (b.isPresent() && b.get().length != Gid.SIZE) {
            values.problem(m.get(key).orElseThrow(), "'" + key + "' must be 16 bytes, was " + b.get().length);
        }
        return b.filter(g -> g.length == Gid.SIZE).map(g -> Gid.decode(g, 0)).orElse(new Gid(0, 0));
    }

    private Optional<Bth> bth(YamlMap entry, Optional<MadPayload> mad) {
        Optional<YamlMap> parsed = entry.get("bth").flatMap(n -> YamlMap.of(n, "'bth'", BTH_KEYS, values.source()));
        if (entry.get("bth").isPresent() && parsed.isEmpty()) {
            return Optional.empty();
        }
        if (parsed.isEmpty() && entry.get("mad").isPresent() && mad.isEmpty()) {
            return Optional.empty(); // the MAD's own problems say what is wrong
        }
        if (parsed.isEmpty() && mad.isEmpty()) {
            values.problem(
                    entry.at("bth"),
                    "a data packet needs a 'bth' (or a 'mad', which makes a UD SEND Only to QP0 or QP1),"
                            + " or 'lrh: {lnh: 0}' for a raw packet");
            return Optional.empty();
        }
        int madQp = mad.map(p -> p.smp() ? 0 : 1).orElse(0);
        if (parsed.isEmpty()) {
            return Optional.of(Bth.of(OpCode.UD_SEND_ONLY, 0xFFFF, madQp, false, 0));
        }
        YamlMap m = parsed.get();
        OptionalLong opCode = m.get("opCode")
                .map(n -> values.code(
                        n,
                        "'opCode'",
                        0xFF,
                        c -> OpCode.valueOf(c).isKnown() ? OpCode.valueOf(c).name() : null,
                        "a name such as RC_SEND_ONLY, UC_RDMA_WRITE_ONLY, UD_SEND_ONLY"))
                .orElse(mad.isPresent() ? OptionalLong.of(OpCode.UD_SEND_ONLY.code()) : OptionalLong.empty());
        if (opCode.isEmpty()) {
            if (m.get("opCode").isEmpty()) {
                values.problem(entry.get("bth").orElseThrow(), "missing key 'opCode' in 'bth'");
            }
            return Optional.empty();
        }
        return Optional.of(new Bth(
                OpCode.valueOf((int) opCode.getAsLong()),
                values.bool(m, "solicitedEvent", false),
                values.bool(m, "migReq", false),
                0,
                values.bits(m, "tver", 4, 0),
                values.bits(m, "pKey", 16, 0xFFFF),
                values.bits(m, "resv8a", 8, 0),
                values.bits(m, "destQp", 24, madQp),
                values.bool(m, "ackReq", false),
                values.bits(m, "reserved7", 7, 0),
                values.bits(m, "psn", 24, 0)));
    }

    // ---- extended headers ----

    private List<ExtHeader> headers(YamlMap entry, Optional<MadPayload> mad) {
        List<ExtHeader> headers = new ArrayList<>();
        for (String key : ETH_KEYS) {
            Optional<Node> node = entry.get(key);
            if (node.isEmpty()) {
                if (key.equals("deth") && mad.isPresent()) {
                    // A MAD travels in a UD datagram: QP0's SMPs with Q_Key 0, QP1's GMPs with the GSI Q_Key.
                    headers.add(mad.get().smp() ? new Deth(0, 0) : new Deth(Deth.GSI_Q_KEY, 1));
                }
                continue;
            }
            eth(key, node.get(), mad).ifPresent(headers::add);
        }
        return headers;
    }

    private Optional<ExtHeader> eth(String key, Node node, Optional<MadPayload> mad) {
        List<String> keys = switch (key) {
            case "rdeth" -> List.of("reserved", "eeContext");
            case "deth" -> List.of("qKey", "reserved", "srcQp");
            case "reth" -> List.of("virtualAddress", "rKey", "dmaLength");
            case "atomicEth" -> List.of("virtualAddress", "rKey", "swapOrAddData", "compareData");
            case "aeth" -> List.of("syndrome", "msn");
            case "atomicAckEth" -> List.of("originalRemoteData");
            case "immDt" -> List.of("data");
            default -> List.of("rKey");
        };
        boolean smp = mad.map(MadPayload::smp).orElse(true);
        Function<YamlMap, ExtHeader> read = m -> switch (key) {
            case "rdeth" -> new Rdeth(values.bits(m, "reserved", 8, 0), values.bits(m, "eeContext", 24, 0));
            case "deth" ->
                new Deth(
                        values.bits(m, "qKey", 32, smp ? 0 : Deth.GSI_Q_KEY),
                        values.bits(m, "reserved", 8, 0),
                        values.bits(m, "srcQp", 24, smp ? 0 : 1));
            case "reth" ->
                new Reth(
                        values.u64(m, "virtualAddress", 0),
                        values.bits(m, "rKey", 32, 0),
                        values.bits(m, "dmaLength", 32, 0));
            case "atomicEth" ->
                new AtomicEth(
                        values.u64(m, "virtualAddress", 0),
                        values.bits(m, "rKey", 32, 0),
                        values.u64(m, "swapOrAddData", 0),
                        values.u64(m, "compareData", 0));
            case "aeth" -> new Aeth(values.bits(m, "syndrome", 8, 0), values.bits(m, "msn", 24, 0));
            case "atomicAckEth" -> new AtomicAckEth(values.u64(m, "originalRemoteData", 0));
            case "immDt" -> new ImmDt(values.bits(m, "data", 32, 0));
            default -> new Ieth(values.bits(m, "rKey", 32, 0));
        };
        return YamlMap.of(node, "'" + key + "'", keys, values.source()).map(read);
    }

    private void checkHeadersMatch(YamlMap entry, OpCode op, List<ExtHeader> headers, boolean anyHeaders) {
        List<ExtHeaderType> given = headers.stream().map(ExtHeader::type).toList();
        if (anyHeaders || !op.isKnown() || given.equals(op.headers())) {
            return;
        }
        values.problem(
                entry.at(entry.get("bth").isPresent() ? "bth" : "mad"),
                "opCode " + op.name() + " carries " + names(op.headers()) + ", the entry gives " + names(given)
                        + " (add or remove headers, or set 'anyHeaders: true' to send it as it is)");
    }

    private static String names(List<ExtHeaderType> types) {
        return types.isEmpty()
                ? "no extended header"
                : String.join(" ", types.stream().map(ExtHeaderType::name).toList());
    }

    // ---- payload ----

    private Optional<byte[]> payload(YamlMap entry, Optional<MadPayload> mad) {
        List<String> given = List.of("payload", "payloadSize", "mad").stream()
                .filter(k -> entry.get(k).isPresent())
                .toList();
        if (given.size() > 1) {
            values.problem(
                    entry.key(given.get(1)),
                    "give one of 'payload', 'payloadSize' and 'mad', not " + String.join(" and ", given));
            return Optional.empty();
        }
        if (mad.isPresent()) {
            return Optional.of(mad.get().bytes());
        }
        if (entry.get("payload").isPresent()) {
            return values.hex(entry.get("payload").orElseThrow(), "'payload'");
        }
        if (entry.get("payloadSize").isPresent()) {
            OptionalLong size = values.number(entry.get("payloadSize").orElseThrow(), "'payloadSize'", 0, 4096);
            return size.isPresent() ? Optional.of(new byte[(int) size.getAsLong()]) : Optional.empty();
        }
        return entry.get("mad").isPresent() ? Optional.empty() : Optional.of(new byte[0]);
    }

    /** A MAD for the payload, and what it means for the packet's defaults. */
    private record MadPayload(byte[] bytes, boolean smp, boolean directed) {}

    private Optional<MadPayload> mad(Node node, long defaultTid) {
        Optional<YamlMap> parsed = YamlMap.of(node, "'mad'", MAD_KEYS, values.source());
        if (parsed.isEmpty()) {
            return Optional.empty();
        }
        YamlMap m = parsed.get();
        int before = values.source().problems().count();
        OptionalLong cls = m.required("class")
                .map(n -> values.code(
                        n,
                        "'class'",
                        0xFF,
                        c -> MgmtClass.valueOf(c).isKnown()
                                ? MgmtClass.valueOf(c).name()
                                : null,
                        "SubnMgt, SubnMgtDR, SubnAdm, PerfMgt, BM, DevMgt, CM, SNMP, DevAdm, BootMgt, BIS, "
                                + "CongestionMgt"))
                .orElse(OptionalLong.empty());
        OptionalLong method = m.required("method")
                .map(n -> values.code(
                        n,
                        "'method'",
                        0xFF,
                        c -> Method.name(c).startsWith("Method(") ? null : Method.name(c),
                        "Get, Set, Send, Trap, Report, TrapRepress, GetTable, GetResp and the other IBA names"))
                .orElse(OptionalLong.empty());
        if (cls.isEmpty()) {
            return Optional.empty();
        }
        MgmtClass mgmtClass = MgmtClass.valueOf((int) cls.getAsLong());
        OptionalLong attribute = m.required("attribute")
                .map(n -> values.code(n, "'attribute'", 0xFFFF, id -> attributeName(mgmtClass, id), "its IBA name"))
                .orElse(OptionalLong.empty());
        boolean directed = mgmtClass.equals(MgmtClass.SUBN_DIRECTED_ROUTE);
        boolean smp = mgmtClass.isSubnetManagement();
        if (!smp && m.get("mKey").isPresent()) {
            values.problem(m.key("mKey"), "'mKey' is for SMPs (SubnMgt, SubnMgtDR), not " + mgmtClass.name());
        }
        if (!directed && m.get("path").isPresent()) {
            values.problem(m.key("path"), "'path' is for directed-route SMPs (SubnMgtDR), not " + mgmtClass.name());
        }
        int[] path = m.scalars("path")
                .map(items -> items.stream()
                        .mapToInt(i -> (int)
                                values.number(i, "a port of 'path'", 0, 255).orElse(0))
                        .toArray())
                .orElse(new int[0]);
        byte[] data = m.get("data").flatMap(n -> values.hex(n, "'data'")).orElse(new byte[0]);
        int room = directed || mgmtClass.equals(MgmtClass.SUBN_LID_ROUTED)
                ? Smp.DATA_SIZE
                : mgmtClass.equals(MgmtClass.PERF_MGT) ? PmaMad.DATA_SIZE : Mad.SIZE - MadHeader.SIZE;
        if (data.length > room) {
            values.problem(
                    m.get("data").orElseThrow(),
                    "'data' of a " + mgmtClass.name() + " MAD is at most " + room + " bytes, was " + data.length);
        }
        if (path.length > DrSmp.MAX_HOP_COUNT) {
            values.problem(m.key("path"), "'path' has at most " + DrSmp.MAX_HOP_COUNT + " hops");
        }
        if (values.source().problems().count() != before || method.isEmpty() || attribute.isEmpty()) {
            return Optional.empty();
        }
        long tid = values.u64(m, "tid", defaultTid);
        int modifier = (int) values.number(m, "modifier", 0, 0xFFFFFFFFL, 0);
        long mKey = values.u64(m, "mKey", 0);
        int classVersion = values.bits(m, "classVersion", 8, mgmtClass.equals(MgmtClass.SUBN_ADM) ? 2 : 1);
        MadHeader h = MadHeader.of(
                mgmtClass, classVersion, (int) method.getAsLong(), tid, (int) attribute.getAsLong(), modifier);
        // A directed-route SMP as it is on the wire: the originator's SMI moved HopPointer to 1 (C14-9:1).
        byte[] bytes = (directed
                        ? DrSmp.outbound(h.method(), tid, h.attributeId(), modifier, mKey, data, path)
                                .withHopPointer(1)
                                .encode()
                        : smp
                                ? Smp.of(h, mKey, data).encode()
                                : mgmtClass.equals(MgmtClass.PERF_MGT)
                                        ? PmaMad.of(h, data).encode()
                                        : plainMad(h, data))
                .toBytes();
        // What the class's own layout fixes can still be set by hand: version bytes and status.
        bytes[0] = (byte) values.bits(m, "baseVersion", 8, MadHeader.BASE_VERSION);
        bytes[2] = (byte) classVersion;
        int status = values.bits(m, "status", 16, 0);
        bytes[4] = (byte) (status >>> 8);
        bytes[5] = (byte) status;
        return Optional.of(new MadPayload(bytes, smp, directed));
    }

    private static Mad plainMad(MadHeader h, byte[] data) {
        byte[] b = new byte[Mad.SIZE];
        h.encode(b, 0);
        System.arraycopy(data, 0, b, MadHeader.SIZE, data.length);
        return Mad.copyOf(b);
    }

    /** The attribute's IBA name in this class, or null (names are looked up among the low IDs, where all are). */
    private static String attributeName(MgmtClass mgmtClass, int id) {
        if (id > 0xFFF) {
            return null;
        }
        String name = AttributeNames.name(mgmtClass, id);
        return name.startsWith("Attr(") ? null : name;
    }
}
