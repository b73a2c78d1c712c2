package dev.ibmesh.mad.smp;

import dev.ibmesh.mad.Attribute;
import dev.ibmesh.wire.Bits;
import java.util.List;

/**
 * GUIDInfo (attribute 0x0014, 64 bytes): one block of 8 port GUIDs. AttributeModifier = block number, so entry
 * {@code i} is GUID index {@code block * 8 + i}; index 0 is the port's own GUID.
 *
 * <pre>
 *  bytes 0-7 GUID 0 | 8-15 GUID 1 | ... | 56-63 GUID 7   (0 = unassigned)
 * </pre>
 */
public record GuidInfo(List<Long> guids) implements Attribute {
    public static final int ATTRIBUTE_ID = 0x0014;
    public static final int SIZE = 64;
    public static final int GUIDS_PER_BLOCK = 8;

    public GuidInfo {
        SmpCodec.checkCount("GUIDBlock", guids, GUIDS_PER_BLOCK);
        guids = List.copyOf(guids);
    }

    public static GuidInfo decode(byte[] b, int off) {
        Long[] guids = new Long[GUIDS_PER_BLOCK];
        for (int i = 0; i < GUIDS_PER_BLOCK; i++) {
            guids[i] = Bits.u64(b, off + 8 * i);
        }
        return new GuidInfo(List.of(guids));
    }

    @Override
    public void encode(byte[] b, int off) {
        for (int i = 0; i < GUIDS_PER_BLOCK; i++) {
            Bits.put64(b, off + 8 * i, guids.get(i));
        }
    }

    /** GUID {@code i} (0-7) of this block. */
    public long guid(int i) {
        return guids.get(SmpCodec.checkIndex("GUID", i, GUIDS_PER_BLOCK));
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
