package dev.ibmesh.trace;

/**
 * Conversion between nanoseconds since the epoch and the ERF timestamp: a 64-bit unsigned fixed-point number,
 * stored little-endian at ERF header bytes 0..7, whose high 32 bits count seconds since the epoch and whose low 32
 * bits are the binary fraction of a second (units of 2^-32 s, about 0.23 ns).
 *
 * <p>Both directions round to nearest. One nanosecond is about 4.29 fraction units, so every nanosecond value maps
 * to a distinct fraction and {@code toNanos(fromNanos(t)) == t} exactly for every representable {@code t}.
 */
public final class ErfTimestamp {
    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    /** The last nanosecond whose seconds still fit the unsigned 32-bit field. */
    public static final long MAX_NANOS = (1L << 32) * NANOS_PER_SECOND - 1;

    private ErfTimestamp() {}

    /**
     * @param epochNanos 0..{@link #MAX_NANOS}
     * @return the ERF timestamp (as an unsigned 64-bit value in a long)
     */
    public static long fromNanos(long epochNanos) {
        if (epochNanos < 0 || epochNanos > MAX_NANOS) {
            throw new IllegalArgumentException("timestamp " + epochNanos + " ns is outside the ERF range 0..2^32 s");
        }
        long seconds = epochNanos / NANOS_PER_SECOND;
        long nanos = epochNanos % NANOS_PER_SECOND;
        // nanos < 2^30, so nanos << 32 < 2^62 does not overflow; the result stays below 2^32 for nanos < 10^9.
        long fraction = ((nanos << 32) + NANOS_PER_SECOND / 2) / NANOS_PER_SECOND;
        return (seconds << 32) | fraction;
    }

    /** The nanoseconds since the epoch nearest to an ERF timestamp read from any writer. */
    public static long toNanos(long erf) {
        long seconds = erf >>> 32;
        long fraction = erf & 0xFFFF_FFFFL;
        // fraction < 2^32 and 10^9 < 2^30, so the product stays below 2^62; a result of 10^9 carries into seconds.
        long nanos = (fraction * NANOS_PER_SECOND + (1L << 31)) >>> 32;
        return seconds * NANOS_PER_SECOND + nanos;
    }
}
