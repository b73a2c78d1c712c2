package dev.ibmesh.mad.smp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.AttributeRoundTrip;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class NodeDescriptionTest {
    @Test
    void roundTrip() {
        AttributeRoundTrip.check(NodeDescription.SIZE, NodeDescription::decode, 2000);
    }

    @Test
    void decodesTextUpToTheFirstNulAndKeepsTheRest() {
        byte[] b = new byte[NodeDescription.SIZE + 2];
        byte[] text = "sw-leaf-01 mlx5_0 \u00e9".getBytes(StandardCharsets.UTF_8);
        System.arraycopy(text, 0, b, 2, text.length);
        b[2 + text.length + 1] = 'X'; // junk after the terminating NUL
        NodeDescription d = NodeDescription.decode(b, 2);
        assertEquals("sw-leaf-01 mlx5_0 \u00e9", d.text());
        assertEquals('X', d.nodeString()[text.length + 1]);
        assertArrayEquals(Arrays.copyOfRange(b, 2, 2 + NodeDescription.SIZE), d.toBytes());
        assertNotEquals(NodeDescription.of(d.text()), d, "the junk byte is part of the value");
    }

    @Test
    void ofPadsWithNulAndTextOfAllSixtyFourBytesHasNoTerminator() {
        NodeDescription d = NodeDescription.of("ab");
        byte[] want = new byte[NodeDescription.SIZE];
        want[0] = 'a';
        want[1] = 'b';
        assertArrayEquals(want, d.toBytes());
        String full = "\u00e9".repeat(32); // 64 bytes of UTF-8
        assertEquals(full, NodeDescription.of(full).text());
        assertEquals(NodeDescription.ATTRIBUTE_ID, d.attributeId());
    }

    @Test
    void valueIsImmutable() {
        byte[] raw = new byte[NodeDescription.SIZE];
        raw[0] = 'a';
        NodeDescription d = new NodeDescription(raw);
        raw[0] = 'b';
        d.nodeString()[0] = 'c';
        assertEquals("a", d.text());
        assertEquals(NodeDescription.of("a"), d);
        assertEquals(NodeDescription.of("a").hashCode(), d.hashCode());
    }

    @Test
    void rangeErrorsNameTheField() {
        IllegalArgumentException tooLong =
                assertThrows(IllegalArgumentException.class, () -> NodeDescription.of("\u00e9".repeat(32) + "x"));
        assertTrue(tooLong.getMessage().contains("NodeString"), tooLong.getMessage());
        IllegalArgumentException wrongSize =
                assertThrows(IllegalArgumentException.class, () -> new NodeDescription(new byte[63]));
        assertTrue(wrongSize.getMessage().contains("NodeString"), wrongSize.getMessage());
    }
}
