package dev.ibmesh.tester.service;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The runs of one tester: the one in progress, and the last {@link #KEEP} finished ones. One run at a time: the DUTs
 * are shared devices whose state a procedure changes, so a second Run while one runs is refused
 * (FAILED_PRECONDITION) rather than queued: a queued stream would sit silent for as long as the first run lasts.
 * Each run gets a directory of its own under the runs directory, named by its id.
 *
 * <p>Thread-safe: gRPC calls come on the tester device's event loop, runs end on their own thread.
 */
final class Runs {
    /** How many finished runs the service answers GetReport and GetTrace for. */
    static final int KEEP = 16;

    private static final DateTimeFormatter ID_TIME =
            DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);

    private final Path root;
    private final Map<String, FinishedRun> finished = new LinkedHashMap<>();
    private RunRecord active;
    private int sequence;

    Runs(Path root) {
        this.root = root;
    }

    /**
     * Starts a run against {@code dut}.
     *
     * @throws io.grpc.StatusRuntimeException FAILED_PRECONDITION while another run is in progress
     */
    synchronized RunRecord begin(String dut) {
        if (active != null) {
            long seconds = Duration.between(active.started(), Instant.now()).toSeconds();
            throw TesterErrors.busy("run " + active.id() + " against " + active.dut() + " is in progress (for "
                    + seconds + " s): the tester makes one run at a time, its DUTs are shared. Run again once that"
                    + " run's RunFinished has come");
        }
        Instant now = Instant.now();
        String id;
        do {
            id = ID_TIME.format(now) + "-" + ++sequence;
        } while (Files.exists(root.resolve(id)));
        active = new RunRecord(id, dut, root.resolve(id), now);
        return active;
    }

    /** The run in progress has ended with these results; the oldest finished run beyond {@link #KEEP} is dropped. */
    synchronized void finish(FinishedRun done) {
        finished.put(done.run().id(), done);
        if (finished.size() > KEEP) {
            finished.remove(finished.keySet().iterator().next());
        }
        active = null;
    }

    /** The run in progress ended without results (the tester itself failed). */
    synchronized void abandon(RunRecord run) {
        if (active == run) {
            active = null;
        }
    }

    /**
     * The finished run {@code id}.
     *
     * @throws io.grpc.StatusRuntimeException INVALID_ARGUMENT for an empty id, FAILED_PRECONDITION while it still
     *                                        runs, NOT_FOUND for an id this tester does not know (any more)
     */
    synchronized FinishedRun finished(String id) {
        if (id.isBlank()) {
            throw TesterErrors.invalid("run_id: empty; give the run_id of a Run's RunStarted or RunFinished event");
        }
        if (active != null && active.id().equals(id)) {
            throw TesterErrors.busy("run_id: run " + id + " is still running; its reports and traces are there once"
                    + " its RunFinished has come");
        }
        FinishedRun run = finished.get(id);
        if (run == null) {
            List<String> known = new ArrayList<>(finished.keySet());
            throw TesterErrors.notFound("run_id: no run '" + id + "' on this tester, which keeps the last " + KEEP
                    + " runs: " + (known.isEmpty() ? "none yet" : String.join(", ", known)));
        }
        return run;
    }
}
