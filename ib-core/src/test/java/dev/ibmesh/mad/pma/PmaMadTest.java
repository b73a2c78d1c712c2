package dev.ibmesh.mad.pma;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.MgmtClass;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PmaMadTest {
    @Test
    void anyMadRoundTrips() {
        long seed = new Random().nextLong();
        Random random = new Random(seed);
        for (int i = 0; i < 2000; i++) {
            byte[] in = new byte[Mad.SIZE];
            random.nextBytes(in);
            if (i == 0) {
                Arrays.fill(in, (byte) 0);
            } else if (i == 1) {
                Arrays.fill(in, (byte) 0xFF);
            }
            Mad mad = Mad.copyOf(in);
            PmaMad pma = PmaMad.decode(mad);
            assertArrayEquals(in, pma.encode().toBytes(), "seed " + seed);
            assertEquals(pma, PmaMad.decode(pma.encode()), "seed " + seed);
        }
    }

    @Test
    void vectorS7Header() {
        PmaMad pma = PmaMad.decode(Mad.copyOf(S7.PACKET, S7.MAD_OFFSET, Mad.SIZE));
        MadHeader h = pma.header();
        assertEquals(1, h.baseVersion());
        assertEquals(MgmtClass.PERF_MGT, h.mgmtClass());
        assertEquals(PmaMad.CLASS_VERSION, h.classVersion());
        assertEquals(0x81, h.method());
        assertEquals(0, h.status());
        assertEquals(0x1239L, h.transactionId());
        assertEquals(PortCounters.ATTRIBUTE_ID, h.attributeId());
        assertEquals(0, h.attributeModifier());
        assertArrayEquals(new byte[PmaMad.RESERVED_SIZE], pma.reserved24());
        byte[] data = pma.data();
        assertArrayEquals(Arrays.copyOfRange(S7.PACKET, S7.MAD_OFFSET + 64, S7.MAD_OFFSET + 256), data);
        assertArrayEquals(
                Arrays.copyOfRange(S7.PACKET, S7.MAD_OFFSET, S7.MAD_OFFSET + Mad.SIZE),
                pma.encode().toBytes());
    }

    @Test
    void vectorS7PortCounters() {
        PmaMad pma = PmaMad.decode(Mad.copyOf(S7.PACKET, S7.MAD_OFFSET, Mad.SIZE));
        PortCounters pc = pma.attribute(PortCounters::decode);
        assertEquals(0, pc.reserved0());
        assertEquals(3, pc.portSelect());
        assertEquals(0xFFFF, pc.counterSelect());
        assertEquals(11, pc.symbolErrorCounter());
        assertEquals(2, pc.linkErrorRecoveryCounter());
        assertEquals(1, pc.linkDownedCounter());
        assertEquals(4, pc.portRcvErrors());
        assertEquals(5, pc.portRcvRemotePhysicalErrors());
        assertEquals(6, pc.portRcvSwitchRelayErrors());
        assertEquals(7, pc.portXmitDiscards());
        assertEquals(8, pc.portXmitConstraintErrors());
        assertEquals(9, pc.portRcvConstraintErrors());
        assertEquals(0, pc.counterSelect2());
        assertEquals(10, pc.localLinkIntegrityErrors());
        assertEquals(11, pc.excessiveBufferOverrunErrors());
        assertEquals(0, pc.qp1Dropped());
        assertEquals(12, pc.vl15Dropped());
        assertEquals(0x01000000L, pc.portXmitData());
        assertEquals(0x02000000L, pc.portRcvData());
        assertEquals(1000L, pc.portXmitPkts());
        assertEquals(2000L, pc.portRcvPkts());
        assertEquals(77L, pc.portXmitWait());
    }

    @Test
    void buildsFromAttribute() {
        MadHeader h = MadHeader.of(MgmtClass.PERF_MGT, 1, 0x01, 7, PortCounters.ATTRIBUTE_ID, 0);
        PortCounters pc = PortCounters.zero(5).with(PortCounters.Counter.PORT_XMIT_PKTS, 0xFEDCBA98L);
        byte[] b = PmaMad.of(h, pc).encode().toBytes();
        assertEquals(5, b[65]);
        assertEquals((byte) 0xFE, b[64 + 32]);
        assertEquals((byte) 0x98, b[64 + 35]);
        assertEquals(pc, PmaMad.decode(Mad.copyOf(b)).attribute(PortCounters::decode));
    }

    @Test
    void lengthErrorsNameTheField() {
        MadHeader h = MadHeader.of(MgmtClass.PERF_MGT, 1, 0x01, 7, PortCounters.ATTRIBUTE_ID, 0);
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> new PmaMad(h, new byte[39], new byte[192]));
        assertTrue(e.getMessage().contains("reserved24"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new PmaMad(h, new byte[40], new byte[191]));
        assertTrue(e.getMessage().contains("data"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> PmaMad.of(h, new byte[193]));
        assertTrue(e.getMessage().contains("data"), e.getMessage());
    }
}
