package dev.ibmesh.tshark;

import java.util.HashSet;
import java.util.Random;
import java.util.Set;

/**
 * Seeded random field values. Every value is non-zero, and within one frame each value differs from every other
 * value drawn for that frame as far as the width allows (a 1-bit field can only be 1, and a frame with twenty 4-bit
 * fields must repeat some), so that a field written at the wrong offset cannot show the right value by accident.
 * When a narrow width runs out of unused values, the value at least differs from the one drawn just before it
 * (the neighbouring field).
 */
final class Values {
    private final Random random;
    private final Set<Long> used = new HashSet<>();
    private long last;

    Values(long seed) {
        this.random = new Random(seed);
    }

    /** Starts a new frame: values may repeat those of earlier frames. */
    void newFrame() {
        used.clear();
        last = 0;
    }

    /** A non-zero value of {@code width} bits (1..64). */
    long bits(int width) {
        return between(1, width == 64 ? -1L : (1L << width) - 1);
    }

    int u(int width) {
        if (width > 32) {
            throw new IllegalArgumentException("width " + width);
        }
        return (int) bits(width);
    }

    /** A value in {@code lo..hi} (unsigned, inclusive), distinct from this frame's other values if possible. */
    long between(long lo, long hi) {
        long span = hi - lo + 1; // 0 means all 2^64 values
        for (int attempt = 0; attempt < 64; attempt++) {
            long v = span == 0 ? random.nextLong() : lo + Long.remainderUnsigned(random.nextLong(), span);
            if (v != 0 && used.add(v)) {
                return remember(v);
            }
        }
        for (int attempt = 0; attempt < 64; attempt++) {
            long v = span == 0 ? random.nextLong() : lo + Long.remainderUnsigned(random.nextLong(), span);
            if (v != 0 && (v != last || span <= 2)) {
                return remember(v);
            }
        }
        return remember(lo == 0 ? 1 : lo);
    }

    int betweenInt(int lo, int hi) {
        return (int) between(lo, hi);
    }

    boolean flag() {
        return random.nextBoolean();
    }

    /** Random bytes, none of them zero. */
    byte[] bytes(int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (1 + random.nextInt(255));
        }
        return b;
    }

    /** Printable ASCII without the tshark field aggregator. */
    String text(int n) {
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 -_./";
        StringBuilder s = new StringBuilder(n);
        for (int i = 0; i < n; i++) {
            s.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return s.toString();
    }

    private long remember(long v) {
        last = v;
        return v;
    }
}
