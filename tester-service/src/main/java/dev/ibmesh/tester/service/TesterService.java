package dev.ibmesh.tester.service;

import com.google.protobuf.ByteString;
import dev.ibmesh.proto.tester.v1.GetReportRequest;
import dev.ibmesh.proto.tester.v1.GetReportResponse;
import dev.ibmesh.proto.tester.v1.GetTraceRequest;
import dev.ibmesh.proto.tester.v1.GetTraceResponse;
import dev.ibmesh.proto.tester.v1.ListProceduresRequest;
import dev.ibmesh.proto.tester.v1.ListProceduresResponse;
import dev.ibmesh.proto.tester.v1.RunEvent;
import dev.ibmesh.proto.tester.v1.RunRequest;
import dev.ibmesh.proto.tester.v1.TesterGrpc;
import dev.ibmesh.tester.engine.Catalog;
import dev.ibmesh.tester.engine.ProcedureResult;
import dev.ibmesh.tester.engine.Runner;
import dev.ibmesh.tester.engine.Verdict;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The tester service ({@code ibmesh.tester.v1.Tester}) of one tester device: it lists the catalog, runs procedures
 * against the DUTs cabled to the tester (as {@code ibmesh test --topology} does: the DUT at the other end of a tester
 * port, the procedures of its kind, one after the other), one run at a time ({@link Runs}), and serves the finished
 * runs' reports and traces.
 *
 * <p>Threading: calls come on the tester device's event loop (its gRPC server's executor), which must not block: a
 * run goes to a thread of its own, and files are read on the common pool. A run's events reach its stream from that
 * thread and from the device's loop (the packets of a step), one at a time ({@link EventStream}).
 */
final class TesterService extends TesterGrpc.TesterImplBase {
    private static final Logger LOG = LoggerFactory.getLogger(TesterService.class);

    private final Catalog catalog;
    private final List<DutTarget> duts;
    private final RunRequests requests;
    private final Runs runs;
    private final TesterMetrics metrics;
    private final Duration limit;

    /**
     * @param limit the longest a procedure run may take before it is stopped as an ERROR
     */
    TesterService(
            String tester, Catalog catalog, List<DutTarget> duts, Runs runs, TesterMetrics metrics, Duration limit) {
        this.catalog = catalog;
        this.duts = List.copyOf(duts);
        this.requests = new RunRequests(tester, catalog, duts);
        this.runs = runs;
        this.metrics = metrics;
        this.limit = limit;
    }

    @Override
    public void listProcedures(ListProceduresRequest r, StreamObserver<ListProceduresResponse> out) {
        ListProceduresResponse.Builder b = ListProceduresResponse.newBuilder().addAllSuites(catalog.suites());
        catalog.all().forEach(d -> b.addProcedures(Messages.procedure(d)));
        duts.forEach(d -> b.addDuts(Messages.dut(d.cable())));
        out.onNext(b.build());
        out.onCompleted();
    }

    @Override
    public void run(RunRequest r, StreamObserver<RunEvent> out) {
        EventStream events = new EventStream(out);
        RunRequests.Planned planned;
        RunRecord run;
        try {
            planned = requests.plan(r);
            run = runs.begin(planned.dut().name());
        } catch (StatusRuntimeException e) {
            events.fail(e);
            return;
        }
        Thread t = new Thread(() -> execute(run, planned, events), "tester-run-" + run.id());
        t.setDaemon(true);
        t.start();
    }

