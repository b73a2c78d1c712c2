package dev.ibmesh.tester.bench;

import dev.ibmesh.mad.smp.NodeInfo;

/**
 * What the tester knows of its SimpleLink once it is up: both LIDs and the DUT's NodeInfo as read through the link.
 *
 * @param dutPort the DUT's port at the other end of the link (its NodeInfo.LocalPortNum)
 * @param dutLid  the LID the DUT answers to: a CA port's, or a switch's port 0
 */
public record SimpleLinkView(int testerPort, int testerLid, NodeInfo dut, int dutPort, int dutLid) {
    public boolean dutIsSwitch() {
        return dut.nodeType() == NodeInfo.NODE_TYPE_SWITCH;
    }

    /** The directed route from the tester to the DUT: out of the tester's port. */
    public int[] pathToDut() {
        return new int[] {testerPort};
    }
}
