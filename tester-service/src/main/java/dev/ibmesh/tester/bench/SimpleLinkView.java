package dev.ibmesh.tester.bench;

import dev.ibmesh.mad.smp.NodeInfo;

/**
 * What the tester knows of its SimpleLink once it is up: both LIDs and the DUT's NodeInfo as read along the route to
 * it. The DUT is the tester's neighbour, as in the CTS's SimpleLink, unless the route names a node further away
 * ({@code ibmesh test --dut-path}).
 *
 * @param dutPort the DUT's port the route enters (its NodeInfo.LocalPortNum read along the route)
 * @param dutLid  the LID the DUT answers to: a CA port's, or a switch's port 0
 * @param path    the directed route from the tester to the DUT
 */
public record SimpleLinkView(int testerPort, int testerLid, NodeInfo dut, int dutPort, int dutLid, DutPath path) {
    public boolean dutIsSwitch() {
        return dut.nodeType() == NodeInfo.NODE_TYPE_SWITCH;
    }

    /** The directed route from the tester to the DUT: out of the tester's port, then on as the path says. */
    public int[] pathToDut() {
        return path.toArray();
    }

    /** The DUT is at the other end of the tester's own link. */
    public boolean isDirect() {
        return path.isDirect();
    }
}
