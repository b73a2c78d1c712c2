package dev.ibmesh.mad.sa;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.ibmesh.wire.Bits;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ServiceRecordTest {
    @Test
    void everyBitSurvivesDecodeAndEncode() {
        Random r = new Random(176);
        for (int i = 0; i < 50; i++) {
            byte[] b = new byte[ServiceRecord.SIZE];
            r.nextBytes(b);
            assertArrayEquals(b, ServiceRecord.decode(b, 0).toBytes());
        }
    }

    /** Field offsets as opensm's ib_service_record_t lays them out. */
    @Test
    void fieldsSitWhereTheSpecPutsThem() {
        byte[] gid = new byte[16];
        gid[0] = (byte) 0xFE;
        gid[1] = (byte) 0x80;
        gid[15] = 7;
        byte[] b = ServiceRecord.of(0x1122334455667788L, gid, 0xFFFF, 60, "ibmesh test service")
                .toBytes();
        assertEquals(0x1122334455667788L, Bits.u64(b, 0));
        assertEquals(0xFE, b[8] & 0xFF);
        assertEquals(7, b[23]);
        assertEquals(0xFFFF, Bits.u16(b, 24));
        assertEquals(60, Bits.u32(b, 28));
        assertEquals('i', b[48]);
        assertEquals("ibmesh test service", ServiceRecord.decode(b, 0).name());
        assertThrows(IllegalArgumentException.class, () -> ServiceRecord.of(1, new byte[15], 0, 0, "x"));
    }
}
