package dev.ibmesh.sm.partition;

import dev.ibmesh.mad.smp.PKeyTable;
import dev.ibmesh.mad.smp.PKeys;
import dev.ibmesh.sm.discovery.SmPort;
import dev.ibmesh.sm.discovery.Subnet;
import dev.ibmesh.sm.partition.Partitions.Member;
import dev.ibmesh.sm.partition.Partitions.Membership;
import dev.ibmesh.sm.partition.Partitions.Partition;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The P_Keys each end port of a subnet gets from the SM's partitions, in P_Key table order (the default partition's at
 * index 0), and which P_Key two ports share. Without a partitions file every port is a full member of the default
 * partition only, the table every port starts with.
 */
public final class PKeyAssignment {
    private static final List<Integer> DEFAULT_ONLY = List.of(PKeyTable.DEFAULT_FULL);

    private final Map<Long, List<Integer>> byPortGuid;

    private PKeyAssignment(Map<Long, List<Integer>> byPortGuid) {
        this.byPortGuid = byPortGuid;
    }

    /** Every port a full member of the default partition, and of no other. */
    public static PKeyAssignment defaultOnly() {
        return new PKeyAssignment(Map.of());
    }

    /** The P_Keys of every end port of {@code subnet} (CA ports and switch ports 0) under {@code partitions}. */
    public static PKeyAssignment resolve(Partitions partitions, Subnet subnet) {
        Map<Long, List<Integer>> keys = new HashMap<>();
        for (SmPort port : subnet.endPorts()) {
            List<Integer> table = new ArrayList<>();
            for (Partition p : partitions.partitions()) {
                Optional<Membership> m = membership(p, port, port == subnet.smPort());
                m.ifPresent(membership -> {
                    if (membership != Membership.LIMITED) {
                        table.add(PKeyTable.FULL_MEMBER | p.base());
                    }
                    if (membership != Membership.FULL) {
                        table.add(p.base());
                    }
                });
            }
            keys.put(port.guid(), List.copyOf(table));
        }
        return new PKeyAssignment(keys);
    }

    /**
     * How {@code port} belongs to {@code p}: the strongest of the members that name it (full over both over
     * limited), or empty when none does. A switch's port 0 is always a full member of the default partition, so that
     * the SM and management tools reach every switch whatever the file says.
     */
    private static Optional<Membership> membership(Partition p, SmPort port, boolean self) {
        if (p.base() == Partitions.DEFAULT_BASE && port.node().isSwitch()) {
            return Optional.of(Membership.FULL);
        }
        Optional<Membership> best = Optional.empty();
        for (Member m : p.members()) {
            boolean names = switch (m.who()) {
                case ALL -> true;
                case ALL_CAS -> !port.node().isSwitch();
                case ALL_SWITCHES -> port.node().isSwitch();
                case SELF -> self;
                case GUID -> m.guid() == port.guid();
            };
            if (names
                    && (best.isEmpty() || m.membership().ordinal() < best.get().ordinal())) {
                best = Optional.of(m.membership());
            }
        }
        return best;
    }

    /** {@code port}'s P_Keys, in table order (empty: in no partition). */
    public List<Integer> pKeys(SmPort port) {
        return byPortGuid.isEmpty() ? DEFAULT_ONLY : byPortGuid.getOrDefault(port.guid(), List.of());
    }

    /**
     * The P_Key a path from {@code a} to {@code b} uses: that of the first partition in {@code a}'s table both
     * belong to with at least one of them a full member (two limited members cannot talk, IBA 10.9.1.1), as a full
     * P_Key; only partition {@code base} when it is not negative. Empty when they share none.
     */
    public Optional<Integer> shared(SmPort a, SmPort b, int base) {
        List<Integer> theirs = pKeys(b);
        for (int mine : pKeys(a)) {
            if (base >= 0 && PKeys.base(mine) != base) {
                continue;
            }
            for (int other : theirs) {
                if (PKeys.base(mine) == PKeys.base(other) && ((mine | other) & PKeyTable.FULL_MEMBER) != 0) {
                    return Optional.of(PKeyTable.FULL_MEMBER | PKeys.base(mine));
                }
            }
        }
        return Optional.empty();
    }
}
