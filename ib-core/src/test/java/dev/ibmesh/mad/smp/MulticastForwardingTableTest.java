package dev.ibmesh.mad.smp;

import static dev.ibmesh.mad.smp.SmpTestSupport.hex;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.AttributeRoundTrip;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class MulticastForwardingTableTest {
    @Test
    void roundTrip() {
        AttributeRoundTrip.check(MulticastForwardingTable.SIZE, MulticastForwardingTable::decode, 2000);
    }

    @Test
    void entriesAreBigEndianMasksWithPortBitJAtValueOneShiftedJ() {
        MulticastForwardingTable t =
                MulticastForwardingTable.decode(hex("0001 8000 0006" + "0000".repeat(28) + "1234"), 0);
        assertEquals(0x0001, t.portMask(0));
        assertTrue(t.forwardsTo(0, 0));
        assertFalse(t.forwardsTo(0, 15));
        assertEquals(0x8000, t.portMask(1));
        assertTrue(t.forwardsTo(1, 15));
        assertFalse(t.forwardsTo(1, 0));
        assertTrue(t.forwardsTo(2, 1));
        assertTrue(t.forwardsTo(2, 2));
        assertFalse(t.forwardsTo(2, 3));
        assertEquals(0x1234, t.portMask(31));
        assertThrows(IndexOutOfBoundsException.class, () -> t.forwardsTo(0, 16));
    }

    @Test
    void rangeErrorsNameTheField() {
        List<Integer> masks = new ArrayList<>(Collections.nCopies(32, 0xFFFF));
        new MulticastForwardingTable(masks);
        masks.set(31, 0x10000);
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> new MulticastForwardingTable(masks));
        assertTrue(e.getMessage().contains("PortMask[31]"), e.getMessage());
    }
}
