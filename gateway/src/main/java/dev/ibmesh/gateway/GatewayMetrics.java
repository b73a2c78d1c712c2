package dev.ibmesh.gateway;

import dev.ibmesh.runtime.agent.HostMad;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What a gateway shows on {@code /metrics}: MADs through it by direction and class, requests by outcome and their
 * round trips, refusals by reason, and the sessions attached now.
 */
final class GatewayMetrics {
    private final MeterRegistry registry;
    private final AtomicInteger sessions = new AtomicInteger();

    GatewayMetrics(MeterRegistry registry) {
        this.registry = registry;
        registry.gauge("ibmesh.gateway.sessions", sessions);
    }

    void attached() {
        sessions.incrementAndGet();
    }

    void detached() {
        sessions.decrementAndGet();
    }

    /** A MAD went out of the port for a client ({@code toPort}) or came in and went to one. */
    void mad(boolean toPort, HostMad mad) {
        Counter.builder("ibmesh.gateway.mads")
                .description("MADs through the gateway")
                .tag("direction", toPort ? "to_port" : "from_port")
                .tag("class", mad.mad().header().mgmtClass().toString())
                .register(registry)
                .increment();
    }

    /** A request ended: {@code outcome} is "response" or the failure's kind. */
    void request(String outcome, Duration took) {
        Timer.builder("ibmesh.gateway.requests")
                .description("Requests of the gateway's clients, from arrival to outcome")
                .tag("outcome", outcome)
                .register(registry)
                .record(took);
    }

    /** A call refused: "read_only", "invalid" or "unauthenticated". */
    void refused(String reason) {
        Counter.builder("ibmesh.gateway.refused")
                .description("Calls the gateway refused")
                .tag("reason", reason)
                .register(registry)
                .increment();
    }
}
