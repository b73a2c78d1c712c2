package dev.ibmesh.tester;

import dev.ibmesh.runtime.topology.SwitchOptions;
import dev.ibmesh.tester.engine.Catalog;
import dev.ibmesh.tester.engine.Configuration;
import dev.ibmesh.tester.engine.ProcedureDescriptor;
import dev.ibmesh.tester.engine.ProcedureResult;
import dev.ibmesh.tester.engine.RunItem;
import dev.ibmesh.tester.engine.RunListener;
import dev.ibmesh.tester.engine.Runner;
import dev.ibmesh.tester.target.EmbeddedTarget;
import io.vertx.core.Vertx;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Runs one procedure of the catalog against an embedded DUT, compliant or started with deviations: what every proof
 * test of the catalog does.
 */
public final class ProcedureProof implements AutoCloseable {
    private final Vertx vertx = Vertx.vertx();

    /** The result of {@code id} in its default configuration against a DUT of {@code kind} with {@code deviations}. */
    public ProcedureResult run(String id, String kind, String... deviations) {
        return run(id, kind, Optional.empty(), deviations);
    }

    public ProcedureResult run(String id, String kind, Optional<SwitchOptions> options, String... deviations) {
        ProcedureDescriptor d = Catalog.load().byId(id).orElseThrow();
        return runner(kind, options, deviations)
                .run(List.of(new RunItem(d, d.defaultConfiguration(), kind)))
                .get(0);
    }

    /** The result of {@code id} in {@code configuration}, its trace written into {@code traceDir}. */
    public ProcedureResult runWithTrace(String id, String kind, Configuration configuration, Path traceDir) {
        ProcedureDescriptor d = Catalog.load().byId(id).orElseThrow();
        EmbeddedTarget target = new EmbeddedTarget(vertx, Map.of(), Optional.empty(), Duration.ofSeconds(20));
        return new Runner(target, 1, Duration.ofSeconds(60), RunListener.NONE, Optional.of(traceDir))
                .run(List.of(new RunItem(d, configuration, kind)))
                .get(0);
    }

    /** Every configuration of a plain run of {@code id}. */
    public List<ProcedureResult> runAll(String id, String kind, String... deviations) {
        ProcedureDescriptor d = Catalog.load().byId(id).orElseThrow();
        return runner(kind, Optional.empty(), deviations)
                .run(d.plainRun().stream().map(c -> new RunItem(d, c, kind)).toList());
    }

    private Runner runner(String kind, Optional<SwitchOptions> options, String... deviations) {
        EmbeddedTarget target =
                new EmbeddedTarget(vertx, Map.of(kind, List.of(deviations)), options, Duration.ofSeconds(20));
        return new Runner(target, 4, Duration.ofSeconds(60), RunListener.NONE, Optional.empty());
    }

    @Override
    public void close() {
        vertx.close().await();
    }
}
