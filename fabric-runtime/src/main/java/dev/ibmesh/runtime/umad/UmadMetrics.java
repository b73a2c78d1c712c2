package dev.ibmesh.runtime.umad;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import java.util.Locale;

/**
 * Publishes a {@link UmadServer}'s counters to Micrometer: {@code ibmesh_umad_events_total{event=...}} (one per
 * {@link UmadCounter}, lower case), {@code ibmesh_umad_rejects_total{reason=...}} (one per {@link SimReject}) and
 * {@code ibmesh_umad_sessions} (clients attached now), labelled with the control
 * port. The meters read atomics from the scrape thread.
 */
public final class UmadMetrics {
    private UmadMetrics() {}

    public static void bind(MeterRegistry registry, UmadServer server) {
        UmadCounters counters = server.counters();
        Tags tags = Tags.of("umad_port", Integer.toString(server.options().port()));
        for (UmadCounter c : UmadCounter.values()) {
            FunctionCounter.builder("ibmesh_umad_events", counters, k -> k.get(c))
                    .description("Messages, errors and sessions of the umad (ibsim protocol) endpoint")
                    .tags(tags.and("event", c.name().toLowerCase(Locale.ROOT)))
                    .register(registry);
        }
        for (SimReject r : SimReject.values()) {
            FunctionCounter.builder("ibmesh_umad_rejects", counters, k -> k.rejected(r))
                    .description("Error replies and dropped datagrams of the umad endpoint, by reason")
                    .tags(tags.and("reason", r.name().toLowerCase(Locale.ROOT)))
                    .register(registry);
        }
        Gauge.builder("ibmesh_umad_sessions", counters, UmadCounters::activeSessions)
                .description("Clients attached to the umad endpoint now")
                .tags(tags)
                .register(registry);
    }
}
