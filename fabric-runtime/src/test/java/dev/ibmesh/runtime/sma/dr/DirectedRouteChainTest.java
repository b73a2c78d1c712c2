package dev.ibmesh.runtime.sma.dr;

import static dev.ibmesh.mad.DrSmp.PERMISSIVE_LID;
import static dev.ibmesh.runtime.sma.dr.LineFabric.SM_LID;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.mad.Method;
import dev.ibmesh.runtime.sma.dr.DrDecision.Forward;
import dev.ibmesh.runtime.sma.dr.LineFabric.Layout;
import dev.ibmesh.runtime.sma.dr.LineFabric.Outcome;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * An SM on an HCA, 1 to 10 switches in a line, and a target at the end (a CA, or the last switch's SMA): Get SMPs
 * walked hop by hop through {@link DirectedRoute} and answered with {@link DrResponse}.
 */
class DirectedRouteChainTest {
    private static final int NODE_INFO = 0x0011;
    private static final int NO_LID_LEG = -1;

    static Stream<Arguments> lines() {
        return IntStream.rangeClosed(1, 10)
                .boxed()
                .flatMap(n -> Stream.of(Layout.values())
                        .flatMap(layout -> Stream.of(Arguments.of(n, true, layout), Arguments.of(n, false, layout))));
    }

    static Stream<Arguments> switchCounts() {
        return IntStream.rangeClosed(1, 10)
                .boxed()
                .flatMap(n -> Stream.of(Layout.values()).map(l -> Arguments.of(n, l)));
    }

    private static long tid(int n, boolean endCa) {
        return 0x5A000000L + n * 2L + (endCa ? 1 : 0);
    }

    private static DrSmp get(long tid, int... path) {
        return DrSmp.outbound(Method.GET, tid, NODE_INFO, 0, 0, new byte[0], path);
    }

    private static DrSmp withDrLids(DrSmp smp, int drSlid, int drDlid) {
        return new DrSmp(
                smp.header(),
                smp.mKey(),
                drSlid,
                drDlid,
                smp.reserved28(),
                smp.data(),
                smp.initialPath(),
                smp.returnPath());
    }

    private static List<Integer> range(int from, int to) {
        List<Integer> r = new ArrayList<>();
        for (int i = from; from <= to ? i <= to : i >= to; i += from <= to ? 1 : -1) {
            r.add(i);
        }
        return r;
    }

    private static void assertReturnPathHoldsIngressPorts(LineFabric line, DrSmp smp, int firstNode) {
        for (int hop = 1; hop <= smp.hopCount(); hop++) {
            assertEquals(line.toward(firstNode + hop), smp.returnPath(hop), "ReturnPath[" + hop + "]");
        }
    }

    @ParameterizedTest(name = "{0} switches, end CA {1}, {2}")
    @MethodSource("lines")
    void getTravelsToTheEndAndItsResponseComesHome(int switches, boolean endCa, Layout layout) {
        LineFabric line = new LineFabric(switches, endCa, layout);
        int target = line.last();
        long tid = tid(switches, endCa);
        DrSmp request = get(tid, line.pathOut(0, target));

        DrDecision first = DirectedRoute.send(request, line.node(0));
        Forward firstHop = assertInstanceOf(Forward.class, first);
        assertEquals(1, firstHop.port(), "InitialPath[1] = 1 on the first link, as in vector S2");
        assertEquals(1, firstHop.smp().hopPointer());
        assertEquals(target, firstHop.smp().hopCount());

        Outcome out = line.walk(0, first, NO_LID_LEG);
        DrSmp delivered = out.delivered();
        assertEquals(target, out.node());
        assertEquals(range(0, target), out.visited());
        assertEquals(target + 1, delivered.hopPointer());
        assertReturnPathHoldsIngressPorts(line, delivered, 0);

        DrSmp response = DrResponse.getResp(delivered, 0, new byte[] {1, 1, 1});
        Outcome back = line.walk(target, DirectedRoute.send(response, line.node(target)), NO_LID_LEG);
        DrSmp home = back.delivered();
        assertEquals(0, back.node());
        assertEquals(range(target, 0), back.visited());
        assertEquals(0, home.hopPointer());
        assertTrue(home.direction());
        assertEquals(Method.GET_RESP, home.header().method());
        assertEquals(tid, home.header().transactionId());
        assertArrayEquals(delivered.returnPath(), home.returnPath());
        assertReturnPathHoldsIngressPorts(line, home, 0);
    }

    @ParameterizedTest(name = "{0} switches, {1}")
    @MethodSource("switchCounts")
    void directedPartThenLidRoutedPart(int switches, Layout layout) {
        LineFabric line = new LineFabric(switches, true, layout);
        int target = line.last();
        for (int end = 1; end < target; end++) {
            DrSmp request = withDrLids(get(7, line.pathOut(0, end)), PERMISSIVE_LID, LineFabric.lidOf(target));

            Outcome out = line.walk(0, DirectedRoute.send(request, line.node(0)), NO_LID_LEG);
            DrSmp delivered = out.delivered();
            assertEquals(target, out.node());
            assertEquals(end, out.lastLidSender(), "the directed part ends at switch " + end);
            assertEquals(end + 1, delivered.hopPointer());
            assertReturnPathHoldsIngressPorts(line, delivered, 0);

            DrSmp response = DrResponse.getResp(delivered, 0, new byte[0]);
            Outcome back = line.walk(target, DirectedRoute.send(response, line.node(target)), out.lastLidSender());
            DrSmp home = back.delivered();
            assertEquals(0, back.node());
            assertEquals(0, home.hopPointer());
            assertEquals(7, home.header().transactionId());
            assertReturnPathHoldsIngressPorts(line, home, 0);
        }
    }

    @ParameterizedTest(name = "{0} switches, {1}")
    @MethodSource("switchCounts")
    void lidRoutedPartThenDirectedPart(int switches, Layout layout) {
        LineFabric line = new LineFabric(switches, true, layout);
        int target = line.last();
        for (int start = 1; start < target; start++) {
            DrSmp request = withDrLids(get(8, line.pathOut(start, target)), SM_LID, PERMISSIVE_LID);

            Outcome out = line.walk(0, DirectedRoute.send(request, line.node(0)), start);
            DrSmp delivered = out.delivered();
            assertEquals(target, out.node());
            assertEquals(
                    range(start, target), out.visited().subList(1, out.visited().size()));
            assertReturnPathHoldsIngressPorts(line, delivered, start);

            DrSmp response = DrResponse.getResp(delivered, 0, new byte[0]);
            Outcome back = line.walk(target, DirectedRoute.send(response, line.node(target)), NO_LID_LEG);
            assertEquals(0, back.node());
            assertEquals(start, back.lastLidSender(), "switch " + start + " LID-routes the response to DrSLID");
            assertEquals(0, back.delivered().hopPointer());
            assertEquals(8, back.delivered().header().transactionId());
        }
    }

    @ParameterizedTest(name = "{0} switches, {1}")
    @MethodSource("switchCounts")
    void lidRoutedPartsAtBothEnds(int switches, Layout layout) {
        LineFabric line = new LineFabric(switches, true, layout);
        int target = line.last();
        int start = 1;
        int end = switches;
        DrSmp request = withDrLids(get(9, line.pathOut(start, end)), SM_LID, LineFabric.lidOf(target));

        Outcome out = line.walk(0, DirectedRoute.send(request, line.node(0)), start);
        DrSmp delivered = out.delivered();
        assertEquals(target, out.node());
        assertEquals(end, out.lastLidSender());
        assertReturnPathHoldsIngressPorts(line, delivered, start);

        DrSmp response = DrResponse.getResp(delivered, 0, new byte[0]);
        Outcome back = line.walk(target, DirectedRoute.send(response, line.node(target)), end);
        assertEquals(0, back.node());
        assertEquals(start, back.lastLidSender());
        assertEquals(0, back.delivered().hopPointer());
    }

    @ParameterizedTest(name = "{0} switches, {1}")
    @MethodSource("switchCounts")
    void corruptedInitialPathDropsAtTheHopThatUsesIt(int switches, Layout layout) {
        LineFabric line = new LineFabric(switches, true, layout);
        int target = line.last();
        for (int bad = 1; bad <= target; bad++) {
            for (int port : new int[] {0, 9}) {
                int[] path = line.pathOut(0, target);
                path[bad - 1] = port;

                Outcome out = line.walk(0, DirectedRoute.send(get(1, path), line.node(0)), NO_LID_LEG);

                assertEquals(bad - 1, out.node(), "InitialPath[" + bad + "] is used by node " + (bad - 1));
                DrDropReason expected =
                        port == 0 ? DrDropReason.INITIAL_PATH_PORT_ZERO : DrDropReason.EGRESS_PORT_ABOVE_PORT_COUNT;
                assertEquals(expected, out.dropReason());
            }
        }
    }

    @ParameterizedTest(name = "{0} switches, {1}")
    @MethodSource("switchCounts")
    void corruptedReturnPathDropsAtTheHopThatUsesIt(int switches, Layout layout) {
        LineFabric line = new LineFabric(switches, true, layout);
        int target = line.last();
        DrSmp delivered = line.walk(0, DirectedRoute.send(get(2, line.pathOut(0, target)), line.node(0)), NO_LID_LEG)
                .delivered();
        for (int bad = 1; bad <= target; bad++) {
            byte[] returnPath = delivered.returnPath().clone();
            returnPath[bad] = 0;
            DrSmp corrupted = new DrSmp(
                    delivered.header(),
                    delivered.mKey(),
                    delivered.drSlid(),
                    delivered.drDlid(),
                    delivered.reserved28(),
                    delivered.data(),
                    delivered.initialPath(),
                    returnPath);

            DrSmp response = DrResponse.getResp(corrupted, 0, new byte[0]);
            Outcome back = line.walk(target, DirectedRoute.send(response, line.node(target)), NO_LID_LEG);

            assertEquals(bad, back.node(), "ReturnPath[" + bad + "] is used by node " + bad);
            assertEquals(DrDropReason.RETURN_PATH_PORT_ZERO, back.dropReason());
        }
    }

    @ParameterizedTest(name = "{0} switches, {1}")
    @MethodSource("switchCounts")
    void aPathThroughTheEndCaDropsThere(int switches, Layout layout) {
        LineFabric line = new LineFabric(switches, true, layout);
        int target = line.last();
        int[] path = IntStream.concat(IntStream.of(line.pathOut(0, target)), IntStream.of(1))
                .toArray();

        Outcome out = line.walk(0, DirectedRoute.send(get(3, path), line.node(0)), NO_LID_LEG);

        assertEquals(target, out.node());
        assertEquals(DrDropReason.CA_CANNOT_FORWARD, out.dropReason());
    }
}
