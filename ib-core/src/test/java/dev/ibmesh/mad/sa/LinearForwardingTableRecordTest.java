package dev.ibmesh.mad.sa;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ibmesh.mad.AttributeRoundTrip;
import org.junit.jupiter.api.Test;

class LinearForwardingTableRecordTest {
    @Test
    void roundTrip() {
        AttributeRoundTrip.check(LinearForwardingTableRecord.SIZE, LinearForwardingTableRecord::decode, 2000);
    }

    @Test
    void decodesDistinctValues() {
        byte[] b = new byte[LinearForwardingTableRecord.SIZE];
        b[0] = 0x00;
        b[1] = 0x05;
        b[2] = 0x01;
        b[3] = 0x02;
        b[4] = (byte) 0xA1;
        b[5] = (byte) 0xA2;
        b[6] = (byte) 0xA3;
        b[7] = (byte) 0xA4;
        for (int i = 0; i < 64; i++) {
            b[8 + i] = (byte) (i + 1);
        }
        b[8 + 63] = (byte) 0xFF;
        LinearForwardingTableRecord r = LinearForwardingTableRecord.decode(b, 0);
        assertEquals(5, r.lid());
        assertEquals(0x0102, r.blockNum());
        assertEquals(0xA1A2A3A4L, r.reserved32());
        assertEquals(0x0102 * 64, r.firstLid());
        assertEquals(1, r.port(0));
        assertEquals(33, r.port(32));
        assertEquals(LinearForwardingTableRecord.NO_ROUTE, r.port(63));
        assertArrayEquals(b, r.toBytes());
    }

    @Test
    void rangeErrorsNameTheField() {
        SaMadTest.assertMessage("LID", () -> new LinearForwardingTableRecord(-1, 0, 0, new byte[64]));
        SaMadTest.assertMessage("BlockNum", () -> new LinearForwardingTableRecord(0, 0x10000, 0, new byte[64]));
        SaMadTest.assertMessage("reserved32", () -> new LinearForwardingTableRecord(0, 0, 1L << 32, new byte[64]));
        SaMadTest.assertMessage("LinearForwardingTable", () -> new LinearForwardingTableRecord(0, 0, 0, new byte[8]));
    }
}
