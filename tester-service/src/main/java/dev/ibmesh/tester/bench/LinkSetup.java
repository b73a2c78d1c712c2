package dev.ibmesh.tester.bench;

import dev.ibmesh.mad.smp.LinearForwardingTable;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.mad.smp.SwitchInfo;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Brings a SimpleLink to life the way a subnet manager would, with nothing but directed-route SMPs from the
 * tester's port: LIDs for the tester's port and the DUT (a CA port, or a switch's port 0), the tester as master SM
 * (so the DUT's traps come to it), for a switch the LFT entries and LinearFDBTop that route the two LIDs, NeighborMTU,
 * then both ends of the link Armed and Active (IBA 14.4: an SM activates a port from Init through Armed). A link an
 * SM already brought up (both ends Active with LIDs) is left as it is.
 *
 * <p>A DUT further away than the tester's neighbour ({@link DutPath} of more than one hop) is reached across
 * switches this bench must not configure behind the subnet's SM: it is used as an SM left it, every port of the route
 * Active and both ends with LIDs, or not at all.
 */
public final class LinkSetup {
    public static final int TESTER_LID = 1;
    public static final int DUT_LID = 2;

    private final SmpClient smp;
    private final int testerPort;
    private final DutPath path;

    /** The SimpleLink: the DUT at the other end of {@code testerPort}'s link. */
    public LinkSetup(SmpClient smp, int testerPort) {
        this(smp, testerPort, DutPath.direct(testerPort));
    }

    /** The DUT at the end of {@code path} from the tester's {@code testerPort}. */
    public LinkSetup(SmpClient smp, int testerPort, DutPath path) {
        this.smp = smp;
        this.testerPort = testerPort;
        this.path = path;
    }

    /**
     * Reads the link and configures what no SM did yet; along a longer route, only reads what an SM set up.
     *
     * @throws BenchException when the route leads nowhere, or crosses links no SM brought up
     */
    public SimpleLinkView bringUp() {
        int first = path.ports().get(0);
        if (testerPort != 0 && first != testerPort) {
            // A CA port sends its SMPs out of itself: a route out of another port would silently start from this one.
            throw new BenchException(
                    "the route " + path + " leaves the tester through port " + first + ", but the tester is port "
                            + testerPort + " of its node: start the route with 0," + testerPort,
                    null);
        }
        if (!path.isDirect()) {
            return new SubnetRoute(smp, testerPort, path).read();
        }
        int[] toDut = path.toArray();
        NodeInfo dut = NodeInfo.decode(smp.getData(NodeInfo.ATTRIBUTE_ID, 0, toDut), 0);
        boolean isSwitch = dut.nodeType() == NodeInfo.NODE_TYPE_SWITCH;
        int dutPort = dut.localPortNum();
        PortInfo tester = smp.portInfo(testerPort);
        PortInfo dutEnd = smp.portInfo(isSwitch ? 0 : dutPort, toDut);
        PortInfo dutLink = isSwitch ? smp.portInfo(dutPort, toDut) : dutEnd;
        if (tester.portState() == PortInfo.PORT_STATE_ACTIVE
                && dutLink.portState() == PortInfo.PORT_STATE_ACTIVE
                && tester.lid() != 0
                && dutEnd.lid() != 0) {
            return new SimpleLinkView(testerPort, tester.lid(), dut, dutPort, dutEnd.lid(), path);
        }
        int mtu = Math.min(tester.mtuCap(), dutLink.mtuCap());
        set(tester.toBuilder().lid(TESTER_LID).masterSmLid(TESTER_LID).neighborMtu(mtu), testerPort);
        if (isSwitch) {
            set(dutEnd.toBuilder().lid(DUT_LID).masterSmLid(TESTER_LID), 0, toDut);
            set(dutLink.toBuilder().neighborMtu(mtu), dutPort, toDut);
            route(dutPort, toDut);
        } else {
            set(dutEnd.toBuilder().lid(DUT_LID).masterSmLid(TESTER_LID).neighborMtu(mtu), dutPort, toDut);
        }
        for (int state : new int[] {PortInfo.PORT_STATE_ARMED, PortInfo.PORT_STATE_ACTIVE}) {
            portState(state, testerPort);
            portState(state, isSwitch ? dutPort : 0, toDut);
        }
        return new SimpleLinkView(testerPort, TESTER_LID, dut, dutPort, DUT_LID, path);
    }

    /** A switch DUT routes the tester's LID back out of the link's port and its own LID to port 0. */
    private void route(int dutPort, int... toDut) {
        List<Integer> block = new ArrayList<>(
                Collections.nCopies(LinearForwardingTable.LIDS_PER_BLOCK, LinearForwardingTable.NO_PATH));
        block.set(TESTER_LID, dutPort);
        block.set(DUT_LID, 0);
        smp.setData(LinearForwardingTable.ATTRIBUTE_ID, 0, new LinearForwardingTable(block).toBytes(), toDut);
        SwitchInfo info = SwitchInfo.decode(smp.getData(SwitchInfo.ATTRIBUTE_ID, 0, toDut), 0);
        smp.setData(
                SwitchInfo.ATTRIBUTE_ID,
                0,
                info.withLinearFdbTop(Math.max(TESTER_LID, DUT_LID)).toBytes(),
                toDut);
    }

    /** A Set that changes only what the builder changed: PortState and PortPhysicalState say "no change". */
    private void set(PortInfo.Builder changed, int modifier, int... path) {
        smp.setData(
                PortInfo.ATTRIBUTE_ID,
                modifier,
                changed.portState(PortInfo.PORT_STATE_NO_CHANGE)
                        .portPhysicalState(PortInfo.PHYS_STATE_NO_CHANGE)
                        .build()
                        .toBytes(),
                path);
    }

    private void portState(int state, int modifier, int... path) {
        PortInfo now = smp.portInfo(modifier, path);
        if (now.portState() == state) {
            return;
        }
        smp.setData(
                PortInfo.ATTRIBUTE_ID,
                modifier,
                now.toBuilder()
                        .portState(state)
                        .portPhysicalState(PortInfo.PHYS_STATE_NO_CHANGE)
                        .build()
                        .toBytes(),
                path);
    }
}
