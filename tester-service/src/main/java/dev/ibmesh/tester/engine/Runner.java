package dev.ibmesh.tester.engine;

import dev.ibmesh.tester.bench.Bench;
import dev.ibmesh.tester.bench.BenchException;
import dev.ibmesh.tester.bench.Trace;
import dev.ibmesh.text.FrameDescriber;
import dev.ibmesh.text.FrameDescription;
import dev.ibmesh.trace.Direction;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs procedure runs, up to {@code parallel} at a time, each on a bench of its own, and turns how each ended into
 * its verdict. A run that takes longer than the limit is stopped (its bench closed, its thread interrupted) and is an
 * ERROR. Every frame of the tester's port goes to the step log of the step it happened in and, with a trace
 * directory, to a pcap file named after the run.
 */
public final class Runner {
    private final BenchFactory benches;
    private final int parallel;
    private final Duration limit;
    private final RunListener listener;
    private final Optional<Path> traceDir;

    public Runner(BenchFactory benches, int parallel, Duration limit, RunListener listener, Optional<Path> traceDir) {
        if (parallel < 1) {
            throw new IllegalArgumentException("parallel must be at least 1, was " + parallel);
        }
        this.benches = benches;
        this.parallel = parallel;
        this.limit = limit;
        this.listener = listener;
        this.traceDir = traceDir;
    }

