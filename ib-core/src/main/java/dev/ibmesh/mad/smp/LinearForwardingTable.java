package dev.ibmesh.mad.smp;

import dev.ibmesh.mad.Attribute;
import java.util.List;

/**
 * LinearForwardingTable (attribute 0x0019, 64 bytes): one block of 64 egress ports. AttributeModifier = block
 * number, so entry {@code i} is the port for LID {@code block * 64 + i}.
 *
 * <pre>
 *  byte 0 port for LID block*64 | byte 1 port for LID block*64+1 | ... | byte 63   (0xFF = no route)
 * </pre>
 */
public record LinearForwardingTable(List<Integer> ports) implements Attribute {
    public static final int ATTRIBUTE_ID = 0x0019;
    public static final int SIZE = 64;
    public static final int LIDS_PER_BLOCK = 64;
    /** Port value meaning "no route" (opensm OSM_NO_PATH). */
    public static final int NO_PATH = 0xFF;

    public LinearForwardingTable {
        ports = SmpCodec.check("Port", ports, LIDS_PER_BLOCK, 8);
    }

    public static LinearForwardingTable decode(byte[] b, int off) {
        return new LinearForwardingTable(SmpCodec.read(b, off, LIDS_PER_BLOCK, 8));
    }

    @Override
    public void encode(byte[] b, int off) {
        SmpCodec.write(b, off, ports, 8);
    }

    /** The egress port of entry {@code i} (0-63), i.e. for LID {@code block * 64 + i}. */
    public int port(int i) {
        return ports.get(SmpCodec.checkIndex("LFT entry", i, LIDS_PER_BLOCK));
    }

    @Override
    public int attributeId() {
        return ATTRIBUTE_ID;
    }

    @Override
    public int size() {
        return SIZE;
    }
}
