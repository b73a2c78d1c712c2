package dev.ibmesh.mad.smp;

import static dev.ibmesh.mad.smp.SmpTestSupport.hex;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.AttributeRoundTrip;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class PKeyTableTest {
    @Test
    void roundTrip() {
        AttributeRoundTrip.check(PKeyTable.SIZE, PKeyTable::decode, 2000);
    }

    @Test
    void decodesThirtyTwoBigEndianPKeys() {
        PKeyTable t = PKeyTable.decode(hex("ffff 7fff 8001 0000 1234" + "0000".repeat(26) + "abcd"), 0);
        assertEquals(0xFFFF, t.pKey(0));
        assertEquals(0x7FFF, t.pKey(1));
        assertEquals(0x8001, t.pKey(2));
        assertEquals(0, t.pKey(3));
        assertEquals(0x1234, t.pKey(4));
        assertEquals(0, t.pKey(30));
        assertEquals(0xABCD, t.pKey(31));
        assertEquals(32, t.pKeys().size());
    }

    @Test
    void rangeErrorsNameTheField() {
        List<Integer> keys = new ArrayList<>(Collections.nCopies(32, 0));
        new PKeyTable(keys);
        keys.set(3, 0x10000);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new PKeyTable(keys));
        assertTrue(e.getMessage().contains("P_KeyTableBlock[3]"), e.getMessage());
        IllegalArgumentException count =
                assertThrows(IllegalArgumentException.class, () -> new PKeyTable(keys.subList(0, 31)));
        assertTrue(count.getMessage().contains("P_KeyTableBlock"), count.getMessage());
    }
}
