package dev.ibmesh.tester.report;

import dev.ibmesh.tester.bench.Trace;
import dev.ibmesh.tester.engine.Configuration;
import dev.ibmesh.tester.engine.LogEvent;
import dev.ibmesh.tester.engine.ProcedureDescriptor;
import dev.ibmesh.tester.engine.ProcedureResult;
import dev.ibmesh.tester.engine.RunItem;
import dev.ibmesh.tester.engine.Speed;
import dev.ibmesh.tester.engine.Step;
import dev.ibmesh.tester.engine.StepLog;
import dev.ibmesh.tester.engine.Verdict;
import dev.ibmesh.tester.engine.Width;
import dev.ibmesh.trace.Direction;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/** Results made by hand, for the verdicts and texts a compliant or deviating DUT does not give on demand. */
final class SyntheticResults {
    static final ProcedureDescriptor PROCEDURE = ProcedureDescriptor.of(C99_001_01.class);
    static final String NASTY = "a < b && c > d \"q\" 'a'";

    private SyntheticResults() {}

    static RunItem item(Width width, Speed speed) {
        return new RunItem(PROCEDURE, new Configuration(width, speed, Map.of()), "switch");
    }

    /** A NOT_APPLICABLE result at step 2 with markup in its reason, its steps and its frames. */
    static ProcedureResult notApplicable(Optional<Path> trace) {
        return new ProcedureResult(
                item(Width.X4, Speed.QDR),
                Verdict.notApplicable(2, "EnhancedPort0 = 0 < 1 & " + NASTY),
                steps(),
                frames(),
                Duration.ofMillis(12),
                "embedded <switch> & tester",
                trace);
    }

    /** An ERROR result without a bench, steps beyond the initialization, frames or trace. */
    static ProcedureResult error() {
        StepLog log = new StepLog(new AtomicLong()::incrementAndGet, NO_LISTENER);
        log.note("the bench could not be set up: link <down> & out");
        return new ProcedureResult(
                item(Width.X1, Speed.SDR),
                Verdict.error(0, "the bench could not be set up: link <down> & out"),
                log.steps(),
                List.of(),
                Duration.ofMillis(3),
                "no bench: link <down> & out",
                Optional.empty());
    }

    /** Any verdict on the default configuration, with the synthetic steps and frames. */
    static ProcedureResult withVerdict(Verdict v, Width width, Speed speed) {
        return new ProcedureResult(
                item(width, speed), v, steps(), frames(), Duration.ofMillis(250), "bench", Optional.empty());
    }

    /** Step 0 with a note, step 1 with a frame each way and a check, step 2 with a note; times 1 ms apart. */
    static List<Step> steps() {
        AtomicLong nanos = new AtomicLong();
        StepLog log = new StepLog(() -> nanos.addAndGet(1_000_000), NO_LISTENER);
        log.note("initialized <ok> & ready");
        log.begin(1, "SendMad (SubnGet(PortInfo)) where <x> & y");
        log.add(LogEvent.Type.SENT, "SubnGet(PortInfo) <mod=0> & " + NASTY, 0, List.of("Base < 1", "Class & 2"));
        log.add(LogEvent.Type.RECEIVED, "SubnGetResp(PortInfo) status <0>", 1, List.of());
        log.add(LogEvent.Type.CHECK_PASSED, "[v1c99-001#01<&>] Status: expected 0, was 0", -1, List.of());
        log.begin(2, "Verify <EnhancedPort0> & stop");
        log.note("not applicable: EnhancedPort0 = 0 < 1");
        return log.steps();
    }

    static List<Trace.Frame> frames() {
        return List.of(
                new Trace.Frame(0, 2_000_000, Direction.TX, false, new byte[] {1, 2}),
                new Trace.Frame(1, 3_000_000, Direction.RX, false, new byte[] {3, 4}));
    }

    private static final StepLog.Listener NO_LISTENER = new StepLog.Listener() {
        @Override
        public void step(Step step) {}

        @Override
        public void event(Step step, LogEvent event) {}
    };
}
