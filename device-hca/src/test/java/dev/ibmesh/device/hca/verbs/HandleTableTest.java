package dev.ibmesh.device.hca.verbs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Handle allocation: counting up from the first value, wrapping inside the range, skipping handles in use. */
class HandleTableTest {
    private static List<Integer> reserve(HandleTable<String> t, int n) {
        List<Integer> got = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int h = t.reserve();
            t.put(h, "x");
            got.add(h);
        }
        return got;
    }

    @Test
    void qpnsWrapFromTheLastUsableOneToTheFirstPastTheReserved() {
        HandleTable<String> qps = new HandleTable<>("QP", 2, 0xFFFFFE, 0xFFFFFD, 8);
        assertEquals(List.of(0xFFFFFD, 0xFFFFFE, 2, 3), reserve(qps, 4));
    }

    @Test
    void freedHandlesComeBackOnlyAfterTheRangeGoesRoundAndHandlesInUseAreSkipped() {
        HandleTable<String> t = new HandleTable<>("PD", 1, 5, 4, 4);
        assertEquals(List.of(4, 5, 1), reserve(t, 3));
        t.remove(5);
        assertEquals(List.of(2, 3), reserve(t, 2), "5 is free again, but counting goes on");
        assertThrows(VerbsException.class, t::reserve, "4 PDs exist");
        t.remove(1);
        assertEquals(List.of(5), reserve(t, 1), "4 is still in use");
    }
}
