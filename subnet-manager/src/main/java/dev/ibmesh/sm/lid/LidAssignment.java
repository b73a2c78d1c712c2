package dev.ibmesh.sm.lid;

import dev.ibmesh.sm.discovery.SmPort;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The LIDs of a subnet's end ports: each port's base LID and how many LIDs it owns (2^LMC for a CA port, 1 for a
 * switch's port 0: IBA 7.11.1, a base switch port 0 has LMC 0).
 */
public final class LidAssignment {
    private final Map<SmPort, Integer> base = new LinkedHashMap<>();
    private final int lmc;
    private int maxLid;

    LidAssignment(int lmc) {
        this.lmc = lmc;
    }

    void put(SmPort port, int lid) {
        base.put(port, lid);
        maxLid = Math.max(maxLid, lid + span(port) - 1);
    }

    /** The port's base LID, or 0 if it has none. */
    public int lid(SmPort port) {
        return base.getOrDefault(port, 0);
    }

    /** The LMC the port is given: the subnet's for a CA port, 0 for a switch. */
    public int lmc(SmPort port) {
        return port.node().isSwitch() ? 0 : lmc;
    }

    /** How many LIDs the port owns, from its base LID up. */
    public int span(SmPort port) {
        return 1 << lmc(port);
    }

    /** The highest LID in use (what LinearFDBTop must cover). */
    public int maxLid() {
        return maxLid;
    }

    /** Every end port with a LID and its base LID, in discovery order. */
    public Map<SmPort, Integer> bases() {
        return Collections.unmodifiableMap(base);
    }
}
