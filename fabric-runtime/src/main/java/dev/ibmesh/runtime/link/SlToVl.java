package dev.ibmesh.runtime.link;

import dev.ibmesh.mad.smp.SlToVlMappingTable;
import java.util.List;

/**
 * The SL-to-VL mapping of one output port (one input/output pair on a switch), which the caller applies when it
 * queues a data packet. SMPs do not use it: they always travel on VL15.
 *
 * <p>A packet whose SL maps to VL15 is dropped (IBA 7.6.6; the {@link SlToVlMappingTable#VL_DROP} convention, also
 * opensm's {@code IB_DROP_VL}). So is one whose SL maps to a data VL at or above OperationalVLs ([unverified]: our
 * reading of IBA 7.6.6: such a VL has no buffer at the other end).
 *
 * <p>Before the SM programs the table every SL maps to VL0, the one data VL every port has (OperationalVLs is at
 * least 1). That default is ours, not the spec's ([unverified]: the spec's reset contents are not known to us).
 *
 * <p>Owned by one port and called from its event loop only. {@link #map} allocates nothing.
 */
public final class SlToVl {
    /** What {@link #map} returns for a packet to drop. */
    public static final int DROP = SlToVlMappingTable.VL_DROP;

    private final int[] vlBySl = new int[SlToVlMappingTable.NUM_SLS];

    /** Takes the table the SM set (SubnSet(SLtoVLMappingTable)). */
    public void program(SlToVlMappingTable table) {
        for (int sl = 0; sl < vlBySl.length; sl++) {
            vlBySl[sl] = table.vl(sl);
        }
    }

    /** The table as programmed, for SubnGet(SLtoVLMappingTable). */
    public SlToVlMappingTable table() {
        Integer[] vls = new Integer[vlBySl.length];
        for (int sl = 0; sl < vls.length; sl++) {
            vls[sl] = vlBySl[sl];
        }
        return new SlToVlMappingTable(List.of(vls));
    }

    /** The VL for a packet on {@code sl} (0-15), or {@link #DROP}. */
    public int map(int sl, int operationalVls) {
        int vl = vlBySl[sl];
        return vl < operationalVls ? vl : DROP;
    }
}
