package dev.ibmesh.runtime.sma.dr;

import dev.ibmesh.mad.DrSmp;

/**
 * What a node knows about itself when it applies the directed-route rules.
 *
 * @param isSwitch  a switch may forward DR SMPs and LID-route their ends; a CA may not (IBA 14.2.2, C14-9, C14-13)
 * @param portCount physical ports, numbered 1..portCount (a switch's port 0 is its management port, never an egress)
 * @param lid       the LID of an end port or of a switch's port 0; 0 when none is assigned yet
 */
public record DrNode(boolean isSwitch, int portCount, int lid) {
    public DrNode {
        if (portCount < 1 || portCount > 254) {
            throw new IllegalArgumentException("port count must be 1..254, was " + portCount);
        }
        if (lid < 0 || lid > 0xFFFF) {
            throw new IllegalArgumentException("LID must be 16 bits, was " + lid);
        }
    }

    public static DrNode channelAdapter(int portCount, int lid) {
        return new DrNode(false, portCount, lid);
    }

    public static DrNode switchNode(int portCount, int lid) {
        return new DrNode(true, portCount, lid);
    }

    /** True when {@code drLid} (DrSLID or DrDLID) names this node: the permissive LID or its own assigned LID. */
    boolean isAddressedBy(int drLid) {
        return drLid == DrSmp.PERMISSIVE_LID || (lid != 0 && drLid == lid);
    }
}
