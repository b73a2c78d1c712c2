package dev.ibmesh.mad.sa;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.MgmtClass;
import dev.ibmesh.mad.smp.NodeInfo;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SaMadTest {
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
            SaMad sa = SaMad.decode(Mad.copyOf(in));
            assertArrayEquals(in, sa.encode().toBytes(), "seed " + seed);
            assertEquals(sa, SaMad.decode(sa.encode()), "seed " + seed);
        }
    }

    @Test
    void decodesDistinctValues() {
        byte[] b = new byte[Mad.SIZE];
        byte[] head = HexFormat.of()
                .parseHex("01" + "03" + "02" + "92" + "0300" + "a1a2" + "0102030405060708" + "0011" + "b1b2"
                        + "c1c2c3c4"
                        + "01" + "01" + "9b" + "7f" // RMPPVersion 1, RMPPType DATA, RRespTime 0x13 | flags 0x3, status
                        + "d1d2d3d4" + "e1e2e3e4" // Data1, Data2
                        + "f1f2f3f4f5f6f7f8" // SM_Key
                        + "000e" + "abcd" // AttributeOffset 14, reserved
                        + "8000000000004001"); // ComponentMask
        System.arraycopy(head, 0, b, 0, head.length);
        assertEquals(SaMad.DATA_OFFSET, head.length);
        for (int i = SaMad.DATA_OFFSET; i < Mad.SIZE; i++) {
            b[i] = (byte) i;
        }
        SaMad sa = SaMad.decode(Mad.copyOf(b));
        MadHeader h = sa.header();
        assertEquals(MgmtClass.SUBN_ADM, h.mgmtClass());
        assertEquals(SaMad.CLASS_VERSION, h.classVersion());
        assertEquals(0x92, h.method());
        assertEquals(SaMad.STATUS_NO_RECORDS, h.status());
        assertEquals(0xA1A2, h.classSpecific());
        assertEquals(0x0102030405060708L, h.transactionId());
        assertEquals(0x0011, h.attributeId());
        assertEquals(0xB1B2, h.reserved());
        assertEquals(0xC1C2C3C4, h.attributeModifier());
        assertEquals(1, sa.rmppVersion());
        assertEquals(SaMad.RMPP_TYPE_DATA, sa.rmppType());
        assertEquals(0x13, sa.rRespTime());
        assertEquals(SaMad.RMPP_FLAG_ACTIVE | SaMad.RMPP_FLAG_FIRST, sa.rmppFlags());
        assertTrue(sa.rmppActive());
        assertEquals(0x7F, sa.rmppStatus());
        assertEquals(0xD1D2D3D4L, sa.data1());
        assertEquals(0xD1D2D3D4L, sa.segmentNumber());
        assertEquals(0xE1E2E3E4L, sa.data2());
        assertEquals(0xE1E2E3E4L, sa.payloadLength());
        assertEquals(0xF1F2F3F4F5F6F7F8L, sa.smKey());
        assertEquals(14, sa.attributeOffset());
        assertEquals(112, sa.recordStride());
        assertEquals(0xABCD, sa.reserved368());
        assertEquals(0x8000000000004001L, sa.componentMask());
        assertArrayEquals(Arrays.copyOfRange(b, 56, 256), sa.data());
        assertArrayEquals(b, sa.encode().toBytes());
    }

    @Test
    void carriesOneRecord() {
        NodeInfo ni = new NodeInfo(
                1, 1, NodeInfo.NODE_TYPE_SWITCH, 36, 0x1111L, 0x2222L, 0x3333L, 8, 0xC738, 0xA0, 0, 0x02C9);
        NodeRecord nr = new NodeRecord(7, 0, ni, NodeRecordTest.description("sw1"));
        MadHeader h = MadHeader.of(MgmtClass.SUBN_ADM, 2, 0x81, 9, NodeRecord.ATTRIBUTE_ID, 0);
        SaMad sa = SaMad.of(h, 0, NodeRecord.COMP_LID, nr);
        assertEquals(14, sa.attributeOffset());
        assertFalse(sa.rmppActive());
        byte[] b = sa.encode().toBytes();
        assertEquals(0, b[44]);
        assertEquals(14, b[45]);
        assertEquals(1, b[55]);
        assertEquals(7, b[57]);
        assertEquals(nr, SaMad.decode(Mad.copyOf(b)).record(NodeRecord::decode));
    }

    @Test
    void attributeOffsetRoundsUpToWords() {
        assertEquals(8, SaMad.attributeOffsetFor(PathRecord.SIZE));
        assertEquals(14, SaMad.attributeOffsetFor(NodeRecord.SIZE));
        assertEquals(9, SaMad.attributeOffsetFor(PortInfoRecord.SIZE));
        assertEquals(9, SaMad.attributeOffsetFor(LinearForwardingTableRecord.SIZE));
        assertEquals(5, SaMad.attributeOffsetFor(InformInfo.SIZE));
    }

    @Test
    void rangeErrorsNameTheField() {
        MadHeader h = MadHeader.of(MgmtClass.SUBN_ADM, 2, 0x01, 9, 0x35, 0);
        byte[] d = new byte[SaMad.DATA_SIZE];
        assertMessage("RRespTime", () -> new SaMad(h, 1, 1, 32, 0, 0, 0, 0, 0, 0, 0, 0, d));
        assertMessage("RMPPFlags", () -> new SaMad(h, 1, 1, 0, 8, 0, 0, 0, 0, 0, 0, 0, d));
        assertMessage("RMPPStatus", () -> new SaMad(h, 1, 1, 0, 0, 256, 0, 0, 0, 0, 0, 0, d));
        assertMessage("Data1", () -> new SaMad(h, 1, 1, 0, 0, 0, 1L << 32, 0, 0, 0, 0, 0, d));
        assertMessage("Data2", () -> new SaMad(h, 1, 1, 0, 0, 0, 0, -1, 0, 0, 0, 0, d));
        assertMessage("AttributeOffset", () -> new SaMad(h, 1, 1, 0, 0, 0, 0, 0, 0, 0x10000, 0, 0, d));
        assertMessage("data", () -> new SaMad(h, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, new byte[199]));
    }

    static void assertMessage(String field, Runnable r) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, r::run);
        assertTrue(e.getMessage().startsWith(field + " "), e.getMessage());
    }
}
