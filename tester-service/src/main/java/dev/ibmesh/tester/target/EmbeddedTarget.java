package dev.ibmesh.tester.target;

import dev.ibmesh.runtime.topology.SwitchOptions;
import dev.ibmesh.tester.bench.Bench;
import dev.ibmesh.tester.bench.EmbeddedBench;
import dev.ibmesh.tester.bench.SimpleLinkSpec;
import dev.ibmesh.tester.bench.Trace;
import dev.ibmesh.tester.engine.BenchFactory;
import dev.ibmesh.tester.engine.Configuration;
import dev.ibmesh.tester.engine.RunItem;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * DUTs the tester starts itself: for every run a fresh SimpleLink in this JVM, the DUT of the kind the run names,
 * with the deviations given for that kind, the link at the run's width and speed.
 */
public final class EmbeddedTarget implements BenchFactory {
    private final Vertx vertx;
    private final Map<String, List<String>> deviationsByKind;
    private final Optional<SwitchOptions> switchOptions;
    private final Duration ready;

    /**
     * @param deviationsByKind deviation names to start DUTs with, by device kind ("switch", "hca")
     * @param switchOptions    a switch DUT's SwitchInfo values; empty for the defaults (enhanced port 0)
     */
    public EmbeddedTarget(
            Vertx vertx,
            Map<String, List<String>> deviationsByKind,
            Optional<SwitchOptions> switchOptions,
            Duration ready) {
        this.vertx = vertx;
        this.deviationsByKind = Map.copyOf(deviationsByKind);
        this.switchOptions = switchOptions;
        this.ready = ready;
    }

    @Override
    public Bench create(RunItem item, Trace trace) {
        Configuration c = item.configuration();
        SimpleLinkSpec spec = new SimpleLinkSpec(
                item.dutKind(),
                deviationsByKind.getOrDefault(item.dutKind(), List.of()),
                c.width().link(),
                c.speed().linkSpeed(),
                c.speed().linkSpeedExt(),
                item.dutKind().equals("switch") ? switchOptions : Optional.empty());
        return EmbeddedBench.start(vertx, spec, trace, ready);
    }
}
