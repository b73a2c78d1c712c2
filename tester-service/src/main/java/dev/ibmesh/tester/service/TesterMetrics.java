package dev.ibmesh.tester.service;

import dev.ibmesh.runtime.observe.ObservabilityServer;
import dev.ibmesh.tester.engine.ProcedureResult;
import dev.ibmesh.tester.engine.RunListener;
import dev.ibmesh.tester.engine.Verdict;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The tester service's meters, in Prometheus terms: {@code ibmesh_tester_verdicts_total{verdict}} (procedure runs by
 * verdict, every verdict from 0), {@code ibmesh_tester_procedure_seconds{procedure}} (how long each procedure's runs
 * took) and {@code ibmesh_tester_runs_active} (0 or 1: one run at a time). Thread-safe, as Micrometer's meters are.
 */
final class TesterMetrics implements RunListener {
    private final MeterRegistry registry;
    private final Map<Verdict.Kind, Counter> verdicts = new EnumMap<>(Verdict.Kind.class);
    private final AtomicInteger active = new AtomicInteger();

    TesterMetrics(MeterRegistry registry) {
        this.registry = registry;
        for (Verdict.Kind kind : Verdict.Kind.values()) {
            verdicts.put(
                    kind,
                    Counter.builder(ObservabilityServer.TESTER_VERDICTS)
                            .description("Procedure runs by verdict")
                            .tag("verdict", kind.name())
                            .register(registry));
        }
        Gauge.builder("ibmesh.tester.runs.active", active, AtomicInteger::get)
                .description("Runs in progress (one at a time: the DUTs are shared)")
                .strongReference(true)
                .register(registry);
    }

    void runBegan() {
        active.incrementAndGet();
    }

    void runEnded() {
        active.decrementAndGet();
    }

    @Override
    public void itemFinished(ProcedureResult result) {
        verdicts.get(result.verdict().kind()).increment();
        Timer.builder("ibmesh.tester.procedure")
                .description("How long a procedure run took, bench set-up included")
                .tag("procedure", result.item().procedure().id())
                .register(registry)
                .record(result.duration());
    }
}
