package dev.ibmesh.tester.service;

import dev.ibmesh.tester.engine.ProcedureResult;
import dev.ibmesh.tester.engine.Verdict;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** A run that has ended: every procedure run's result, in the order they ran, and the run's wall time. */
record FinishedRun(RunRecord run, List<ProcedureResult> results, Duration wallTime) {
    FinishedRun {
        results = List.copyOf(results);
    }

    long count(Verdict.Kind kind) {
        return results.stream().filter(r -> r.verdict().kind() == kind).count();
    }

    /** The result of the procedure run named {@code name} ({@code RunItem.fileName()}). */
    Optional<ProcedureResult> procedureRun(String name) {
        return results.stream().filter(r -> r.item().fileName().equals(name)).findFirst();
    }
}
