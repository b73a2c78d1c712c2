package dev.ibmesh.mad.sa;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.AttributeRoundTrip;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class InformInfoTest {
    static final String GID = "fe800000000000000002c903000a0b0c";

    @Test
    void roundTrip() {
        AttributeRoundTrip.check(InformInfo.SIZE, InformInfo::decode, 2000);
    }

    @Test
    void decodesGenericForm() {
        byte[] b = HexFormat.of()
                .parseHex(GID
                        + "0101" + "0202" + "e1e2" // LIDRangeBegin, LIDRangeEnd, reserved
                        + "01" + "01" // IsGeneric, Subscribe
                        + "0003" + "0090" // Type 3, TrapNumber 144
                        + "123456" + "b3" // QPN, reserved 0b101 | RespTimeValue 0x13
                        + "c4" + "000002"); // reserved, ProducerType switch
        assertEquals(InformInfo.SIZE, b.length);
        InformInfo ii = InformInfo.decode(b, 0);
        assertArrayEquals(HexFormat.of().parseHex(GID), ii.gid());
        assertEquals(0x0101, ii.lidRangeBegin());
        assertEquals(0x0202, ii.lidRangeEnd());
        assertEquals(0xE1E2, ii.reserved160());
        assertEquals(1, ii.isGeneric());
        assertTrue(ii.genericForm());
        assertTrue(ii.subscribes());
        assertEquals(3, ii.type());
        assertEquals(144, ii.trapNumber());
        assertEquals(0x123456, ii.qpn());
        assertEquals(0b101, ii.reserved248());
        assertEquals(0x13, ii.respTimeValue());
        assertEquals(0xC4, ii.reserved256());
        assertEquals(2, ii.producerType());
        assertThrows(IllegalStateException.class, ii::vendorId);
        assertThrows(IllegalStateException.class, ii::deviceId);
        assertArrayEquals(b, ii.toBytes());
    }

    @Test
    void decodesVendorForm() {
        byte[] b = HexFormat.of()
                .parseHex(GID + "ffff" + "0000" + "0000" + "00" + "00" + "ffff" + "abcd" + "000001" + "12" + "00"
                        + "0002c9");
        InformInfo ii = InformInfo.decode(b, 0);
        assertFalse(ii.genericForm());
        assertFalse(ii.subscribes());
        assertEquals(InformInfo.ALL_16, ii.lidRangeBegin());
        assertEquals(InformInfo.ALL_16, ii.type());
        assertEquals(0xABCD, ii.deviceId());
        assertEquals(0x0002C9, ii.vendorId());
        assertEquals(1, ii.qpn());
        assertEquals(0x12, ii.respTimeValue());
        assertThrows(IllegalStateException.class, ii::trapNumber);
        assertThrows(IllegalStateException.class, ii::producerType);
        assertEquals(
                ii,
                InformInfo.vendor(HexFormat.of().parseHex(GID), 0xFFFF, 0, false, 0xFFFF, 0xABCD, 1, 0x12, 0x0002C9));
    }

    @Test
    void factoriesSetIsGeneric() {
        byte[] g = new byte[16];
        InformInfo gen = InformInfo.generic(g, 0xFFFF, 0, true, InformInfo.ALL_16, 64, 1, 19, InformInfo.ALL_24);
        byte[] b = gen.toBytes();
        assertEquals(1, b[22]);
        assertEquals(1, b[23]);
        assertEquals(64, b[27]);
        assertEquals(19, b[31]);
        assertEquals((byte) 0xFF, b[35]);
    }

    @Test
    void rangeErrorsNameTheField() {
        byte[] g = new byte[16];
        SaMadTest.assertMessage("QPN", () -> InformInfo.generic(g, 0, 0, true, 0, 0, 1 << 24, 0, 0));
        SaMadTest.assertMessage("RespTimeValue", () -> InformInfo.generic(g, 0, 0, true, 0, 0, 1, 32, 0));
        SaMadTest.assertMessage("ProducerType", () -> InformInfo.generic(g, 0, 0, true, 0, 0, 1, 0, 1 << 24));
        SaMadTest.assertMessage("VendorID", () -> InformInfo.vendor(g, 0, 0, true, 0, 0, 1, 0, 1 << 24));
        SaMadTest.assertMessage("TrapNumber", () -> InformInfo.generic(g, 0, 0, true, 0, 0x10000, 1, 0, 0));
        SaMadTest.assertMessage("DeviceID", () -> InformInfo.vendor(g, 0, 0, true, 0, 0x10000, 1, 0, 0));
        SaMadTest.assertMessage("reserved248", () -> new InformInfo(g, 0, 0, 0, 1, 1, 0, 0, 0, 8, 0, 0, 0));
        SaMadTest.assertMessage("GID", () -> InformInfo.generic(new byte[4], 0, 0, true, 0, 0, 1, 0, 0));
    }
}
