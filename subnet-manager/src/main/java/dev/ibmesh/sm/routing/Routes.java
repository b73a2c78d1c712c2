package dev.ibmesh.sm.routing;

import dev.ibmesh.mad.smp.LinearForwardingTable;
import dev.ibmesh.sm.discovery.SmNode;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The unicast routes of a subnet: each switch's linear forwarding table, the egress port for every LID from 0 to the
 * highest LID in use ({@link LinearForwardingTable#NO_PATH} where there is none).
 */
public final class Routes {
    private final int maxLid;
    private final Map<SmNode, int[]> tables = new LinkedHashMap<>();

    public Routes(int maxLid) {
        this.maxLid = maxLid;
    }

    /** The switch's table, created on first use with no routes. */
    public int[] table(SmNode sw) {
        return tables.computeIfAbsent(sw, s -> {
            int[] t = new int[maxLid + 1];
            Arrays.fill(t, LinearForwardingTable.NO_PATH);
            return t;
        });
    }

    public int maxLid() {
        return maxLid;
    }

    public Map<SmNode, int[]> tables() {
        return Collections.unmodifiableMap(tables);
    }
}
