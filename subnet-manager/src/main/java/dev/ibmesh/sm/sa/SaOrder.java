package dev.ibmesh.sm.sa;

import dev.ibmesh.sm.discovery.SmNode;
import dev.ibmesh.sm.discovery.SmPort;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * The order records are listed in: OpenSM's, so saquery shows the same tables from either SM. OpenSM keeps its nodes
 * in a map keyed by the GUID as it is on the wire (big-endian) and compares keys as host (little-endian) integers:
 * nodes come ordered by the GUID's bytes read backwards, lowest byte first. Ports follow in number order.
 */
final class SaOrder {
    private SaOrder() {}

    static List<SmPort> ports(Collection<SmPort> ports) {
        return ports.stream()
                .sorted(Comparator.comparing((SmPort p) -> wireOrder(p.node().guid()), Long::compareUnsigned)
                        .thenComparingInt(SmPort::number))
                .toList();
    }

    static List<SmNode> nodes(Collection<SmNode> nodes) {
        return nodes.stream()
                .sorted(Comparator.comparing((SmNode n) -> wireOrder(n.guid()), Long::compareUnsigned))
                .toList();
    }

    private static long wireOrder(long guid) {
        return Long.reverseBytes(guid);
    }
}
