package dev.ibmesh.sm.sa;

import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.sm.activation.PortSettings;
import dev.ibmesh.sm.discovery.SmNode;
import dev.ibmesh.sm.discovery.SmPort;
import dev.ibmesh.sm.discovery.Subnet;
import dev.ibmesh.sm.lid.LidAssignment;
import dev.ibmesh.sm.partition.PKeyAssignment;
import dev.ibmesh.sm.routing.Routes;
import dev.ibmesh.wire.Bits;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The subnet as the SA answers for it: what the last heavy sweep that brought the subnet up saw and configured,
 * indexed by LID and by port GUID. Immutable once built; a new sweep gives a new view.
 */
public final class SaView {
    private final Subnet subnet;
    private final LidAssignment lids;
    private final Routes routes;
    private final PKeyAssignment pKeys;
    private final Map<Integer, SmPort> byLid = new HashMap<>();
    private final Map<Long, SmPort> byGuid = new HashMap<>();
    private final List<SmPort> endPorts;

    /** The subnet a sweep saw, the LIDs it gave, the routes it programmed and the P_Keys of its partitions. */
    public SaView(Subnet subnet, LidAssignment lids, Routes routes, PKeyAssignment pKeys) {
        this.subnet = subnet;
        this.lids = lids;
        this.routes = routes;
        this.pKeys = pKeys;
        this.endPorts = lids.bases().keySet().stream().toList();
        lids.bases().forEach((port, base) -> {
            for (int i = 0; i < lids.span(port); i++) {
                byLid.put(base + i, port);
            }
            byGuid.put(port.guid(), port);
        });
    }

    /** Every end port with a LID, in discovery order. */
    public List<SmPort> endPorts() {
        return endPorts;
    }

    /** The end port that owns {@code lid} (any LID of its LMC range), or null. */
    public SmPort portOfLid(int lid) {
        return byLid.get(lid);
    }

    /** The end port with this port GUID, or null. */
    public SmPort portOfGuid(long guid) {
        return byGuid.get(guid);
    }

    public int baseLid(SmPort port) {
        return lids.lid(port);
    }

    public int lidCount(SmPort port) {
        return lids.span(port);
    }

    /** The egress port for {@code lid} in the switch's LFT as this SM programmed it (0xFF: none). */
    public int route(SmNode sw, int lid) {
        int[] table = routes.tables().get(sw);
        return table == null || lid >= table.length ? 0xFF : table[lid];
    }

    /**
     * The P_Key of the partition a path from {@code source} to {@code destination} is in (only partition
     * {@code base} when that is not negative); empty when they share none they may talk in.
     */
    public Optional<Integer> pathPKey(SmPort source, SmPort destination, int base) {
        return pKeys.shared(source, destination, base);
    }

    /** The switch's LFT as programmed, or null for a node that is no switch. */
    public int[] forwardingTable(SmNode sw) {
        return routes.tables().get(sw);
    }

    /** Every node the sweep saw. */
    public Collection<SmNode> nodes() {
        return subnet.nodes();
    }

    public List<SmNode> switches() {
        return subnet.switches();
    }

    /** The port this SM runs on. */
    public SmPort smPort() {
        return subnet.smPort();
    }

    /** The GID of the port with this GUID in this subnet: the subnet prefix, then the GUID (IBA 4.1.1). */
    public byte[] gid(long portGuid) {
        byte[] gid = new byte[16];
        Bits.put64(gid, 0, gidPrefix());
        Bits.put64(gid, 8, portGuid);
        return gid;
    }

    /** The subnet prefix the SM's port reports. */
    public long gidPrefix() {
        PortInfo info = subnet.smPort() == null ? null : subnet.smPort().info();
        return info == null || info.gidPrefix() == 0 ? PortSettings.SUBNET_PREFIX : info.gidPrefix();
    }
}
