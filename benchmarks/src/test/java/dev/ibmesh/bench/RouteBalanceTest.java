package dev.ibmesh.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.ibmesh.mad.smp.LinearForwardingTable;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The route balance counts each leaf's CA LIDs of other leaves per uplink, and nothing else. */
class RouteBalanceTest {
    private static final int NO = LinearForwardingTable.NO_PATH;

    @Test
    void anUnevenLeafGivesItsSpread() {
        // Leaf a (CA LIDs 1, 2 on ports 1, 2) sends 5, 6, 7 up port 3 and only 8 up port 4; switch LID 9 and the
        // unknown LID 10 go up port 4 too but are no CA LIDs. Leaf b (5-8) sends 1 up 3, 2 up 4: even.
        RouteBalance.Leaf a =
                new RouteBalance.Leaf("a", Set.of(3, 4), Set.of(1, 2), new int[] {NO, 1, 2, NO, NO, 3, 3, 3, 4, 4, 4});
        RouteBalance.Leaf b = new RouteBalance.Leaf(
                "b", Set.of(3, 4), Set.of(5, 6, 7, 8), new int[] {NO, 3, 4, NO, NO, 1, 1, 2, 2, 3});
        RouteBalance balance = RouteBalance.of(List.of(a, b), Set.of(1, 2, 5, 6, 7, 8));

        assertEquals(new RouteBalance(2, 4, 1, 3, 2, "a"), balance);
        assertEquals("1..3, worst spread 2", balance.figures());
    }

    @Test
    void aLidWithoutARouteCountsOnNoUplink() {
        RouteBalance.Leaf a = new RouteBalance.Leaf("a", Set.of(2, 3), Set.of(1), new int[] {NO, 1, 2, NO});
        RouteBalance.Leaf b = new RouteBalance.Leaf("b", Set.of(2, 3), Set.of(2, 3), new int[] {NO, 2, 1, 1});

        assertEquals(new RouteBalance(2, 4, 0, 1, 1, "a"), RouteBalance.of(List.of(a, b), Set.of(1, 2, 3)));
    }

    @Test
    void aFabricWithoutLeavesIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> RouteBalance.of(List.of(), Set.of(1)));
    }
}
