package dev.ibmesh.mad.smp;

import static dev.ibmesh.mad.smp.SmpTestSupport.assertRange;
import static dev.ibmesh.mad.smp.SmpTestSupport.hex;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.AttributeRoundTrip;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class VlArbitrationTableTest {
    @Test
    void roundTrip() {
        AttributeRoundTrip.check(VlArbitrationTable.SIZE, VlArbitrationTable::decode, 2000);
    }

    @Test
    void entryIsReservedNibbleVlNibbleThenWeight() {
        VlArbitrationTable t = VlArbitrationTable.decode(hex("0540 a3ff" + "0000".repeat(29) + "0f01"), 0);
        assertEquals(new VlArbitrationTable.Entry(0, 5, 64), t.entry(0));
        assertEquals(0xA, t.entry(1).reserved0());
        assertEquals(3, t.entry(1).vl());
        assertEquals(255, t.entry(1).weight());
        assertEquals(new VlArbitrationTable.Entry(0, 0), t.entry(2));
        assertEquals(new VlArbitrationTable.Entry(15, 1), t.entry(31));
    }

    @Test
    void rangeErrorsNameTheField() throws Throwable {
        VlArbitrationTable.Entry e = new VlArbitrationTable.Entry(7, 32);
        assertRange(e, "vl", 15, 16, "VL");
        assertRange(e, "weight", 255, 256, "Weight");
        assertRange(e, "reserved0", 15, 16, "reserved0");
        List<VlArbitrationTable.Entry> few = Collections.nCopies(31, e);
        IllegalArgumentException count =
                assertThrows(IllegalArgumentException.class, () -> new VlArbitrationTable(few));
        assertTrue(count.getMessage().contains("VLArbitrationTable"), count.getMessage());
    }
}
