package dev.ibmesh.runtime.sma;

import dev.ibmesh.mad.smp.LinearForwardingTable;
import dev.ibmesh.mad.smp.MulticastForwardingTable;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.mad.smp.SwitchInfo;

/** A switch behind an SMA: a {@link SmaNode} with the switch-only attributes (IBA 14.2.5.4, 14.2.5.10, 14.2.5.12). */
public interface SmaSwitch extends SmaNode {
    @Override
    default int nodeType() {
        return NodeInfo.NODE_TYPE_SWITCH;
    }

    SwitchInfo switchInfo();

    /** Stores a SwitchInfo that {@link SwitchInfoSet} accepted. */
    void applySwitchInfo(SwitchInfo next);

    /** Linear forwarding block {@code block}: the egress ports of LIDs block * 64 .. block * 64 + 63. */
    LinearForwardingTable linearForwardingTable(int block);

    void setLinearForwardingTable(int block, LinearForwardingTable table);

    /**
     * Multicast forwarding block {@code block} (MLIDs 0xC000 + block * 32 ..) at {@code position}: the port masks of
     * ports position * 16 .. position * 16 + 15.
     */
    MulticastForwardingTable multicastForwardingTable(int block, int position);

    void setMulticastForwardingTable(int block, int position, MulticastForwardingTable table);
}
