package dev.ibmesh.sm.sa;

import dev.ibmesh.sm.discovery.SmNode;
import dev.ibmesh.sm.discovery.SmPort;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * The order records are listed in: by node GUID, then port number. OpenSM keeps its nodes in a map sorted by GUID,
 * so saquery shows the same order from either SM.
 */
final class SaOrder {
    private SaOrder() {}

    static List<SmPort> byGuid(Collection<SmPort> ports) {
        return ports.stream()
                .sorted(Comparator.comparing((SmPort p) -> p.node().guid(), Long::compareUnsigned)
                        .thenComparingInt(SmPort::number))
                .toList();
    }

    static List<SmNode> nodesByGuid(Collection<SmNode> nodes) {
        return nodes.stream()
                .sorted(Comparator.comparing(SmNode::guid, Long::compareUnsigned))
                .toList();
    }
}
