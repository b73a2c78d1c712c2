package dev.ibmesh.wire;

/**
 * Big-endian field access in IBA bit numbering: bit 0 is the most significant bit of byte 0, so a field at
 * bit offset {@code o} with width {@code w} starts in byte {@code o / 8}, {@code o % 8} bits below that byte's MSB.
 * Every IBA header and attribute layout is written in these terms, so codecs name offsets exactly as the spec's
 * tables do.
 *
 * <p>Offsets are relative to {@code base}, the first byte of the header or attribute. No method allocates.
 */
public final class Bits {
    private Bits() {}

    /** Reads an unsigned field of 1 to 64 bits that spans at most 8 bytes. */
    public static long get(byte[] b, int base, int bitOffset, int width) {
        checkWidth(bitOffset, width);
        int first = bitOffset >>> 3;
        int last = (bitOffset + width - 1) >>> 3;
        long v = 0;
        for (int i = first; i <= last; i++) {
            v = (v << 8) | (b[base + i] & 0xFF);
        }
        int shift = ((last + 1) << 3) - (bitOffset + width);
        v >>>= shift;
        return width == 64 ? v : v & ((1L << width) - 1);
    }

    /** Reads a field of at most 31 bits as an int. */
    public static int getInt(byte[] b, int base, int bitOffset, int width) {
        if (width > 32) {
            throw new IllegalArgumentException("width " + width + " does not fit an int");
        }
        return (int) get(b, base, bitOffset, width);
    }

    /** Writes the low {@code width} bits of {@code value}; the neighbouring bits keep their values. */
    public static void put(byte[] b, int base, int bitOffset, int width, long value) {
        checkWidth(bitOffset, width);
        int first = bitOffset >>> 3;
        int last = (bitOffset + width - 1) >>> 3;
        int shift = ((last + 1) << 3) - (bitOffset + width);
        long mask = (width == 64 ? -1L : (1L << width) - 1) << shift;
        long v = (value << shift) & mask;
        for (int i = last; i >= first; i--) {
            int m = (int) (mask & 0xFF);
            b[base + i] = (byte) ((b[base + i] & ~m) | (int) (v & m));
            mask >>>= 8;
            v >>>= 8;
        }
    }

    public static int u8(byte[] b, int off) {
        return b[off] & 0xFF;
    }

    public static int u16(byte[] b, int off) {
        return ((b[off] & 0xFF) << 8) | (b[off + 1] & 0xFF);
    }

    public static int u24(byte[] b, int off) {
        return ((b[off] & 0xFF) << 16) | ((b[off + 1] & 0xFF) << 8) | (b[off + 2] & 0xFF);
    }

    public static int u32(byte[] b, int off) {
        return ((b[off] & 0xFF) << 24) | ((b[off + 1] & 0xFF) << 16) | ((b[off + 2] & 0xFF) << 8) | (b[off + 3] & 0xFF);
    }

    public static long u64(byte[] b, int off) {
        return ((long) u32(b, off) << 32) | (u32(b, off + 4) & 0xFFFFFFFFL);
    }

    public static void put8(byte[] b, int off, int v) {
        b[off] = (byte) v;
    }

    public static void put16(byte[] b, int off, int v) {
        b[off] = (byte) (v >>> 8);
        b[off + 1] = (byte) v;
    }

    public static void put24(byte[] b, int off, int v) {
        b[off] = (byte) (v >>> 16);
        b[off + 1] = (byte) (v >>> 8);
        b[off + 2] = (byte) v;
    }

    public static void put32(byte[] b, int off, int v) {
        b[off] = (byte) (v >>> 24);
        b[off + 1] = (byte) (v >>> 16);
        b[off + 2] = (byte) (v >>> 8);
        b[off + 3] = (byte) v;
    }

    public static void put64(byte[] b, int off, long v) {
        put32(b, off, (int) (v >>> 32));
        put32(b, off + 4, (int) v);
    }

    /** Fails with the field's name when {@code value} needs more than {@code width} bits. */
    public static int checkRange(String field, int value, int width) {
        if (value < 0 || (width < 31 && value >= (1 << width))) {
            throw new IllegalArgumentException(field + " must fit in " + width + " bits, was " + value);
        }
        return value;
    }

    /**
     * As {@link #checkRange(String, int, int)} for entry {@code index} of a table or path: the name {@code
     * field[index]} is only put together for the exception, not on every check.
     */
    public static int checkRange(String field, int index, int value, int width) {
        if (value < 0 || (width < 31 && value >= (1 << width))) {
            checkRange(field + "[" + index + "]", value, width);
        }
        return value;
    }

    /** As {@link #checkRange(String, int, int)} for fields up to 63 bits. */
    public static long checkRange(String field, long value, int width) {
        if (width < 64 && (value < 0 || value >= (1L << width))) {
            throw new IllegalArgumentException(field + " must fit in " + width + " bits, was " + value);
        }
        return value;
    }

    private static void checkWidth(int bitOffset, int width) {
        if (width < 1 || width > 64 || (bitOffset & 7) + width > 64) {
            throw new IllegalArgumentException(
                    "field at bit " + bitOffset + " width " + width + " spans more than 8 bytes");
        }
    }
}
