package dev.ibmesh.cli;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What {@code ibnetdiscover} printed (infiniband-diags' own text layout), read back into nodes and cables so a test
 * can compare them with the topology that was started. Only the facts the topology fixes are kept: node kind,
 * GUID, port count, NodeDescription, and each cable's two ends (node GUID and port) with its active rate.
 */
final class Ibnetdiscover {
    record Node(String kind, long guid, int ports, String description) {}

    /** A cable end: node GUID and port number. */
    record End(long guid, int port) implements Comparable<End> {
        @Override
        public int compareTo(End o) {
            int c = Long.compareUnsigned(guid, o.guid);
            return c != 0 ? c : Integer.compare(port, o.port);
        }
    }

    /** A cable with its ends in order, and its rate as ibnetdiscover writes it ("4xQDR"). */
    record Cable(End a, End b, String rate) {
        static Cable of(End x, End y, String rate) {
            return x.compareTo(y) <= 0 ? new Cable(x, y, rate) : new Cable(y, x, rate);
        }
    }

    // Switch	8 "S-0002c90200400ad0"		# "ibmesh switch sw1" enhanced port 0 lid 6 lmc 0
    private static final Pattern NODE =
            Pattern.compile("^(Switch|Ca)\\s+(\\d+)\\s+\"[SH]-([0-9a-f]+)\"\\s+# \"(.*?)\"(?:.*\\blid (\\d+))?.*$");
    // [1]	"H-021b7738ec6d3d00"[1](21b7738ec6d3d01) 		# "ibmesh hca h1" lid 1 4xQDR
    private static final Pattern SWITCH_PORT =
            Pattern.compile("^\\[(\\d+)\\]\\s+\"[SH]-([0-9a-f]+)\"\\[(\\d+)\\].*# \".*\" lid \\d+ (\\S+)$");
    // [1](21b7738ec6d3d01) 	"S-0002c90200400ad0"[1]		# lid 1 lmc 0 "ibmesh switch sw1" lid 6 4xQDR
    private static final Pattern CA_PORT = Pattern.compile(
            "^\\[(\\d+)\\]\\(([0-9a-f]+)\\)\\s+\"[SH]-([0-9a-f]+)\"\\[(\\d+)\\]\\s+# lid (\\d+) .* (\\S+)$");

    final Map<Long, Node> nodes = new HashMap<>();
    final Set<Cable> cables = new HashSet<>();
    /** The LIDs the SM gave: a switch's (port 0) and each CA port's. */
    final Map<End, Integer> lids = new HashMap<>();
    /** CA port GUIDs by end. */
    final Map<End, Long> portGuids = new HashMap<>();

    static Ibnetdiscover parse(String text) {
        Ibnetdiscover out = new Ibnetdiscover();
        long current = 0;
        for (String line : text.lines().map(String::strip).toList()) {
            Matcher m;
            if ((m = NODE.matcher(line)).matches()) {
                current = Long.parseUnsignedLong(m.group(3), 16);
                out.nodes.put(current, new Node(m.group(1), current, Integer.parseInt(m.group(2)), m.group(4)));
                if (m.group(5) != null) {
                    out.lids.put(new End(current, 0), Integer.parseInt(m.group(5)));
                }
            } else if ((m = SWITCH_PORT.matcher(line)).matches()) {
                out.cables.add(Cable.of(
                        new End(current, Integer.parseInt(m.group(1))),
                        new End(Long.parseUnsignedLong(m.group(2), 16), Integer.parseInt(m.group(3))),
                        m.group(4)));
            } else if ((m = CA_PORT.matcher(line)).matches()) {
                End here = new End(current, Integer.parseInt(m.group(1)));
                out.portGuids.put(here, Long.parseUnsignedLong(m.group(2), 16));
                out.lids.put(here, Integer.parseInt(m.group(5)));
                out.cables.add(Cable.of(
                        here,
                        new End(Long.parseUnsignedLong(m.group(3), 16), Integer.parseInt(m.group(4))),
                        m.group(6)));
            }
        }
        return out;
    }
}
