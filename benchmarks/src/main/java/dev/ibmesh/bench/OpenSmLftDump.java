package dev.ibmesh.bench;

import dev.ibmesh.mad.smp.LinearForwardingTable;
import dev.ibmesh.runtime.topology.DeviceKind;
import dev.ibmesh.runtime.topology.DeviceSpec;
import dev.ibmesh.runtime.topology.NetTopologyParser;
import dev.ibmesh.runtime.topology.PortRef;
import dev.ibmesh.runtime.topology.Topology;
import dev.ibmesh.runtime.topology.TopologyException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The route balance ({@link RouteBalance}) of the forwarding tables OpenSM dumped, on the fabric of an ibsim net file.
 * OpenSM writes {@code opensm-lfts.dump} into its dump directory ({@code OSM_TMP_DIR}) when routing is in its log
 * level ({@code -D 0x41}): per switch a header naming the switch's GUID, then one line per routed LID, {@code 0x0001
 * 001 # Channel Adapter portguid 0x...: 'name'}. The net file says which ports are cabled to a switch and the GUID of
 * each CA port a switch port is cabled to; the dump says which LIDs those CA ports have.
 *
 * <p>Run by {@code scripts/opensm-bench}: {@code java -cp ibmesh-benchmarks.jar dev.ibmesh.bench.OpenSmLftDump
 * fabric.net opensm-lfts.dump}.
 */
public final class OpenSmLftDump {
    private static final Pattern TABLE = Pattern.compile("^Unicast lids .* guid 0x([0-9a-fA-F]+)");
    private static final Pattern ENTRY = Pattern.compile("^0x([0-9a-fA-F]+)\\s+(\\d+)\\s+#\\s*(.*)$");
    private static final Pattern CA_PORT = Pattern.compile("^Channel Adapter portguid 0x([0-9a-fA-F]+)");

    private OpenSmLftDump() {}

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: OpenSmLftDump NET_FILE OPENSM_LFTS_DUMP");
            System.exit(2);
        }
        try {
            RouteBalance balance = balance(Files.readAllLines(Path.of(args[0])), Files.readAllLines(Path.of(args[1])));
            System.out.println("opensm ftree route balance (CA LIDs per leaf uplink): " + balance.detail());
        } catch (IllegalArgumentException e) {
            System.err.println("OpenSmLftDump: " + e.getMessage());
            System.exit(1);
        }
    }

    /** The balance of the tables in {@code dump} on the fabric of {@code net}; a line neither can place is refused. */
    public static RouteBalance balance(List<String> net, List<String> dump) {
        Map<Long, NetSwitch> switches = switches(net);
        Map<Long, Map<Integer, Integer>> tables = new LinkedHashMap<>();
        Map<Long, Set<Integer>> caPortLids = new HashMap<>();
        Set<Integer> caLids = new HashSet<>();
        Map<Integer, Integer> table = null;
        for (String line : dump) {
            Matcher header = TABLE.matcher(line);
            Matcher entry = ENTRY.matcher(line);
            if (header.find()) {
                table = tables.computeIfAbsent(Long.parseUnsignedLong(header.group(1), 16), g -> new TreeMap<>());
            } else if (entry.find()) {
                if (table == null) {
                    throw new IllegalArgumentException("an LFT entry before any switch header: " + line);
                }
                int lid = Integer.parseInt(entry.group(1), 16);
                table.put(lid, Integer.parseInt(entry.group(2)));
                Matcher ca = CA_PORT.matcher(entry.group(3));
                if (ca.find()) {
                    caLids.add(lid);
                    caPortLids
                            .computeIfAbsent(Long.parseUnsignedLong(ca.group(1), 16), g -> new HashSet<>())
                            .add(lid);
                }
            }
        }
        List<RouteBalance.Leaf> leaves = new ArrayList<>();
        switches.forEach((guid, sw) -> {
            if (sw.caPorts().isEmpty()) {
                return;
            }
            Map<Integer, Integer> lft = tables.get(guid);
            if (lft == null) {
                throw new IllegalArgumentException(
                        "the dump has no table for leaf " + sw.name() + " (0x" + Long.toHexString(guid) + ")");
            }
            Set<Integer> own = new HashSet<>();
            sw.caPorts().forEach(portGuid -> own.addAll(caPortLids.getOrDefault(portGuid, Set.of())));
            leaves.add(new RouteBalance.Leaf(sw.name(), sw.switchPorts(), own, array(lft)));
        });
        return RouteBalance.of(leaves, caLids);
    }

    /** A switch of the net file: its name, its ports cabled to a switch, the GUIDs of the CA ports cabled to it. */
    private record NetSwitch(String name, Set<Integer> switchPorts, Set<Long> caPorts) {}

    /** The switches of the net file, read as ibmesh reads net files ({@link NetTopologyParser}), by node GUID. */
    private static Map<Long, NetSwitch> switches(List<String> net) {
        Topology topology;
        try {
            topology = new NetTopologyParser().parse("fabric.net", String.join("\n", net));
        } catch (TopologyException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        Map<Long, NetSwitch> switches = new LinkedHashMap<>();
        for (DeviceSpec sw : topology.devices()) {
            if (sw.kind() != DeviceKind.SWITCH) {
                continue;
            }
            NetSwitch node = new NetSwitch(sw.name(), new HashSet<>(), new HashSet<>());
            for (int port = 1; port <= sw.numPorts(); port++) {
                Optional<PortRef> peer = topology.peer(new PortRef(sw.name(), port));
                if (peer.isEmpty()) {
                    continue;
                }
                DeviceSpec other = topology.device(peer.get().device()).orElseThrow();
                if (other.kind() == DeviceKind.SWITCH) {
                    node.switchPorts().add(port);
                } else {
                    node.caPorts().add(other.portGuids().get(peer.get().port() - 1));
                }
            }
            switches.put(sw.nodeGuid(), node);
        }
        return switches;
    }

    private static int[] array(Map<Integer, Integer> lft) {
        int top = lft.keySet().stream().mapToInt(Integer::intValue).max().orElse(0);
        int[] table = new int[top + 1];
        Arrays.fill(table, LinearForwardingTable.NO_PATH);
        lft.forEach((lid, port) -> table[lid] = port);
        return table;
    }
}
