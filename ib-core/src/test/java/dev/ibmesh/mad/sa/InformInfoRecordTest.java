package dev.ibmesh.mad.sa;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ibmesh.wire.Bits;
import java.util.Random;
import org.junit.jupiter.api.Test;

class InformInfoRecordTest {
    @Test
    void everyBitSurvivesDecodeAndEncode() {
        Random r = new Random(60);
        for (int i = 0; i < 50; i++) {
            byte[] b = new byte[InformInfoRecord.SIZE];
            r.nextBytes(b);
            assertArrayEquals(b, InformInfoRecord.decode(b, 0).toBytes());
        }
    }

    /** opensm's ib_inform_info_record_t: the GID, the Enum at byte 16, 6 reserved bytes, the InformInfo at 24. */
    @Test
    void theInformInfoStartsAtByte24() {
        InformInfo trap = InformInfo.generic(new byte[16], 0xFFFF, 0, true, 0xFFFF, 128, 1, 18, 0xFFFFFF);
        byte[] b = new InformInfoRecord(new byte[16], 3, 0, trap).toBytes();
        assertEquals(3, Bits.u16(b, 16));
        assertEquals(128, Bits.u16(b, 24 + 26));
        assertEquals(trap, InformInfoRecord.decode(b, 0).informInfo());
    }
}
