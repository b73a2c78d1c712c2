package dev.ibmesh.sm.sa;

import dev.ibmesh.wire.Bits;
import java.util.Arrays;

/**
 * The components of an SA record that a ComponentMask can name (IBA 15.2.5, one table per attribute): for bit
 * {@code i} of the mask, the range of bits of the record it compares. A record matches a query when every named
 * component equals the template's. Mask bits past the table (components this SA does not compare) match anything.
 */
final class Components {
    private final int[] offsets;
    private final int[] widths;

    /** @param ranges bit offset and width of component 0, then of component 1, ... */
    Components(int... ranges) {
        if (ranges.length % 2 != 0) {
            throw new IllegalArgumentException("offset and width pairs expected");
        }
        this.offsets = new int[ranges.length / 2];
        this.widths = new int[ranges.length / 2];
        for (int i = 0; i < offsets.length; i++) {
            offsets[i] = ranges[2 * i];
            widths[i] = ranges[2 * i + 1];
        }
    }

    /** Whether {@code record} has the template's value in every component the mask names, except {@code skip}. */
    boolean match(byte[] record, byte[] template, long mask, long skip) {
        long m = mask & ~skip;
        for (int i = 0; i < offsets.length && m != 0; i++, m >>>= 1) {
            if ((m & 1) != 0 && !equal(record, template, offsets[i], widths[i])) {
                return false;
            }
        }
        return true;
    }

    private static boolean equal(byte[] a, byte[] b, int offset, int width) {
        if (offset % 8 == 0 && width % 8 == 0) {
            int from = offset / 8;
            return Arrays.equals(a, from, from + width / 8, b, from, from + width / 8);
        }
        return Bits.get(a, 0, offset, width) == Bits.get(b, 0, offset, width);
    }
}
