package dev.ibmesh.tester.engine;

import java.util.List;

/**
 * Follows a test run as it goes (the console's progress line, the gRPC event stream). Calls come from several
 * threads when procedures run in parallel, and step events from a device's event loop: implementations are
 * thread-safe and must not block.
 */
public interface RunListener {
    default void runStarted(int items) {}

    default void itemStarted(RunItem item) {}

    default void step(RunItem item, Step step) {}

    default void event(RunItem item, Step step, LogEvent event) {}

    default void itemFinished(ProcedureResult result) {}

    default void runFinished(List<ProcedureResult> results, java.time.Duration wallTime) {}

    RunListener NONE = new RunListener() {};
}
