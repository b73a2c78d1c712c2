package dev.ibmesh.sm.routing;

import dev.ibmesh.sm.discovery.SmPort;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * How many LIDs each egress port carries so far. Engines hand each LID to the least loaded of the ports they may
 * use, which spreads the LIDs of a fat tree evenly over its parallel paths.
 */
final class PortLoad {
    private final Map<SmPort, Integer> load = new HashMap<>();

    /** The least loaded of {@code ports} (the first on a tie), now carrying one LID more; null if there is none. */
    SmPort take(List<SmPort> ports) {
        SmPort best = null;
        int bestLoad = Integer.MAX_VALUE;
        for (int i = 0; i < ports.size(); i++) {
            SmPort p = ports.get(i);
            int l = load.getOrDefault(p, 0);
            if (l < bestLoad) {
                best = p;
                bestLoad = l;
            }
        }
        if (best != null) {
            load.merge(best, 1, Integer::sum);
        }
        return best;
    }
}
