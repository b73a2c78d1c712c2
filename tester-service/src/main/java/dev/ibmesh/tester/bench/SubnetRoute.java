package dev.ibmesh.tester.bench;

import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.mad.smp.PortState;
import dev.ibmesh.runtime.madport.MadTimeoutException;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

/**
 * A DUT several hops from the tester, on a subnet an SM brought up: the route is followed hop by hop with
 * directed-route SMPs (IBA 14.2.2), which pass links in any state but Down, and every port it leaves through must
 * be Active, as must the DUT's port it enters; the tester's port and the DUT need the LIDs the SM gave them (IBA
 * 14.4). Nothing is configured: the switches on the way are the SM's to set up.
 */
final class SubnetRoute {
    private final SmpClient smp;
    private final int testerPort;
    private final DutPath path;

    SubnetRoute(SmpClient smp, int testerPort, DutPath path) {
        this.smp = smp;
        this.testerPort = testerPort;
        this.path = path;
    }

    /**
     * The DUT and the LIDs as the SM left them.
     *
     * @throws BenchException when the route leads nowhere or crosses links no SM brought up
     */
    SimpleLinkView read() {
        List<Integer> ports = path.ports();
        for (int hop = 0; hop < path.hops(); hop++) {
            int[] toNode = path.prefix(hop);
            int out = ports.get(hop);
            PortInfo leaving = along(hop, "port " + out + " of " + node(toNode), () -> smp.portInfo(out, toNode));
            requireActive(leaving, "port " + out + " of " + node(toNode));
        }
        int[] toDut = path.toArray();
        NodeInfo dut =
                along(path.hops(), "the DUT", () -> NodeInfo.decode(smp.getData(NodeInfo.ATTRIBUTE_ID, 0, toDut), 0));
        boolean isSwitch = dut.nodeType() == NodeInfo.NODE_TYPE_SWITCH;
        int dutPort = dut.localPortNum();
        PortInfo entering = smp.portInfo(dutPort, toDut);
        requireActive(entering, "the DUT's port " + dutPort);
        PortInfo dutEnd = isSwitch ? smp.portInfo(0, toDut) : entering;
        PortInfo tester = smp.portInfo(testerPort);
        if (tester.lid() == 0 || dutEnd.lid() == 0) {
            throw unbuilt((tester.lid() == 0 ? "the tester's port" : "the DUT") + " has no LID");
        }
        return new SimpleLinkView(testerPort, tester.lid(), dut, dutPort, dutEnd.lid(), path);
    }

    /** A read along the route: an SMP that is not answered, or answered with an error, means the route ends there. */
    private <T> T along(int hop, String what, Supplier<T> read) {
        try {
            return read.get();
        } catch (MadTimeoutException | IllegalStateException e) {
            throw nowhere(what + " is not there (hop " + hop + ": " + e.getMessage() + ")", e);
        }
    }

    /** A port Down has no link (IBA 7.2): nothing is at its other end. One not yet Active is the SM's to bring up. */
    private void requireActive(PortInfo port, String what) {
        if (port.portState() == PortInfo.PORT_STATE_DOWN) {
            throw nowhere(what + " is Down: no link leaves it", null);
        }
        if (port.portState() != PortInfo.PORT_STATE_ACTIVE) {
            throw unbuilt(what + " is " + PortState.valueOf(port.portState()));
        }
    }

    private BenchException nowhere(String why, Throwable cause) {
        return new BenchException("the route " + path + " to the DUT leads nowhere: " + why, cause);
    }

    private BenchException unbuilt(String why) {
        return new BenchException(
                "the route " + path + " to the DUT crosses links no SM brought up (" + why + "): run an SM first,"
                        + " for instance `ibmesh sm --target <this target> --once`",
                null);
    }

    /** A node on the way, named by its own route: the tester's node is 0. */
    private static String node(int[] route) {
        return route.length == 0
                ? "the tester's node"
                : "the node at 0,"
                        + String.join(
                                ",",
                                Arrays.stream(route).mapToObj(String::valueOf).toList());
    }
}
