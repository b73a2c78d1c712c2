package dev.ibmesh.runtime.topology;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the "net" text that {@code ibnetdiscover} prints and {@code ibsim} reads (ibsim/sim_net.c): node records of a
 * header line ({@code Switch}, {@code Ca} or {@code Hca}, the port count, the quoted node id and a {@code #} comment
 * with the description) followed by one {@code [port]} line per cabled port, and a blank line. GUIDs come as in
 * ibsim: {@code switchguid=}/{@code caguid=} set the node GUID of the next node of that kind (later ones count up
 * from it: +1 for a switch, +ports+1 for a CA), {@code sysimgguid=} the system image GUID of the next node. Both ends
 * of each link have a line; they must point at each other.
 *
 * <p>Enabled widths and speeds of a port come from its ibsim options {@code w=} (LinkWidthEnabled mask),
 * {@code s=} (LinkSpeedEnabled), {@code e=} (LinkSpeedExtEnabled), else from the "4xQDR" text of its comment (read
 * as ibsim reads it, see {@link NetRate}), else from {@code width=}/{@code speed=}/{@code extspeed=} lines, else
 * {@link PortParams#DEFAULT}. Supported = Enabled; VLCap and MTUCap are the defaults.
 *
 * <p>The format has no testers: {@link NetTopologyWriter} marks one with the comment line {@value #TESTER_MARK}
 * just before its {@code Ca} header (ibsim and ibnetdiscover ignore comments).
 */
public final class NetTopologyParser {
    static final String TESTER_MARK = "# ibmesh: tester";
    private static final Pattern HEADER = Pattern.compile("(Switch|Hca|Ca|Rt)\\s*(\\d{1,9})\\s*\"([^\"]*)\"(.*)");
    private static final Pattern ASSIGNMENT = Pattern.compile(
            "(\\w+)\\s*([=+])\\s*(0[xX][0-9a-fA-F]{1,16}|\\d{1,19})" + "(?:\\(([0-9a-fA-F]{1,16})\\))?\\s*(#.*)?");
    private static final Pattern OPTION = Pattern.compile("([wse])=(0[xX][0-9a-fA-F]{1,8}|\\d{1,9})");
    /** Where ibsim starts counting GUIDs when no guid line says otherwise (sim_net.c absguids). */
    private static final long FIRST_SWITCH_GUID = 0x200000;

    private static final long FIRST_CA_GUID = 0x100000;

    public Topology parse(Path file) throws TopologyException {
        return parse(file.getFileName().toString(), TopologyText.read(file));
    }

    /** @param fileName how messages name the file */
    public Topology parse(String fileName, String text) throws TopologyException {
        return new Reader(new Problems(fileName)).read(text);
    }

    /** A node record as read, before its links are checked. */
    private static final class Node {
        final DeviceKind kind;
        final String name;
        final int numPorts;
        final int line;
        final Map<Integer, End> ends = new LinkedHashMap<>();
        long nodeGuid;
        Optional<Long> port0Guid = Optional.empty();
        Optional<Long> systemImageGuid = Optional.empty();
        int vendorId = DeviceSpec.IBMESH_VENDOR_ID;
        final Map<Integer, Long> portGuids = new HashMap<>();
        String description;
        boolean enhancedPort0 = SwitchOptions.DEFAULT.enhancedPort0();

        Node(DeviceKind kind, String name, int numPorts, int line) {
            this.kind = kind;
            this.name = name;
            this.numPorts = numPorts;
            this.line = line;
        }
    }

    /** One direction of a link: the port line of {@code local}. */
    private record End(int line, PortRef local, PortRef remote, PortParams params, Optional<String> rate) {}

    /** The state of one parse. */
    private static final class Reader {
        private final Problems problems;
        private final Map<String, Node> nodes = new LinkedHashMap<>();
        private final List<End> ends = new ArrayList<>();
        private long nextSwitchGuid = FIRST_SWITCH_GUID;
        private long nextCaGuid = FIRST_CA_GUID;
        private Optional<Long> pendingSystemImageGuid = Optional.empty();
        private int pendingVendorId = DeviceSpec.IBMESH_VENDOR_ID;
        private Optional<Long> pendingPort0Guid = Optional.empty();
        private PortParams portDefaults = PortParams.DEFAULT;
        private Node current;
        /** True after a header that was rejected: its port lines are skipped, not reported again. */
        private boolean skipping;

        private boolean testerMarked;

        Reader(Problems problems) {
            this.problems = problems;
        }

        Topology read(String text) throws TopologyException {
            String[] lines = text.split("\r?\n", -1);
            for (int i = 0; i < lines.length; i++) {
                String line = lines[i].strip();
                try {
                    readLine(line, i + 1);
                } catch (IllegalArgumentException e) {
                    problems.add(SourcePosition.line(i + 1), e.getMessage());
                }
            }
            if (nodes.isEmpty()) {
                problems.add(SourcePosition.line(1), "the file has no Switch, Ca or Hca records");
            }
            return build();
        }

        private void readLine(String line, int number) {
            boolean marked = testerMarked;
            testerMarked = false;
            if (line.isEmpty()) {
                current = null;
                skipping = false;
            } else if (line.startsWith("#")) {
                testerMarked = line.equals(TESTER_MARK);
            } else if (line.startsWith("[")) {
                portLine(line, number);
            } else if (HEADER.matcher(line).matches()) {
                testerMarked = marked;
                header(line, number);
            } else {
                current = null;
                skipping = false;
                assignment(line);
            }
        }

        private void header(String line, int number) {
            Matcher m = HEADER.matcher(line);
            m.matches();
            current = null;
            skipping = true;
            if (m.group(1).equals("Rt")) {
                throw new IllegalArgumentException("routers are not supported (Rt \"" + m.group(3) + "\")");
            }
            DeviceKind kind =
                    m.group(1).equals("Switch") ? DeviceKind.SWITCH : testerMarked ? DeviceKind.TESTER : DeviceKind.HCA;
            String name = m.group(3);
            if (nodes.containsKey(name)) {
                throw new IllegalArgumentException(
                        "duplicate node \"" + name + "\" (first at line " + nodes.get(name).line + ")");
            }
            Node node = new Node(kind, name, Integer.parseInt(m.group(2)), number);
            node.description = description(m.group(4)).orElse(name);
            node.systemImageGuid = pendingSystemImageGuid;
            pendingSystemImageGuid = Optional.empty();
            node.vendorId = pendingVendorId;
            pendingVendorId = DeviceSpec.IBMESH_VENDOR_ID;
            if (kind == DeviceKind.SWITCH) {
                node.nodeGuid = nextSwitchGuid++;
                node.port0Guid = pendingPort0Guid;
                pendingPort0Guid = Optional.empty();
                node.enhancedPort0 = !m.group(4).contains("base port 0");
            } else {
                node.nodeGuid = nextCaGuid;
                nextCaGuid += node.numPorts + 1;
            }
            nodes.put(name, node);
            current = node;
            skipping = false;
        }

        /** The description in a header's comment: quoted as ibnetdiscover writes it, or up to " lid " and the like. */
        private static Optional<String> description(String rest) {
            int hash = rest.indexOf('#');
            if (hash < 0) {
                return Optional.empty();
            }
            String s = rest.substring(hash + 1).stripLeading();
            if (s.startsWith("\"")) {
                int end = s.indexOf('"', 1);
                return Optional.of(end < 0 ? s.substring(1) : s.substring(1, end));
            }
            for (String stop : List.of(" enhanced port ", " base port ", " lid ", " lmc ")) {
                int at = s.indexOf(stop);
                if (at >= 0) {
                    s = s.substring(0, at);
                }
            }
            return Optional.of(s.strip());
        }

        private void assignment(String line) {
            Matcher m = ASSIGNMENT.matcher(line);
            String word = line.split("[\\s=+(]", 2)[0];
            if (List.of("include", "module", "do", "pdebug").contains(word) || line.startsWith("@")) {
                throw new IllegalArgumentException("ibsim's '" + word + "' lines are not supported");
            }
            if (!m.matches()) {
                throw new IllegalArgumentException("unrecognised line; expected a Switch, Ca or Hca record, a [port]"
                        + " line, a # comment, or one of switchguid=, caguid=, sysimgguid=, vendid=, devid=, width=,"
                        + " speed=, extspeed=");
            }
            String key = m.group(1);
            boolean relative = m.group(2).equals("+");
            long value = number(m.group(3));
            if (relative && !List.of("switchguid", "caguid", "hcaguids").contains(key)) {
                throw new IllegalArgumentException("'" + key + "+' is not an assignment; use " + key + "=");
            }
            switch (key) {
                case "switchguid" -> {
                    nextSwitchGuid = relative ? nextSwitchGuid + value : value;
                    pendingPort0Guid = Optional.ofNullable(m.group(4)).map(g -> Long.parseUnsignedLong(g, 16));
                }
                case "caguid", "hcaguids" -> nextCaGuid = relative ? nextCaGuid + value : value;
                case "sysimgguid" -> pendingSystemImageGuid = Optional.of(value);
                case "vendid" -> {
                    if (value < 0 || value > DeviceSpec.MAX_VENDOR_ID) {
                        throw new IllegalArgumentException("vendid must be 24 bits, was 0x" + Long.toHexString(value));
                    }
                    pendingVendorId = (int) value;
                }
                case "devid" -> {
                    // NodeInfo DeviceID: each kind of ibmesh device has its own
                }
                case "width" ->
                    portDefaults = withEnabled(portDefaults, LinkWidth.CHOICES.fromMask(mask(value)), null, null);
                case "speed" ->
                    portDefaults = withEnabled(portDefaults, null, LinkSpeed.CHOICES.fromMask(mask(value)), null);
                case "extspeed" ->
                    portDefaults = withEnabled(portDefaults, null, null, LinkSpeedExt.CHOICES.fromMask(mask(value)));
                default ->
                    throw new IllegalArgumentException("unknown setting '" + key + "'; known: switchguid,"
                            + " caguid, sysimgguid, vendid, devid, width, speed, extspeed");
            }
        }

        /** 0x-hex or decimal, up to 64 bits unsigned. */
        private static long number(String text) {
            return text.startsWith("0x") || text.startsWith("0X")
                    ? Long.parseUnsignedLong(text.substring(2), 16)
                    : Long.parseUnsignedLong(text);
        }

        private static int mask(long value) {
            if (value > 0xFF) {
                throw new IllegalArgumentException("mask " + value + " is more than 8 bits");
            }
            return (int) value;
        }

        /** {@code p} with the given enabled sets (null: keep), Supported = Enabled. */
        private static PortParams withEnabled(
                PortParams p, Set<LinkWidth> widths, Set<LinkSpeed> speeds, Set<LinkSpeedExt> ext) {
            return new PortParams(
                            p.linkWidthEnabled(),
                            widths != null ? widths : p.linkWidthEnabled(),
                            p.linkSpeedEnabled(),
                            speeds != null ? speeds : p.linkSpeedEnabled(),
                            p.linkSpeedExtEnabled(),
                            ext != null ? ext : p.linkSpeedExtEnabled(),
                            p.vlCap(),
                            p.mtuCap())
                    .supportingOnlyEnabled();
        }

        private void portLine(String line, int number) {
            if (skipping) {
                return;
            }
            if (current == null) {
                throw new IllegalArgumentException("port line outside a node record (a blank line ends a record)");
            }
            NetPortLine p = NetPortLine.parse(line);
            if (p.port() < 1 || p.port() > current.numPorts) {
                throw new IllegalArgumentException("port [" + p.port() + "] of \"" + current.name
                        + "\" is out of range; it has ports 1.." + current.numPorts);
            }
            if (current.ends.containsKey(p.port())) {
                throw new IllegalArgumentException(
                        "port [" + p.port() + "] of \"" + current.name + "\" appears twice (first at line "
                                + current.ends.get(p.port()).line() + ")");
            }
            PortParams params = p.rate().map(NetRate::enabledBy).orElse(portDefaults);
            params = options(p.options(), params);
            End end = new End(
                    number,
                    new PortRef(current.name, p.port()),
                    new PortRef(p.remote(), p.remotePort()),
                    params,
                    p.rate());
            current.ends.put(p.port(), end);
            ends.add(end);
            p.portGuid().ifPresent(guid -> current.portGuids.put(p.port(), guid));
        }

        private static PortParams options(String options, PortParams params) {
            PortParams result = params;
            for (String option : options.isEmpty() ? new String[0] : options.split("\\s+")) {
                Matcher m = OPTION.matcher(option);
                if (!m.matches()) {
                    throw new IllegalArgumentException(
                            "port option '" + option + "' is not one of ibsim's w=, s=," + " e= with a number");
                }
                int mask = mask(number(m.group(2)));
                result = switch (m.group(1)) {
                    case "w" -> withEnabled(result, LinkWidth.CHOICES.fromMask(mask), null, null);
                    case "s" -> withEnabled(result, null, LinkSpeed.CHOICES.fromMask(mask), null);
                    default -> withEnabled(result, null, null, LinkSpeedExt.CHOICES.fromMask(mask));
                };
            }
            return result;
        }

        private Topology build() throws TopologyException {
            TopologyBuilder builder = new TopologyBuilder(problems, false);
            for (Node n : nodes.values()) {
                SourcePosition at = SourcePosition.line(n.line);
                if (!builder.checkPortCount(n.kind, n.numPorts, at)) {
                    continue;
                }
                List<Long> portGuids = new ArrayList<>(DeviceSpec.defaultPortGuids(n.kind, n.numPorts, n.nodeGuid));
                if (n.kind == DeviceKind.SWITCH) {
                    n.port0Guid.ifPresent(g -> portGuids.set(0, g));
                } else {
                    n.portGuids.forEach((port, guid) -> portGuids.set(port - 1, guid));
                }
                builder.addDevice(
                        new DeviceSpec(
                                n.name,
                                n.kind,
                                n.numPorts,
                                n.nodeGuid,
                                n.systemImageGuid.orElse(n.nodeGuid),
                                portGuids,
                                n.description,
                                n.kind == DeviceKind.SWITCH
                                        ? Optional.of(new SwitchOptions(
                                                n.enhancedPort0,
                                                SwitchOptions.DEFAULT.linearFdbCap(),
                                                SwitchOptions.DEFAULT.multicastFdbCap()))
                                        : Optional.empty(),
                                Optional.empty(),
                                Optional.empty(),
                                List.of(),
                                n.vendorId),
                        key -> at);
            }
            for (End end : ends) {
                Optional<End> back = Optional.ofNullable(nodes.get(end.remote().device()))
                        .map(n -> n.ends.get(end.remote().port()));
                if (back.isEmpty()) {
                    problems.add(
                            SourcePosition.line(end.line()),
                            "dangling link: " + end.local() + " goes to "
                                    + end.remote() + ", which has no line back"
                                    + (nodes.containsKey(end.remote().device())
                                            ? ""
                                            : " (no node \"" + end.remote().device() + "\")"));
                } else if (!back.get().remote().equals(end.local())) {
                    problems.add(
                            SourcePosition.line(end.line()),
                            "links disagree: " + end.local() + " goes to "
                                    + end.remote() + ", but " + end.remote() + " goes to "
                                    + back.get().remote() + " (line "
                                    + back.get().line() + ")");
                } else if (end.rate().isPresent()
                        && back.get().rate().isPresent()
                        && !end.rate().get().equalsIgnoreCase(back.get().rate().get())) {
                    problems.add(
                            SourcePosition.line(end.line()),
                            "the ends of " + end.local() + " - " + end.remote()
                                    + " report different rates: " + end.rate().get() + " here, "
                                    + back.get().rate().get()
                                    + " at line " + back.get().line());
                } else if (end.line() <= back.get().line()) {
                    SourcePosition a = SourcePosition.line(end.line());
                    SourcePosition b = SourcePosition.line(back.get().line());
                    builder.addLink(
                            new LinkSpec(
                                    new LinkEnd(end.local(), end.params()),
                                    new LinkEnd(back.get().local(), back.get().params())),
                            key -> key.equals("ends.1") ? b : a);
                }
            }
            return builder.build();
        }
    }
}
