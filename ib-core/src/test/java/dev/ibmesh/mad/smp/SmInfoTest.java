package dev.ibmesh.mad.smp;

import static dev.ibmesh.mad.smp.SmpTestSupport.assertRange;
import static dev.ibmesh.mad.smp.SmpTestSupport.hex;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ibmesh.mad.AttributeRoundTrip;
import org.junit.jupiter.api.Test;

class SmInfoTest {
    static final String SAMPLE = "0002c90300001001 1122334455667788 000003e9 93";

    @Test
    void roundTrip() {
        AttributeRoundTrip.check(SmInfo.SIZE, SmInfo::decode, 2000);
    }

    @Test
    void decodesGuidKeyActCountPriorityAndState() {
        SmInfo s = SmInfo.decode(hex(SAMPLE), 0);
        assertEquals(0x0002C90300001001L, s.guid());
        assertEquals(0x1122334455667788L, s.smKey());
        assertEquals(1001, s.actCount());
        assertEquals(9, s.priority());
        assertEquals(SmInfo.STATE_MASTER, s.smState());
        assertEquals("Master", SmInfo.smStateName(s.smState()));
        assertArrayEquals(hex(SAMPLE), s.toBytes());
        assertEquals(21, s.toBytes().length);
    }

    @Test
    void rangeErrorsNameTheField() throws Throwable {
        SmInfo s = SmInfo.decode(hex(SAMPLE), 0);
        assertRange(s, "priority", 15, 16, "Priority");
        assertRange(s, "smState", 15, 16, "SMState");
        assertRange(s, "smState", 0, -1, "SMState");
    }
}