    /** Runs every item; the results come back in the items' order. */
    public List<ProcedureResult> run(List<RunItem> items) {
        long start = System.nanoTime();
        listener.runStarted(items.size());
        ExecutorService workers = Executors.newFixedThreadPool(parallel, r -> {
            Thread t = new Thread(r, "tester-run");
            t.setDaemon(true);
            return t;
        });
        ScheduledExecutorService watchdog = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "tester-watchdog");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<ProcedureResult>> futures = new ArrayList<>();
            for (RunItem item : items) {
                futures.add(workers.submit(() -> runOne(item, watchdog)));
            }
            List<ProcedureResult> results = new ArrayList<>();
            for (Future<ProcedureResult> f : futures) {
                results.add(f.get());
            }
            listener.runFinished(results, Duration.ofNanos(System.nanoTime() - start));
            return results;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("the test run was interrupted", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("the tester failed: " + e.getCause(), e.getCause());
        } finally {
            workers.shutdownNow();
            watchdog.shutdownNow();
        }
    }

    private ProcedureResult runOne(RunItem item, ScheduledExecutorService watchdog) {
        listener.itemStarted(item);
        long start = System.nanoTime();
        Trace trace = new Trace("tester", false);
        StepLog log = new StepLog(trace::now, new StepLog.Listener() {
            @Override
            public void step(Step step) {
                listener.step(item, step);
            }

            @Override
            public void event(Step step, LogEvent event) {
                listener.event(item, step, event);
            }
        });
        trace.listen((index, frame) -> {
            FrameDescription text = describe(frame);
            log.add(
                    frame.direction() == Direction.TX ? LogEvent.Type.SENT : LogEvent.Type.RECEIVED,
                    text.summary() + marks(text),
                    index,
                    text.details());
        });
        Verdict verdict;
        String benchLine;
        Bench bench = null;
        try {
            bench = benches.create(item, trace);
            benchLine = bench.description();
            verdict = runOn(bench, item, log, watchdog);
        } catch (BenchException e) {
            benchLine = "no bench: " + e.getMessage();
            log.note("the bench could not be set up: " + e.getMessage());
            verdict = Verdict.error(0, "the bench could not be set up: " + e.getMessage());
        } finally {
            if (bench != null) {
                bench.close();
            }
        }
        Optional<Path> file = writeTrace(item, trace, log);
        ProcedureResult result = new ProcedureResult(
                item,
                verdict,
                log.steps(),
                trace.frames(),
                Duration.ofNanos(System.nanoTime() - start),
                benchLine,
                file);
        listener.itemFinished(result);
        return result;
    }

    private Verdict runOn(Bench bench, RunItem item, StepLog log, ScheduledExecutorService watchdog) {
        ProcedureDescriptor d = item.procedure();
        ProcedureContext ctx = new ProcedureContext(d, item.configuration(), bench, log);
        // The bench read the DUT's NodeInfo through the link: from here on its silence is its own doing.
        ctx.dutAnswered();
        Optional<Verdict> unqualified = qualification(d, bench);
        if (unqualified.isPresent()) {
            log.note(unqualified.get().reason());
            return unqualified.get();
        }
        Procedure procedure;
        try {
            procedure = d.type().getDeclaredConstructor().newInstance();
        } catch (InstantiationException
                | IllegalAccessException
                | NoSuchMethodException
                | InvocationTargetException e) {
            return Verdict.error(0, d.type().getName() + " cannot be created: " + e);
        }
        Thread worker = Thread.currentThread();
        Bench closing = bench;
        // Set before the bench closes and the worker is interrupted: what the interrupt makes fail must see it (the
        // watchdog's future is done only once the task has returned).
        AtomicBoolean timeUp = new AtomicBoolean();
        ScheduledFuture<?> timeout = watchdog.schedule(
                () -> {
                    timeUp.set(true);
                    log.note("the run took longer than " + limit.toSeconds() + " s: stopping it");
                    try {
                        closing.close();
                    } finally {
                        worker.interrupt(); // also when closing failed (a tester loop that no longer answers)
                    }
                },
                limit.toMillis(),
                TimeUnit.MILLISECONDS);
        try {
            procedure.attach(ctx);
            procedure.initialize();
            procedure.execute();
            return Verdict.pass();
        } catch (CheckFailed e) {
            return e.verdict();
        } catch (NotApplicable e) {
            return Verdict.notApplicable(ctx.currentStep(), e.getMessage());
        } catch (DutSilent e) {
            return ctx.dutReached()
                    ? Verdict.fail(ctx.currentStep(), e.assertions(), e.expected(), "none", "the DUT's answer")
                    : Verdict.error(ctx.currentStep(), "the DUT was never reached: " + e.getMessage());
        } catch (Exception e) {
            if (Thread.interrupted() || timeUp.get()) {
                return Verdict.error(ctx.currentStep(), "the run did not finish within " + limit.toSeconds() + " s");
            }
            log.note("tester error: " + e);
            return Verdict.error(ctx.currentStep(), describe(e));
        } finally {
            // Cleanup is part of the run: a DUT that stopped answering must not hold it past the limit either.
            Thread.interrupted();
            try {
                procedure.cleanup();
            } catch (Exception e) {
                log.note("cleanup failed" + (timeUp.get() ? " (the run's time was up)" : "") + ": " + e);
            } finally {
                timeout.cancel(false);
                Thread.interrupted();
            }
        }
    }

    /** NOT_APPLICABLE before the procedure starts: the DUT is of another kind, or the role needs what is missing. */
    private static Optional<Verdict> qualification(ProcedureDescriptor d, Bench bench) {
        String kind = bench.link().dutIsSwitch() ? "switch" : "hca";
        if (!d.cts().dut().accepts(kind)) {
            return Optional.of(
                    Verdict.notApplicable(0, "applies to DUT=" + d.cts().dut().label() + "; the DUT is a " + kind));
        }
        if (d.cts().tester().needsRawPort() && bench.exerciser().isEmpty()) {
            return Optional.of(Verdict.notApplicable(
                    0,
                    "the " + d.cts().tester().label() + " needs raw packets on the tester's port; this backend"
                            + " carries only MADs"));
        }
        return Optional.empty();
    }

    private Optional<Path> writeTrace(RunItem item, Trace trace, StepLog log) {
        if (traceDir.isEmpty()) {
            return Optional.empty();
        }
        Path file = traceDir.get().resolve(item.fileName() + ".pcap");
        try {
            Files.createDirectories(traceDir.get());
            trace.write(file);
            return Optional.of(file);
        } catch (IOException e) {
            log.note("the trace could not be written to " + file + ": " + e.getMessage());
            return Optional.empty();
        }
    }

    private static FrameDescription describe(Trace.Frame f) {
        return f.link() ? FrameDescriber.linkPacket(f.bytes()) : FrameDescriber.dataPacket(f.bytes());
    }

    private static String marks(FrameDescription d) {
        StringBuilder s = new StringBuilder();
        d.defects().forEach(x -> s.append(" [").append(x.mark()).append(']'));
        return s.toString();
    }

    private static String describe(Exception e) {
        String m = e.getMessage();
        return e.getClass().getSimpleName() + (m == null ? "" : ": " + m);
    }
}
