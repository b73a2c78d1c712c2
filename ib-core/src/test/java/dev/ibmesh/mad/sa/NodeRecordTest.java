package dev.ibmesh.mad.sa;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ibmesh.mad.AttributeRoundTrip;
import dev.ibmesh.mad.smp.NodeInfo;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class NodeRecordTest {
    static byte[] description(String s) {
        return Arrays.copyOf(s.getBytes(StandardCharsets.UTF_8), 64);
    }

    @Test
    void roundTrip() {
        AttributeRoundTrip.check(NodeRecord.SIZE, NodeRecord::decode, 2000);
    }

    @Test
    void decodesDistinctValues() {
        byte[] b = new byte[NodeRecord.SIZE];
        byte[] head = HexFormat.of()
                .parseHex("0a0b" + "c0c1"
                        + "01" + "02" + "02" + "24" // NodeInfo: versions, switch, 36 ports
                        + "1112131415161718" + "2122232425262728" + "3132333435363738"
                        + "0040" + "c738" + "000000a0" + "05" + "0002c9");
        System.arraycopy(head, 0, b, 0, head.length);
        assertEquals(44, head.length);
        System.arraycopy(description("switch-7 \u00e9"), 0, b, 44, 64);
        NodeRecord r = NodeRecord.decode(b, 0);
        assertEquals(0x0A0B, r.lid());
        assertEquals(0xC0C1, r.reserved16());
        NodeInfo ni = r.nodeInfo();
        assertEquals(1, ni.baseVersion());
        assertEquals(2, ni.classVersion());
        assertEquals(NodeInfo.NODE_TYPE_SWITCH, ni.nodeType());
        assertEquals(36, ni.numPorts());
        assertEquals(0x1112131415161718L, ni.systemImageGuid());
        assertEquals(0x2122232425262728L, ni.nodeGuid());
        assertEquals(0x3132333435363738L, ni.portGuid());
        assertEquals(0x40, ni.partitionCap());
        assertEquals(0xC738, ni.deviceId());
        assertEquals(0xA0, ni.revision());
        assertEquals(5, ni.localPortNum());
        assertEquals(0x02C9, ni.vendorId());
        assertArrayEquals(description("switch-7 \u00e9"), r.nodeDescription());
        assertEquals("switch-7 \u00e9", r.nodeDescriptionText());
        assertArrayEquals(b, r.toBytes());
    }

    @Test
    void rangeErrorsNameTheField() {
        NodeInfo ni = NodeInfo.decode(new byte[40], 0);
        SaMadTest.assertMessage("LID", () -> new NodeRecord(0x10000, 0, ni, new byte[64]));
        SaMadTest.assertMessage("reserved16", () -> new NodeRecord(0, -1, ni, new byte[64]));
        SaMadTest.assertMessage("NodeDescription", () -> new NodeRecord(0, 0, ni, new byte[63]));
        SaMadTest.assertMessage("NodeInfo", () -> new NodeRecord(0, 0, null, new byte[64]));
    }
}
