package dev.ibmesh.tester.generator;

import java.time.Duration;
import java.util.Objects;

/**
 * {@code count} copies of one packet, {@code gap} apart: the gap is the idle time from one packet leaving the tester's
 * port to the next one being handed to it, measured on the tester device's clock (its timers have millisecond
 * resolution, so a gap is at least what is asked and the trace shows what it was). With no gap the packets are handed
 * over back to back, as fast as the port takes them.
 *
 * @param credits whether data packets wait for the DUT's link credits (IBA 7.9) or go regardless, as an exerciser
 *                that overruns a receiver on purpose; link packets and {@link PacketSpec#direct()} packets never wait
 */
public record Sequence(PacketSpec packet, int count, Duration gap, Credits credits) {
    /** How data packets treat the DUT's link credits (the IBTrainer sets this per packet). */
    public enum Credits {
        OBEY,
        IGNORE
    }

    public Sequence {
        Objects.requireNonNull(packet, "packet");
        Objects.requireNonNull(gap, "gap");
        Objects.requireNonNull(credits, "credits");
        if (count < 1) {
            throw new IllegalArgumentException("a sequence sends at least one packet, not " + count);
        }
        if (gap.isNegative()) {
            throw new IllegalArgumentException("the gap must not be negative, was " + gap);
        }
    }

    /** One packet, obeying credits. */
    public static Sequence of(PacketSpec packet) {
        return new Sequence(packet, 1, Duration.ZERO, Credits.OBEY);
    }

    public Sequence count(int newCount) {
        return new Sequence(packet, newCount, gap, credits);
    }

    public Sequence gap(Duration newGap) {
        return new Sequence(packet, count, newGap, credits);
    }

    public Sequence credits(Credits newCredits) {
        return new Sequence(packet, count, gap, newCredits);
    }
}
