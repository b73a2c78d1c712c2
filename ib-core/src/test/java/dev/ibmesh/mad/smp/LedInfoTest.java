package dev.ibmesh.mad.smp;

import static dev.ibmesh.mad.smp.SmpTestSupport.assertRange;
import static dev.ibmesh.mad.smp.SmpTestSupport.hex;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.AttributeRoundTrip;
import org.junit.jupiter.api.Test;

class LedInfoTest {
    @Test
    void roundTrip() {
        AttributeRoundTrip.check(LedInfo.SIZE, LedInfo::decode, 2000);
    }

    @Test
    void ledMaskIsTheTopBit() {
        LedInfo on = LedInfo.decode(hex("80000000"), 0);
        assertTrue(on.ledMask());
        assertEquals(0, on.reserved1());
        LedInfo reserved = LedInfo.decode(hex("7fffffff"), 0);
        assertFalse(reserved.ledMask());
        assertEquals(0x7FFFFFFF, reserved.reserved1());
        assertEquals(1 << 24, LedInfo.decode(hex("01000000"), 0).reserved1());
        assertArrayEquals(hex("80000000"), new LedInfo(true).toBytes());
    }

    @Test
    void rangeErrorsNameTheField() throws Throwable {
        assertRange(new LedInfo(true), "reserved1", 0x7FFFFFFF, -1, "reserved1");
    }
}
