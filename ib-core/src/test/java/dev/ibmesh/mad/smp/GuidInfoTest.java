package dev.ibmesh.mad.smp;

import static dev.ibmesh.mad.smp.SmpTestSupport.hex;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.AttributeRoundTrip;
import java.util.List;
import org.junit.jupiter.api.Test;

class GuidInfoTest {
    @Test
    void roundTrip() {
        AttributeRoundTrip.check(GuidInfo.SIZE, GuidInfo::decode, 2000);
    }

    @Test
    void decodesEightGuidsInOrder() {
        GuidInfo g = GuidInfo.decode(hex("""
                0002c90300001001 0002c90300001002 0000000000000000 ffffffffffffffff
                0102030405060708 8000000000000001 00000000000000ff 1122334455667788"""), 0);
        assertEquals(0x0002C90300001001L, g.guid(0));
        assertEquals(0x0002C90300001002L, g.guid(1));
        assertEquals(0L, g.guid(2));
        assertEquals(-1L, g.guid(3));
        assertEquals(0x0102030405060708L, g.guid(4));
        assertEquals(0x8000000000000001L, g.guid(5));
        assertEquals(0xFFL, g.guid(6));
        assertEquals(0x1122334455667788L, g.guid(7));
        assertThrows(IndexOutOfBoundsException.class, () -> g.guid(8));
    }

    @Test
    void rangeErrorsNameTheField() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> new GuidInfo(List.of(1L, 2L, 3L)));
        assertTrue(e.getMessage().contains("GUIDBlock"), e.getMessage());
    }
}
