package dev.ibmesh.mad.pma;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.AttributeRoundTrip;
import dev.ibmesh.mad.pma.PortCounters.Counter;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class PortCountersTest {
    @Test
    void roundTrip() {
        AttributeRoundTrip.check(PortCounters.SIZE, PortCounters::decode, 2000);
    }

    @Test
    void decodesDistinctValues() {
        byte[] b = HexFormat.of()
                .parseHex("a1" + "b2" + "c3d4" + "1112" + "13" + "14" + "1516" + "1718" + "191a" + "1b1c" + "1d" + "1e"
                        + "1f" + "9c" + "2122" + "2324" + "25262728" + "292a2b2c" + "2d2e2f30" + "31323334"
                        + "f5363738");
        assertEquals(PortCounters.SIZE, b.length);
        PortCounters pc = PortCounters.decode(b, 0);
        assertEquals(0xA1, pc.reserved0());
        assertEquals(0xB2, pc.portSelect());
        assertEquals(0xC3D4, pc.counterSelect());
        assertEquals(0x1112, pc.symbolErrorCounter());
        assertEquals(0x13, pc.linkErrorRecoveryCounter());
        assertEquals(0x14, pc.linkDownedCounter());
        assertEquals(0x1516, pc.portRcvErrors());
        assertEquals(0x1718, pc.portRcvRemotePhysicalErrors());
        assertEquals(0x191A, pc.portRcvSwitchRelayErrors());
        assertEquals(0x1B1C, pc.portXmitDiscards());
        assertEquals(0x1D, pc.portXmitConstraintErrors());
        assertEquals(0x1E, pc.portRcvConstraintErrors());
        assertEquals(0x1F, pc.counterSelect2());
        assertEquals(0x9, pc.localLinkIntegrityErrors());
        assertEquals(0xC, pc.excessiveBufferOverrunErrors());
        assertEquals(0x2122, pc.qp1Dropped());
        assertEquals(0x2324, pc.vl15Dropped());
        assertEquals(0x25262728L, pc.portXmitData());
        assertEquals(0x292A2B2CL, pc.portRcvData());
        assertEquals(0x2D2E2F30L, pc.portXmitPkts());
        assertEquals(0x31323334L, pc.portRcvPkts());
        assertEquals(0xF5363738L, pc.portXmitWait());
        assertArrayEquals(b, pc.toBytes());
    }

    @Test
    void counterWidths() {
        assertEquals(16, PortCounters.width(Counter.SYMBOL_ERROR_COUNTER));
        assertEquals(8, PortCounters.width(Counter.LINK_ERROR_RECOVERY_COUNTER));
        assertEquals(8, PortCounters.width(Counter.LINK_DOWNED_COUNTER));
        assertEquals(16, PortCounters.width(Counter.PORT_RCV_ERRORS));
        assertEquals(16, PortCounters.width(Counter.PORT_RCV_REMOTE_PHYSICAL_ERRORS));
        assertEquals(16, PortCounters.width(Counter.PORT_RCV_SWITCH_RELAY_ERRORS));
        assertEquals(16, PortCounters.width(Counter.PORT_XMIT_DISCARDS));
        assertEquals(8, PortCounters.width(Counter.PORT_XMIT_CONSTRAINT_ERRORS));
        assertEquals(8, PortCounters.width(Counter.PORT_RCV_CONSTRAINT_ERRORS));
        assertEquals(4, PortCounters.width(Counter.LOCAL_LINK_INTEGRITY_ERRORS));
        assertEquals(4, PortCounters.width(Counter.EXCESSIVE_BUFFER_OVERRUN_ERRORS));
        assertEquals(16, PortCounters.width(Counter.QP1_DROPPED));
        assertEquals(16, PortCounters.width(Counter.VL15_DROPPED));
        assertEquals(32, PortCounters.width(Counter.PORT_XMIT_DATA));
        assertEquals(32, PortCounters.width(Counter.PORT_RCV_DATA));
        assertEquals(32, PortCounters.width(Counter.PORT_XMIT_PKTS));
        assertEquals(32, PortCounters.width(Counter.PORT_RCV_PKTS));
        assertEquals(32, PortCounters.width(Counter.PORT_XMIT_WAIT));
        assertEquals(0xFFFFFFFFL, Counter.PORT_XMIT_DATA.max());
        assertEquals(0xF, Counter.LOCAL_LINK_INTEGRITY_ERRORS.max());
    }

    @Test
    void everyCounterSaturatesAtItsWidth() {
        for (Counter c : Counter.values()) {
            PortCounters pc = PortCounters.zero(1).saturatingAdd(c, c.max() - 1);
            assertEquals(c.max() - 1, pc.get(c), c.specName());
            pc = pc.saturatingAdd(c, 5);
            assertEquals(c.max(), pc.get(c), c.specName());
            pc = pc.saturatingAdd(c, Long.MAX_VALUE);
            assertEquals(c.max(), pc.get(c), c.specName());
            // no other counter moved
            for (Counter other : Counter.values()) {
                if (other != c) {
                    assertEquals(0, pc.get(other), c.specName() + " moved " + other.specName());
                }
            }
        }
    }

    @Test
    void counterSelectBitsMatchTheSpec() {
        int[] expected = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, -1, 11, 12, 13, 14, 15, -1};
        Counter[] all = Counter.values();
        assertEquals(expected.length, all.length);
        for (int i = 0; i < all.length; i++) {
            assertEquals(expected[i] < 0 ? 0 : 1 << expected[i], all[i].counterSelectBit(), all[i].specName());
        }
    }

    @Test
    void clearedZeroesOnlySelected() {
        PortCounters pc = PortCounters.decode(S7.PACKET, S7.MAD_OFFSET + 64);
        PortCounters c = pc.cleared(PortCounters.SELECT_PORT_XMIT_DATA
                | PortCounters.SELECT_SYMBOL_ERROR_COUNTER
                | PortCounters.SELECT_LOCAL_LINK_INTEGRITY_ERRORS);
        assertEquals(0, c.portXmitData());
        assertEquals(0, c.symbolErrorCounter());
        assertEquals(0, c.localLinkIntegrityErrors());
        assertEquals(11, c.excessiveBufferOverrunErrors());
        assertEquals(0x02000000L, c.portRcvData());
        assertEquals(77, c.portXmitWait());
        assertEquals(3, c.portSelect());
        PortCounters all = pc.cleared(PortCounters.SELECT_ALL);
        assertEquals(77, all.portXmitWait(), "PortXmitWait has no CounterSelect bit");
        assertEquals(0, all.vl15Dropped());
    }

    @Test
    void rangeErrorsNameTheField() {
        assertMessage(
                "PortSelect",
                () -> new PortCounters(0, 256, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0));
        assertMessage(
                "LocalLinkIntegrityErrors",
                () -> new PortCounters(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 16, 0, 0, 0, 0, 0, 0, 0, 0));
        assertMessage(
                "ExcessiveBufferOverrunErrors",
                () -> new PortCounters(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 16, 0, 0, 0, 0, 0, 0, 0));
        assertMessage(
                "PortXmitData",
                () -> new PortCounters(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1L << 32, 0, 0, 0, 0));
        assertMessage(
                "SymbolErrorCounter",
                () -> new PortCounters(0, 0, 0, 0x10000, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0));
        assertMessage(
                "PortXmitWait",
                () -> new PortCounters(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1));
        assertMessage("LinkDownedCounter", () -> PortCounters.zero(0).with(Counter.LINK_DOWNED_COUNTER, 256));
    }

    static void assertMessage(String field, Runnable r) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, r::run);
        assertTrue(e.getMessage().startsWith(field + " "), e.getMessage());
    }
}
