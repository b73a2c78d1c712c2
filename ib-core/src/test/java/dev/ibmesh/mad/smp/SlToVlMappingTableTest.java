package dev.ibmesh.mad.smp;

import static dev.ibmesh.mad.smp.SmpTestSupport.hex;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.AttributeRoundTrip;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class SlToVlMappingTableTest {
    @Test
    void roundTrip() {
        AttributeRoundTrip.check(SlToVlMappingTable.SIZE, SlToVlMappingTable::decode, 2000);
    }

    @Test
    void evenSlIsTheHighNibble() {
        // byte i = (VL of SL 2i) << 4 | VL of SL 2i+1; here VL = 15 - SL
        SlToVlMappingTable t = SlToVlMappingTable.decode(hex("fedcba9876543210"), 0);
        for (int sl = 0; sl < 16; sl++) {
            assertEquals(15 - sl, t.vl(sl), "SL " + sl);
        }
        SlToVlMappingTable u = SlToVlMappingTable.decode(hex("1000000000000002"), 0);
        assertEquals(1, u.vl(0));
        assertEquals(0, u.vl(1));
        assertEquals(0, u.vl(14));
        assertEquals(2, u.vl(15));
        assertThrows(IndexOutOfBoundsException.class, () -> u.vl(16));
    }

    @Test
    void encodesFromVlsIndexedBySl() {
        List<Integer> vls = new ArrayList<>(Collections.nCopies(16, 0));
        vls.set(0, 3);
        vls.set(3, SlToVlMappingTable.VL_DROP);
        assertArrayEquals(hex("300f000000000000"), new SlToVlMappingTable(vls).toBytes());
    }

    @Test
    void rangeErrorsNameTheField() {
        List<Integer> vls = new ArrayList<>(Collections.nCopies(16, 15));
        vls.set(5, 16);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new SlToVlMappingTable(vls));
        assertTrue(e.getMessage().contains("SLtoVL[5]"), e.getMessage());
    }
}
