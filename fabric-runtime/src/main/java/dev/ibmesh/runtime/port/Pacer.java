package dev.ibmesh.runtime.port;

/**
 * Paces a port's data packets at its link's data rate: a token bucket in bytes, refilled at the rate and holding at
 * most one burst. A packet may start while the bucket is not empty and then takes its whole size, possibly
 * running the bucket into debt that later packets wait out, so the rate is exact over time whatever the sizes.
 * Event loop only.
 */
public final class Pacer {
    /** What may go out back to back: a few 4 KB packets. */
    public static final int BURST_BYTES = 16 * 1024;

    private final double bytesPerNano;
    private double tokens = BURST_BYTES;
    private long last;

    Pacer(double bitsPerSecond, long now) {
        this.bytesPerNano = bitsPerSecond / 8e9;
        this.last = now;
    }

    /** Refills for the time passed and says whether a packet may start now. */
    boolean mayStart(long now) {
        tokens = Math.min(BURST_BYTES, tokens + (now - last) * bytesPerNano);
        last = now;
        return tokens > 0;
    }

    /** A packet of {@code bytes} went out. */
    void charge(int bytes) {
        tokens -= bytes;
    }

    /** Nanoseconds until the bucket is out of debt. */
    long waitNanos() {
        return tokens > 0 ? 0 : (long) Math.ceil((1 - tokens) / bytesPerNano);
    }
}
