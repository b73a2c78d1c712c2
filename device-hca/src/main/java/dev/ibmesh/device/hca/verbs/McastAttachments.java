package dev.ibmesh.device.hca.verbs;

import dev.ibmesh.wire.Gid;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which UD QPs are attached to which multicast group (the Attach/Detach QP to Multicast Group verbs of IBA 11.2.7,
 * ibv_attach_mcast): a packet to the multicast QPN 0xFFFFFF with this MLID and this MGID in its GRH is delivered to
 * each of them (IBA 10.5.2.1). Owned by the device's event loop.
 */
public final class McastAttachments {
    private final Map<Integer, Map<Gid, Set<Integer>>> byMlid = new HashMap<>();

    /** Attaches; false when the QP already was. */
    boolean attach(int qpn, Gid mgid, int mlid) {
        return byMlid.computeIfAbsent(mlid, m -> new HashMap<>())
                .computeIfAbsent(mgid, g -> new TreeSet<>())
                .add(qpn);
    }

    /** Detaches; false when the QP was not attached. */
    boolean detach(int qpn, Gid mgid, int mlid) {
        Set<Integer> qps = byMlid.getOrDefault(mlid, Map.of()).get(mgid);
        return qps != null && qps.remove(qpn);
    }

    /** Detaches the QP from every group (it is being destroyed). */
    void forget(int qpn) {
        byMlid.values().forEach(groups -> groups.values().forEach(qps -> qps.remove(qpn)));
    }

    /** The QPs attached to the group {@code mgid} on {@code mlid}; empty if none. */
    public Set<Integer> qps(int mlid, Gid mgid) {
        return byMlid.getOrDefault(mlid, Map.of()).getOrDefault(mgid, Set.of());
    }
}
