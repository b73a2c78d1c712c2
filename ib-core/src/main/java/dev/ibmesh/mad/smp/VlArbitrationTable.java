package dev.ibmesh.mad.smp;

import dev.ibmesh.mad.Attribute;
import dev.ibmesh.wire.Bits;
import java.util.List;

/**
 * VLArbitrationTable (attribute 0x0018, 64 bytes): 32 (VL, Weight) entries. AttributeModifier bits 31-16 select
 * the part (1 = low-priority entries 0-31, 2 = high-priority 0-31, 3 = low 32-63, 4 = high 32-63), bits 15-0
 * the port.
 *
 * <pre>
 *  bytes 2i, 2i+1 (i = 0-31) = entry i:
 *    bits 0-3 reserved | bits 4-7 VL | bits 8-15 Weight (units of 64 bytes; 0 = entry skipped)
 * </pre>
 */
public record VlArbitrationTable(List<Entry> entries) implements Attribute {
    public static final int ATTRIBUTE_ID = 0x0018;
    public static final int SIZE = 64;
    public static final int ENTRIES_PER_BLOCK = 32;
    public static final int PART_LOW_0_31 = 1;
    public static final int PART_HIGH_0_31 = 2;
    public static final int PART_LOW_32_63 = 3;
    public static final int PART_HIGH_32_63 = 4;

    /** One 16-bit entry; {@code reserved0} is the entry's reserved high nibble (entry bit offset 0). */
    public record Entry(int reserved0, int vl, int weight) {
        public Entry {
            Bits.checkRange("reserved0", reserved0, 4);
            Bits.checkRange("VL", vl, 4);
            Bits.checkRange("Weight", weight, 8);
        }

        public Entry(int vl, int weight) {
            this(0, vl, weight);
        }
    }

    public VlArbitrationTable {
        SmpCodec.checkCount("VLArbitrationTable", entries, ENTRIES_PER_BLOCK);
        entries = List.copyOf(entries);
    }

    public static VlArbitrationTable decode(byte[] b, int off) {
        Entry[] entries = new Entry[ENTRIES_PER_BLOCK];
        for (int i = 0; i < ENTRIES_PER_BLOCK; i++) {
            int at = off + 2 * i;
            entries[i] = new Entry(Bits.getInt(b, at, 0, 4), Bits.getInt(b, at, 4, 4), Bits.u8(b, at + 1));
        }
        return new VlArbitrationTable(List.of(entries));
    }

    @Override
    public void encode(byte[] b, int off) {
        for (int i = 0; i < ENTRIES_PER_BLOCK; i++) {
            Entry e = entries.get(i);
            int at = off + 2 * i;
            Bits.put(b, at, 0, 4, e.reserved0());
            Bits.put(b, at, 4, 4, e.vl());
            Bits.put8(b, at + 1, e.weight());
        }
    }

    /** Entry {@code i} (0-31) of this block. */
    public Entry entry(int i) {
        return entries.get(SmpCodec.checkIndex("VLArbitrationTable entry", i, ENTRIES_PER_BLOCK));
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