    /**
     * Makes the run's procedure runs, one after the other, on the run's own thread. The meters and the run's state
     * are up to date before its stream hears of each verdict and of the run's end, so a client that has seen
     * RunFinished finds them so.
     */
    private void execute(RunRecord run, RunRequests.Planned planned, EventStream events) {
        FinishedRun done;
        metrics.runBegan();
        LOG.info(
                "tester: run {} against {}: {} procedure run(s)",
                run.id(),
                run.dut(),
                planned.items().size());
        try {
            Runner runner = new Runner(
                    planned.dut().target().forOneRun(),
                    1,
                    limit,
                    RunListeners.of(metrics, new RunEvents(run, events)),
                    Optional.of(run.reports().traces()));
            long start = System.nanoTime();
            List<ProcedureResult> results = runner.run(planned.items());
            done = new FinishedRun(run, results, Duration.ofNanos(System.nanoTime() - start));
        } catch (RuntimeException e) {
            LOG.error("tester: run {} failed", run.id(), e);
            runs.abandon(run);
            events.fail(Status.INTERNAL
                    .withDescription("the tester failed during run " + run.id() + ": " + e)
                    .asRuntimeException());
            return;
        } finally {
            metrics.runEnded();
        }
        try {
            run.reports().write(done.results(), done.wallTime(), Instant.now());
        } catch (IOException e) {
            // The verdicts stand, and GetReport says it cannot read the report.
            LOG.warn("tester: the reports of run {} could not be written: {}", run.id(), e.toString());
        }
        LOG.info(
                "tester: run {} finished in {} ms: {} PASS, {} FAIL, {} NOT_APPLICABLE, {} ERROR; reports in {}",
                run.id(),
                done.wallTime().toMillis(),
                done.count(Verdict.Kind.PASS),
                done.count(Verdict.Kind.FAIL),
                done.count(Verdict.Kind.NOT_APPLICABLE),
                done.count(Verdict.Kind.ERROR),
                run.dir().toAbsolutePath());
        runs.finish(done);
        events.send(Messages.runFinished(done));
        events.complete();
    }

    @Override
    public void getReport(GetReportRequest r, StreamObserver<GetReportResponse> out) {
        FinishedRun done;
        ReportFile file;
        try {
            done = runs.finished(r.getRunId());
            file = ReportFile.of(r.getFormat());
        } catch (StatusRuntimeException e) {
            out.onError(e);
            return;
        }
        read(
                done.run().dir().resolve(file.name()),
                "the " + file.name() + " of run " + done.run().id(),
                out,
                bytes -> GetReportResponse.newBuilder()
                        .setContent(bytes)
                        .setContentType(file.contentType())
                        .setFileName(file.name())
                        .build());
    }

    @Override
    public void getTrace(GetTraceRequest r, StreamObserver<GetTraceResponse> out) {
        Path file;
        try {
            FinishedRun done = runs.finished(r.getRunId());
            ProcedureResult result = done.procedureRun(r.getProcedureRun())
                    .orElseThrow(() -> TesterErrors.notFound(
                            "procedure_run: run " + done.run().id() + " has no '"
                                    + r.getProcedureRun() + "'; its procedure runs: "
                                    + done.results().stream()
                                            .map(p -> p.item().fileName())
                                            .collect(Collectors.joining(", "))));
            file = result.traceFile()
                    .orElseThrow(() -> TesterErrors.notFound("procedure_run: the trace of " + r.getProcedureRun()
                            + " could not be written (its step log says why)"));
        } catch (StatusRuntimeException e) {
            out.onError(e);
            return;
        }
        read(
                file,
                "the trace " + file.getFileName(),
                out,
                bytes -> GetTraceResponse.newBuilder()
                        .setPcap(bytes)
                        .setFileName(file.getFileName().toString())
                        .build());
    }

    /** Reads {@code file} off the event loop and answers what {@code answer} makes of its bytes. */
    private static <T> void read(Path file, String what, StreamObserver<T> out, Function<ByteString, T> answer) {
        CompletableFuture.supplyAsync(() -> {
                    try {
                        return ByteString.copyFrom(Files.readAllBytes(file));
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                })
                .whenComplete((bytes, failure) -> {
                    if (failure != null) {
                        Throwable cause = failure;
                        while (cause.getCause() != null) {
                            cause = cause.getCause();
                        }
                        out.onError(Status.INTERNAL
                                .withDescription("cannot read " + what + ": " + cause)
                                .asRuntimeException());
                    } else {
                        out.onNext(answer.apply(bytes));
                        out.onCompleted();
                    }
                });
    }
}
