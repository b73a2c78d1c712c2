package dev.ibmesh.runtime.umad;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

class UmadMetricsTest {
    @Test
    void everyCounterAndTheSessionGaugeArePublished() throws Exception {
        SmaUmadPort port = new SmaUmadPort();
        try (UmadServerFixture fixture = UmadServerFixture.of(port);
                SimTestClient client = new SimTestClient(fixture.port)) {
            SimpleMeterRegistry registry = new SimpleMeterRegistry();
            UmadMetrics.bind(registry, fixture.server);
            client.connect(SmaUmadPort.NAME, false);
            client.request(99);
            String tag = Integer.toString(fixture.port);
            assertEquals(
                    1.0,
                    registry.get("ibmesh_umad_sessions")
                            .tag("umad_port", tag)
                            .gauge()
                            .value());
            assertEquals(
                    1.0,
                    registry.get("ibmesh_umad_events")
                            .tag("event", "sessions_opened")
                            .functionCounter()
                            .count());
            assertEquals(
                    1.0,
                    registry.get("ibmesh_umad_events")
                            .tag("event", "control_errors")
                            .functionCounter()
                            .count());
            assertEquals(
                    2.0,
                    registry.get("ibmesh_umad_events")
                            .tag("event", "control_received")
                            .functionCounter()
                            .count());
            assertEquals(
                    1.0,
                    registry.get("ibmesh_umad_rejects")
                            .tag("reason", "unknown_type")
                            .functionCounter()
                            .count());
            assertEquals(
                    UmadCounter.values().length,
                    registry.get("ibmesh_umad_events").functionCounters().size());
        }
    }
}
