package dev.ibmesh.sm.lid;

import dev.ibmesh.sm.discovery.SmPort;
import dev.ibmesh.sm.discovery.Subnet;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Gives every end port its LIDs (IBA 14.4.2 LID assignment), stable across sweeps: a port keeps the LID it had in the
 * last assignment (or in the GUID-to-LID map the manager started with, as OpenSM's {@code guid2lid} file), else the
 * LID it reports now if that is a valid unicast LID, aligned to its LMC and free; anything else is resolved by
 * giving the port the lowest free aligned range. Conflicts (two ports claiming one LID) are won by the port seen
 * first; the other gets a new LID.
 *
 * <p>Not thread-safe: owned by the SM's sweeping thread.
 */
public final class LidManager {
    /** The highest unicast LID (IBA 4.1.3: 0x0001-0xBFFF unicast, 0xC000-0xFFFE multicast). */
    public static final int MAX_UNICAST_LID = 0xBFFF;

    private final int lmc;
    private final Map<Long, Integer> remembered;

    /**
     * @param lmc        the LMC of CA ports, 0-7
     * @param remembered port GUID to base LID from an earlier run; may be wrong (zero, duplicate, unaligned)
     */
    public LidManager(int lmc, Map<Long, Integer> remembered) {
        if (lmc < 0 || lmc > 7) {
            throw new IllegalArgumentException("LMC must be 0-7, was " + lmc);
        }
        this.lmc = lmc;
        this.remembered = new HashMap<>(remembered);
    }

    /** Assigns the LIDs of every end port of {@code subnet}, and remembers them for the next sweep. */
    public LidAssignment assign(Subnet subnet) {
        LidAssignment lids = new LidAssignment(lmc);
        BitSet used = new BitSet();
        used.set(0);
        List<SmPort> ends = subnet.endPorts();
        Map<SmPort, Integer> pending = new HashMap<>();
        for (SmPort p : ends) {
            Integer known = remembered.get(p.guid());
            if (known != null && claim(used, known, lids.span(p))) {
                lids.put(p, known);
            } else {
                pending.put(p, p.info() == null ? 0 : p.info().lid());
            }
        }
        for (SmPort p : ends) {
            Integer current = pending.get(p);
            if (current != null && claim(used, current, lids.span(p))) {
                lids.put(p, current);
                pending.remove(p);
            }
        }
        for (SmPort p : ends) {
            if (pending.containsKey(p)) {
                int lid = lowestFree(used, lids.span(p));
                if (lid < 0) {
                    throw new IllegalStateException("no unicast LIDs left for " + p);
                }
                claim(used, lid, lids.span(p));
                lids.put(p, lid);
            }
        }
        lids.bases().forEach((p, lid) -> remembered.put(p.guid(), lid));
        return lids;
    }

    /** Takes {@code span} LIDs from {@code lid} if they are valid, aligned and free. */
    private static boolean claim(BitSet used, int lid, int span) {
        if (lid < 1 || lid + span - 1 > MAX_UNICAST_LID || lid % span != 0) {
            return false;
        }
        if (!free(used, lid, span)) {
            return false;
        }
        used.set(lid, lid + span);
        return true;
    }

    private static boolean free(BitSet used, int lid, int span) {
        int taken = used.nextSetBit(lid);
        return taken < 0 || taken >= lid + span;
    }

    private static int lowestFree(BitSet used, int span) {
        int lid = used.nextClearBit(1);
        while (true) {
            lid = (lid + span - 1) / span * span;
            if (lid + span - 1 > MAX_UNICAST_LID) {
                return -1;
            }
            if (free(used, lid, span)) {
                return lid;
            }
            lid = used.nextClearBit(used.nextSetBit(lid));
        }
    }
}
