package dev.ibmesh.mad.pma;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ibmesh.mad.AttributeRoundTrip;
import org.junit.jupiter.api.Test;

class PortCountersExtendedTest {
    @Test
    void roundTrip() {
        AttributeRoundTrip.check(PortCountersExtended.SIZE, PortCountersExtended::decode, 2000);
    }

    @Test
    void decodesDistinctValues() {
        byte[] b = new byte[PortCountersExtended.SIZE];
        b[0] = (byte) 0xA0;
        b[1] = (byte) 0xA1;
        b[2] = (byte) 0xA2;
        b[3] = (byte) 0xA3;
        b[4] = (byte) 0xB4;
        b[5] = (byte) 0xB5;
        b[6] = (byte) 0xB6;
        b[7] = (byte) 0xB7;
        for (int i = 0; i < 22; i++) {
            for (int j = 0; j < 8; j++) {
                b[8 + 8 * i + j] = (byte) ((i + 1) * 0x10 + j); // counter i: 0x(i+1)0 (i+1)1 ... (wraps for i > 14)
            }
        }
        PortCountersExtended p = PortCountersExtended.decode(b, 0);
        assertEquals(0xA0, p.reserved0());
        assertEquals(0xA1, p.portSelect());
        assertEquals(0xA2A3, p.counterSelect());
        assertEquals(0xB4B5B6B7L, p.counterSelect2());
        long[] got = {
            p.portXmitData(),
            p.portRcvData(),
            p.portXmitPkts(),
            p.portRcvPkts(),
            p.portUnicastXmitPkts(),
            p.portUnicastRcvPkts(),
            p.portMulticastXmitPkts(),
            p.portMulticastRcvPkts(),
            p.symbolErrorCounter(),
            p.linkErrorRecoveryCounter(),
            p.linkDownedCounter(),
            p.portRcvErrors(),
            p.portRcvRemotePhysicalErrors(),
            p.portRcvSwitchRelayErrors(),
            p.portXmitDiscards(),
            p.portXmitConstraintErrors(),
            p.portRcvConstraintErrors(),
            p.localLinkIntegrityErrors(),
            p.excessiveBufferOverrunErrors(),
            p.vl15Dropped(),
            p.portXmitWait(),
            p.qp1Dropped()
        };
        for (int i = 0; i < got.length; i++) {
            long want = 0;
            for (int j = 0; j < 8; j++) {
                want = (want << 8) | (((i + 1) * 0x10 + j) & 0xFF);
            }
            assertEquals(want, got[i], "counter " + i);
        }
        assertEquals(0x1011121314151617L, p.portXmitData());
        assertEquals(0x8081828384858687L, p.portMulticastRcvPkts());
        assertArrayEquals(b, p.toBytes());
    }

    @Test
    void ofLeavesErrorCountersZero() {
        PortCountersExtended p = PortCountersExtended.of(2, 1, 2, 3, 4, 5, 6, 7, -1L);
        byte[] b = p.toBytes();
        assertEquals(2, b[1]);
        assertEquals(1, b[15]);
        assertEquals(7, b[63]);
        assertEquals((byte) 0xFF, b[64]);
        for (int i = PortCountersExtended.BASE_SIZE; i < PortCountersExtended.SIZE; i++) {
            assertEquals(0, b[i], "byte " + i);
        }
    }

    @Test
    void rangeErrorsNameTheField() {
        PortCountersTest.assertMessage("PortSelect", () -> PortCountersExtended.of(0x100, 0, 0, 0, 0, 0, 0, 0, 0));
        PortCountersTest.assertMessage(
                "CounterSelect2",
                () -> new PortCountersExtended(
                        0, 0, 0, 1L << 32, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0));
        PortCountersTest.assertMessage(
                "CounterSelect",
                () -> new PortCountersExtended(
                        0, 0, 0x10000, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0));
    }
}
