package dev.ibmesh.tester.engine;

import dev.ibmesh.tester.bench.Bench;
import dev.ibmesh.tester.bench.Trace;

/** Makes the bench a procedure run needs: an embedded SimpleLink, or the tester's port on a running fabric. */
@FunctionalInterface
public interface BenchFactory {
    /**
     * A bench for {@code item}, recording into {@code trace}.
     *
     * @throws dev.ibmesh.tester.bench.BenchException when it cannot be set up (the run's verdict is ERROR)
     */
    Bench create(RunItem item, Trace trace);
}
