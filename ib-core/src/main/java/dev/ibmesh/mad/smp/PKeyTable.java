package dev.ibmesh.mad.smp;

import dev.ibmesh.mad.Attribute;
import java.util.List;

/**
 * P_KeyTable (attribute 0x0016, 64 bytes): one block of 32 P_Keys. AttributeModifier bits 15-0 = block number
 * (entry {@code i} is P_Key index {@code block * 32 + i}); on a switch's external ports bits 31-16 = port.
 *
 * <pre>
 *  bytes 0-1 P_Key 0 | 2-3 P_Key 1 | ... | 62-63 P_Key 31
 *  each P_Key: bit 15 membership type (1 = full, 0 = limited) | bits 14-0 P_Key base (matching: {@link PKeys})
 * </pre>
 */
public record PKeyTable(List<Integer> pKeys) implements Attribute {
    public static final int ATTRIBUTE_ID = 0x0016;
    public static final int SIZE = 64;
    public static final int PKEYS_PER_BLOCK = 32;
    /** Bit 15 of a P_Key: full membership. */
    public static final int FULL_MEMBER = 0x8000;
    /** Bits 14-0 of a P_Key: the base. */
    public static final int BASE_MASK = 0x7FFF;
    /** The default partition, full member. */
    public static final int DEFAULT_FULL = 0xFFFF;
    /** An empty (invalid) entry: base 0, limited. */
    public static final int INVALID = 0x0000;

    public PKeyTable {
        pKeys = SmpCodec.check("P_KeyTableBlock", pKeys, PKEYS_PER_BLOCK, 16);
    }

    public static PKeyTable decode(byte[] b, int off) {
        return new PKeyTable(SmpCodec.read(b, off, PKEYS_PER_BLOCK, 16));
    }

    @Override
    public void encode(byte[] b, int off) {
        SmpCodec.write(b, off, pKeys, 16);
    }

    /** P_Key {@code i} (0-31) of this block. */
    public int pKey(int i) {
        return pKeys.get(SmpCodec.checkIndex("P_Key", i, PKEYS_PER_BLOCK));
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
