package dev.ibmesh.mad.smp;

import dev.ibmesh.wire.Bits;
import java.util.List;

/**
 * Helpers shared by the SMP attribute codecs of this package: one-bit flags, and the fixed-size tables of
 * equal-width unsigned entries that several attributes consist of (P_Keys, forwarding tables, SL-to-VL
 * nibbles). Table entry {@code i} of width {@code w} sits at bit offset {@code i * w}, big-endian, as the IBA
 * tables lay them out.
 */
final class SmpCodec {
    private SmpCodec() {}

    static boolean flag(byte[] b, int off, int bitOffset) {
        return Bits.get(b, off, bitOffset, 1) != 0;
    }

    static void putFlag(byte[] b, int off, int bitOffset, boolean value) {
        Bits.put(b, off, bitOffset, 1, value ? 1 : 0);
    }

    static List<Integer> read(byte[] b, int off, int count, int width) {
        Integer[] values = new Integer[count];
        for (int i = 0; i < count; i++) {
            values[i] = Bits.getInt(b, off, i * width, width);
        }
        return List.of(values);
    }

    static void write(byte[] b, int off, List<Integer> values, int width) {
        for (int i = 0; i < values.size(); i++) {
            Bits.put(b, off, i * width, width, values.get(i));
        }
    }

    /** An immutable copy of {@code values}, after checking the entry count and each entry's range. */
    static List<Integer> check(String field, List<Integer> values, int count, int width) {
        checkCount(field, values, count);
        for (int i = 0; i < count; i++) {
            Bits.checkRange(field, i, values.get(i), width);
        }
        return List.copyOf(values);
    }

    static void checkCount(String field, List<?> values, int count) {
        if (values.size() != count) {
            throw new IllegalArgumentException(field + " must have " + count + " entries, had " + values.size());
        }
    }

    /** Fails with the field's name when {@code index} is not in {@code [0, count)}. */
    static int checkIndex(String field, int index, int count) {
        if (index < 0 || index >= count) {
            throw new IndexOutOfBoundsException(field + " index must be in [0, " + count + "), was " + index);
        }
        return index;
    }
}
