package dev.ibmesh.sm;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;

/**
 * How long each phase of a sweep took and how many SMPs it sent, in order: a phase ends when the next is marked.
 */
public final class PhaseClock {
    /** One phase's share of a sweep. */
    public record Phase(Duration took, long smps) {
        Phase plus(Phase other) {
            return new Phase(took.plus(other.took), smps + other.smps);
        }
    }

    private final Map<String, Phase> phases = new LinkedHashMap<>();
    private final LongSupplier smpsSent;
    private long last = System.nanoTime();
    private long sentBefore;

    /** A clock that starts now; {@code smpsSent} counts the SMPs sent so far. */
    public PhaseClock(LongSupplier smpsSent) {
        this.smpsSent = smpsSent;
        this.sentBefore = smpsSent.getAsLong();
    }

    /** Ends the phase called {@code name}, which began when the previous one ended. */
    public void mark(String name) {
        long now = System.nanoTime();
        long sent = smpsSent.getAsLong();
        phases.merge(name, new Phase(Duration.ofNanos(now - last), sent - sentBefore), Phase::plus);
        last = now;
        sentBefore = sent;
    }

    public Map<String, Phase> phases() {
        return Collections.unmodifiableMap(phases);
    }

    @Override
    public String toString() {
        return phases.entrySet().stream()
                .map(e -> String.format(
                        Locale.ROOT,
                        "%s %.3f s (%d SMPs)",
                        e.getKey(),
                        e.getValue().took().toNanos() / 1e9,
                        e.getValue().smps()))
                .collect(Collectors.joining(", "));
    }
}
