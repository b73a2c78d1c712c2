package dev.ibmesh.mad.sa;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ibmesh.mad.AttributeRoundTrip;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class PathRecordTest {
    static final String DGID = "fe800000000000000002c90300000001";
    static final String SGID = "fe800000000000000002c90300000002";

    @Test
    void roundTrip() {
        AttributeRoundTrip.check(PathRecord.SIZE, PathRecord::decode, 2000);
    }

    @Test
    void decodesDistinctValues() {
        byte[] b = HexFormat.of()
                .parseHex("1000000000000abc" + DGID + SGID
                        + "0011" + "0022" // DLID, SLID
                        + "d2345640" // RawTraffic 1, reserved 0b101, FlowLabel 0x23456, HopLimit 0x40
                        + "07" // TClass
                        + "85" // Reversible 1, NumbPath 5
                        + "ffff" // P_Key
                        + "abc3" // QoSClass 0xABC, SL 3
                        + "84" // MtuSelector 2, MTU 4
                        + "c7" // RateSelector 3, Rate 7
                        + "52" // PacketLifeTimeSelector 1, PacketLifeTime 0x12
                        + "09" // Preference
                        + "0102030405a6"); // reserved
        assertEquals(PathRecord.SIZE, b.length);
        PathRecord p = PathRecord.decode(b, 0);
        assertEquals(0x1000000000000ABCL, p.serviceId());
        assertArrayEquals(HexFormat.of().parseHex(DGID), p.dgid());
        assertArrayEquals(HexFormat.of().parseHex(SGID), p.sgid());
        assertEquals(0x11, p.dlid());
        assertEquals(0x22, p.slid());
        assertEquals(1, p.rawTraffic());
        assertEquals(0b101, p.reserved353());
        assertEquals(0x23456, p.flowLabel());
        assertEquals(0x40, p.hopLimit());
        assertEquals(7, p.tClass());
        assertEquals(1, p.reversible());
        assertEquals(5, p.numbPath());
        assertEquals(0xFFFF, p.pKey());
        assertEquals(0xABC, p.qosClass());
        assertEquals(3, p.sl());
        assertEquals(PathRecord.SELECTOR_EXACTLY, p.mtuSelector());
        assertEquals(4, p.mtu());
        assertEquals(PathRecord.SELECTOR_BEST, p.rateSelector());
        assertEquals(7, p.rate());
        assertEquals(PathRecord.SELECTOR_LESS_THAN, p.packetLifeTimeSelector());
        assertEquals(0x12, p.packetLifeTime());
        assertEquals(9, p.preference());
        assertEquals(0x0102030405A6L, p.reserved464());
        assertArrayEquals(b, p.toBytes());
    }

    @Test
    void componentMaskBits() {
        assertEquals(0x3L, PathRecord.COMP_SERVICE_ID);
        assertEquals(1L << 4, PathRecord.COMP_DLID);
        assertEquals(1L << 13, PathRecord.COMP_PKEY);
        assertEquals(1L << 15, PathRecord.COMP_SL);
        assertEquals(1L << 21, PathRecord.COMP_PACKET_LIFE_TIME);
    }

    @Test
    void rangeErrorsNameTheField() {
        byte[] g = new byte[16];
        SaMadTest.assertMessage(
                "FlowLabel",
                () -> new PathRecord(0, g, g, 0, 0, 0, 0, 1 << 20, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0));
        SaMadTest.assertMessage(
                "NumbPath",
                () -> new PathRecord(0, g, g, 0, 0, 0, 0, 0, 0, 0, 0, 128, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0));
        SaMadTest.assertMessage(
                "QoSClass",
                () -> new PathRecord(0, g, g, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4096, 0, 0, 0, 0, 0, 0, 0, 0, 0));
        SaMadTest.assertMessage(
                "MTU", () -> new PathRecord(0, g, g, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 64, 0, 0, 0, 0, 0, 0));
        SaMadTest.assertMessage(
                "PacketLifeTimeSelector",
                () -> new PathRecord(0, g, g, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0));
        SaMadTest.assertMessage(
                "reserved464",
                () -> new PathRecord(0, g, g, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1L << 48));
        SaMadTest.assertMessage(
                "DGID",
                () -> new PathRecord(0, new byte[15], g, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0));
    }
}
