package dev.ibmesh.sm;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/** How long each phase of a sweep took, in order: a phase ends when the next is marked. */
public final class PhaseClock {
    private final Map<String, Duration> phases = new LinkedHashMap<>();
    private long last = System.nanoTime();

    /** Ends the phase called {@code name}, which began when the previous one ended. */
    public void mark(String name) {
        long now = System.nanoTime();
        phases.merge(name, Duration.ofNanos(now - last), Duration::plus);
        last = now;
    }

    public Map<String, Duration> phases() {
        return Collections.unmodifiableMap(phases);
    }

    @Override
    public String toString() {
        return phases.entrySet().stream()
                .map(e -> String.format(
                        Locale.ROOT, "%s %.3f s", e.getKey(), e.getValue().toNanos() / 1e9))
                .collect(Collectors.joining(", "));
    }
}
