package dev.ibmesh.mad.smp;

import dev.ibmesh.mad.Attribute;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * NodeDescription (attribute 0x0010, 64 bytes). AttributeModifier must be 0.
 *
 * <pre>
 *  bytes 0-63 NodeString: UTF-8 text, NUL padded (not necessarily NUL terminated when all 64 bytes are used)
 * </pre>
 *
 * <p>The raw bytes are kept as they are, so bytes after the first NUL and invalid UTF-8 survive a round trip.
 */
public record NodeDescription(byte[] nodeString) implements Attribute {
    public static final int ATTRIBUTE_ID = 0x0010;
    public static final int SIZE = 64;

    public NodeDescription {
        if (nodeString.length != SIZE) {
            throw new IllegalArgumentException("NodeString must be " + SIZE + " bytes, was " + nodeString.length);
        }
        nodeString = nodeString.clone();
    }

    /** The text encoded as UTF-8 and NUL padded; fails when it needs more than 64 bytes. */
    public static NodeDescription of(String text) {
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        if (utf8.length > SIZE) {
            throw new IllegalArgumentException(
                    "NodeString must fit in " + SIZE + " bytes of UTF-8, was " + utf8.length);
        }
        return new NodeDescription(Arrays.copyOf(utf8, SIZE));
    }

    public static NodeDescription decode(byte[] b, int off) {
        return new NodeDescription(Arrays.copyOfRange(b, off, off + SIZE));
    }

    @Override
    public void encode(byte[] b, int off) {
        System.arraycopy(nodeString, 0, b, off, SIZE);
    }

    /** A copy of the 64 raw bytes. */
    @Override
    public byte[] nodeString() {
        return nodeString.clone();
    }

    /** The UTF-8 text up to the first NUL (or all 64 bytes when there is none). */
    public String text() {
        int end = 0;
        while (end < SIZE && nodeString[end] != 0) {
            end++;
        }
        return new String(nodeString, 0, end, StandardCharsets.UTF_8);
    }

    @Override
    public int attributeId() {
        return ATTRIBUTE_ID;
    }

    @Override
    public int size() {
        return SIZE;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof NodeDescription other && Arrays.equals(nodeString, other.nodeString);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(nodeString);
    }

    @Override
    public String toString() {
        return "NodeDescription[" + text() + "]";
    }
}
