package dev.ibmesh.tester.report;

import dev.ibmesh.tester.engine.ProcedureResult;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;

/**
 * Where a run's pcap file is, as a report file refers to it: relative (with {@code /}) when it lies inside the
 * report directory, as it does when the runner wrote it into {@code traces/}, so the directory can be moved or
 * archived whole; absolute otherwise.
 */
final class TracePaths {
    private TracePaths() {}

    /** The trace of {@code r} as seen from {@code fromDir}, a directory inside the report directory {@code root}. */
    static Optional<String> of(ProcedureResult r, Path root, Path fromDir) {
        return r.traceFile().map(file -> {
            Path target = file.toAbsolutePath().normalize();
            Path base = root.toAbsolutePath().normalize();
            if (!target.startsWith(base)) {
                return target.toString();
            }
            Path relative = fromDir.toAbsolutePath().normalize().relativize(target);
            return StreamSupport.stream(relative.spliterator(), false)
                    .map(Path::toString)
                    .collect(Collectors.joining("/"));
        });
    }
}
