package dev.ibmesh.tester.engine;

import dev.ibmesh.tester.bench.Trace;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * How one procedure run ended, with its evidence: every step and event, the frames, and where the trace file went.
 *
 * @param bench what it ran against (one line), or why no bench could be made
 */
public record ProcedureResult(
        RunItem item,
        Verdict verdict,
        List<Step> steps,
        List<Trace.Frame> frames,
        Duration duration,
        String bench,
        Optional<Path> traceFile) {
    public ProcedureResult {
        steps = List.copyOf(steps);
        frames = List.copyOf(frames);
    }
}
