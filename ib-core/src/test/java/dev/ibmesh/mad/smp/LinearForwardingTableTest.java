package dev.ibmesh.mad.smp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.AttributeRoundTrip;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class LinearForwardingTableTest {
    @Test
    void roundTrip() {
        AttributeRoundTrip.check(LinearForwardingTable.SIZE, LinearForwardingTable::decode, 2000);
    }

    @Test
    void byteIIsThePortOfEntryI() {
        byte[] b = new byte[LinearForwardingTable.SIZE + 1];
        for (int i = 0; i < LinearForwardingTable.SIZE; i++) {
            b[1 + i] = (byte) (i * 5 + 3);
        }
        b[1 + 63] = (byte) LinearForwardingTable.NO_PATH;
        LinearForwardingTable t = LinearForwardingTable.decode(b, 1);
        assertEquals(3, t.port(0));
        assertEquals(8, t.port(1));
        assertEquals(253, t.port(50));
        assertEquals(0xFF, t.port(63));
        assertThrows(IndexOutOfBoundsException.class, () -> t.port(64));
    }

    @Test
    void rangeErrorsNameTheField() {
        List<Integer> ports = new ArrayList<>(Collections.nCopies(64, 255));
        new LinearForwardingTable(ports);
        ports.set(9, 256);
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> new LinearForwardingTable(ports));
        assertTrue(e.getMessage().contains("Port[9]"), e.getMessage());
    }
}
