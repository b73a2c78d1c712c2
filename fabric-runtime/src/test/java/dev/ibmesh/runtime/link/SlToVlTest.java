package dev.ibmesh.runtime.link;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ibmesh.mad.smp.SlToVlMappingTable;
import java.util.List;
import org.junit.jupiter.api.Test;

class SlToVlTest {
    private final SlToVl slToVl = new SlToVl();

    @Test
    void everySlMapsToVl0UntilProgrammed() {
        for (int sl = 0; sl < 16; sl++) {
            assertEquals(0, slToVl.map(sl, 1));
        }
    }

    @Test
    void mapsWithTheProgrammedTable() {
        SlToVlMappingTable table = new SlToVlMappingTable(List.of(0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 15, 14, 8, 1));
        slToVl.program(table);
        assertEquals(3, slToVl.map(3, 8));
        assertEquals(7, slToVl.map(7, 8));
        assertEquals(2, slToVl.map(10, 8));
        assertEquals(SlToVl.DROP, slToVl.map(12, 15), "VL15 as a target means drop");
        assertEquals(SlToVl.DROP, slToVl.map(14, 8), "VL8 is not operational");
        assertEquals(14, slToVl.map(13, 15));
        assertEquals(table, slToVl.table());
    }
}
