package dev.ibmesh.runtime.port;

import dev.ibmesh.runtime.counters.SingleWriterCounters;
import java.util.SplittableRandom;

/**
 * What a faulty cable does to the frames one port sends, in that direction only: loses some, corrupts some (one bit
 * flipped, so the receiver's CRC check catches it and counts it, as it does for a bad cable: VCRC or ICRC for a data
 * packet, LPCRC for a flow-control packet, all in PortRcvErrors, IBA 16.1.3.5), duplicates some data packets, and
 * delays or slows all of them ({@link Settings#delayMicros}, {@link Settings#rateGbps}, which the port applies).
 * The choices come from a random stream seeded by {@link Settings#seed}, so a run repeats.
 *
 * <p>Every frame impaired is counted by effect and kind ({@link #count}), for the metrics, so that a soak can check
 * that what one end sent is what the other received plus what was counted. The counts survive a change of settings.
 *
 * <p>Owned by one port and called from its event loop only, except {@link #count} (any thread).
 */
public final class LinkImpairment {
    /**
     * The impairment of one link direction. Probabilities are per frame.
     *
     * @param drop        probability that a frame (data or flow-control packet) is lost
     * @param corrupt     probability that a frame that is not lost arrives with one bit flipped
     * @param duplicate   probability that a data packet arrives twice
     * @param delayMicros how much later every frame arrives (a longer cable); 0 none
     * @param rateGbps    the most data packets may carry, in Gb/s (a slower link); 0 no limit
     * @param seed        the seed of the random choices
     */
    public record Settings(
            double drop, double corrupt, double duplicate, long delayMicros, double rateGbps, long seed) {
        public static final Settings NONE = new Settings(0, 0, 0, 0, 0, 0);

        /** The longest delay: a minute (a cable 12,000 km long). */
        public static final long MAX_DELAY_MICROS = 60_000_000L;

        /** @throws IllegalArgumentException naming the field (as fabric.proto spells it) and what is allowed */
        public Settings {
            probability("drop", drop);
            probability("corrupt", corrupt);
            probability("duplicate", duplicate);
            if (delayMicros < 0 || delayMicros > MAX_DELAY_MICROS) {
                throw new IllegalArgumentException(
                        "delay_us: " + delayMicros + " is out of range; give 0 to " + MAX_DELAY_MICROS + " us");
            }
            if (!(rateGbps >= 0) || Double.isInfinite(rateGbps)) {
                throw new IllegalArgumentException(
                        "rate_gbps: " + rateGbps + " is not a rate; give a positive number of Gb/s, or 0 for no limit");
            }
        }

        /** Whether this impairs nothing (the seed aside). */
        public boolean none() {
            return drop == 0 && corrupt == 0 && duplicate == 0 && delayMicros == 0 && rateGbps == 0;
        }

        private static void probability(String field, double p) {
            if (!(p >= 0 && p <= 1)) {
                throw new IllegalArgumentException(field + ": " + p + " is not a probability; give 0 to 1");
            }
        }
    }

    /** What happened to an impaired frame. */
    public enum Effect {
        DROPPED,
        CORRUPTED,
        DUPLICATED,
        DELAYED
    }

    private final SingleWriterCounters counts = new SingleWriterCounters(Effect.values().length * 2);
    private Settings settings = Settings.NONE;
    private SplittableRandom random = new SplittableRandom(0);

    public Settings settings() {
        return settings;
    }

    /** Impairs from now on as {@code s} says, with a random stream started anew from its seed. */
    void set(Settings s) {
        settings = s;
        random = new SplittableRandom(s.seed());
    }

    /**
     * The frame as the cable delivers it: {@code frame} itself, a corrupted copy (the frame may be shared, by a
     * switch's multicast, so it is never changed in place), or null when the cable loses it.
     */
    byte[] carry(boolean data, byte[] frame) {
        if (happens(settings.drop())) {
            counted(Effect.DROPPED, data);
            return null;
        }
        if (frame.length == 0 || !happens(settings.corrupt())) {
            return frame;
        }
        byte[] bad = frame.clone();
        int bit = random.nextInt(bad.length * 8);
        bad[bit >>> 3] ^= (byte) (1 << (bit & 7));
        counted(Effect.CORRUPTED, data);
        return bad;
    }

    /** Whether the data packet just carried arrives a second time. */
    boolean duplicate() {
        if (happens(settings.duplicate())) {
            counted(Effect.DUPLICATED, true);
            return true;
        }
        return false;
    }

    /** The delay every frame takes on the cable, in nanoseconds. */
    long delayNanos() {
        return settings.delayMicros() * 1000;
    }

    /** The rate limit in bits per second, or 0. */
    double rateBitsPerSecond() {
        return settings.rateGbps() * 1e9;
    }

    void counted(Effect effect, boolean data) {
        counts.increment(effect.ordinal() * 2 + (data ? 0 : 1));
    }

    /** Frames of one kind (data packets, or flow-control packets) impaired so, since the port started. Any thread. */
    public long count(Effect effect, boolean data) {
        return counts.get(effect.ordinal() * 2 + (data ? 0 : 1));
    }

    private boolean happens(double p) {
        return p > 0 && (p >= 1 || random.nextDouble() < p);
    }
}
