package dev.ibmesh.mad.smp;

import dev.ibmesh.mad.Attribute;
import java.util.List;

/**
 * MulticastForwardingTable (attribute 0x001B, 64 bytes): one block of 32 port masks. AttributeModifier bits
 * 31-28 = position (which group of 16 ports), bits 8-0 = block; entry {@code i} is MLID
 * {@code 0xC000 + block * 32 + i}.
 *
 * <pre>
 *  bytes 0-1 PortMask for MLID 0xC000+block*32 | 2-3 next MLID | ... | 62-63
 *  each PortMask (16 bits, big-endian): bit j (value 1 &lt;&lt; j) = port position * 16 + j
 * </pre>
 */
public record MulticastForwardingTable(List<Integer> portMasks) implements Attribute {
    public static final int ATTRIBUTE_ID = 0x001B;
    public static final int SIZE = 64;
    public static final int MLIDS_PER_BLOCK = 32;
    public static final int PORTS_PER_POSITION = 16;
    public static final int MULTICAST_LID_BASE = 0xC000;

    public MulticastForwardingTable {
        portMasks = SmpCodec.check("PortMask", portMasks, MLIDS_PER_BLOCK, 16);
    }

    public static MulticastForwardingTable decode(byte[] b, int off) {
        return new MulticastForwardingTable(SmpCodec.read(b, off, MLIDS_PER_BLOCK, 16));
    }

    @Override
    public void encode(byte[] b, int off) {
        SmpCodec.write(b, off, portMasks, 16);
    }

    /** The port mask of entry {@code i} (0-31). */
    public int portMask(int i) {
        return portMasks.get(SmpCodec.checkIndex("MFT entry", i, MLIDS_PER_BLOCK));
    }

    /** Whether entry {@code i} forwards to the port at bit {@code j} (0-15), i.e. port position * 16 + j. */
    public boolean forwardsTo(int i, int j) {
        return (portMask(i) & (1 << SmpCodec.checkIndex("PortMask bit", j, PORTS_PER_POSITION))) != 0;
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
