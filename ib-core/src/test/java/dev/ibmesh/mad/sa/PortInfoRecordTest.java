package dev.ibmesh.mad.sa;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ibmesh.mad.AttributeRoundTrip;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class PortInfoRecordTest {
    @Test
    void roundTrip() {
        AttributeRoundTrip.check(PortInfoRecord.SIZE, PortInfoRecord::decode, 2000);
    }

    @Test
    void decodesDistinctValues() {
        byte[] b = new byte[PortInfoRecord.SIZE];
        b[0] = 0x12;
        b[1] = 0x34;
        b[2] = 17;
        b[3] = (byte) 0x81;
        for (int i = 0; i < 64; i++) {
            b[4 + i] = (byte) (0x40 + i);
        }
        PortInfoRecord r = PortInfoRecord.decode(b, 0);
        assertEquals(0x1234, r.endportLid());
        assertEquals(17, r.portNum());
        assertEquals(0x81, r.options());
        assertArrayEquals(Arrays.copyOfRange(b, 4, 68), r.portInfo());
        assertArrayEquals(b, r.toBytes());
    }

    @Test
    void rangeErrorsNameTheField() {
        SaMadTest.assertMessage("EndportLID", () -> new PortInfoRecord(0x10000, 0, 0, new byte[64]));
        SaMadTest.assertMessage("PortNum", () -> new PortInfoRecord(0, 256, 0, new byte[64]));
        SaMadTest.assertMessage("Options", () -> new PortInfoRecord(0, 0, 256, new byte[64]));
        SaMadTest.assertMessage("PortInfo", () -> new PortInfoRecord(0, 0, 0, new byte[65]));
    }
}
