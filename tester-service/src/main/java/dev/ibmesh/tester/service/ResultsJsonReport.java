package dev.ibmesh.tester.service;

import dev.ibmesh.proto.tester.v1.ReportFormat;
import dev.ibmesh.tester.engine.LogEvent;
import dev.ibmesh.tester.engine.ProcedureResult;
import dev.ibmesh.tester.engine.Step;
import dev.ibmesh.tester.engine.Verdict;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Map;

/**
 * {@code results.json} alone: every procedure run of a run with its verdict and step log, and where its trace is.
 * Times are integer nanoseconds (event times since the procedure run began, on its trace's clock). Stands in until
 * the report package's writers land (see {@link RunReports}).
 */
final class ResultsJsonReport implements RunReports {
    static final String FILE = "results.json";

    @Override
    public void write(FinishedRun done) throws IOException {
        JsonObject counts = new JsonObject();
        for (Verdict.Kind k : Verdict.Kind.values()) {
            counts.put(k.name(), done.count(k));
        }
        JsonArray results = new JsonArray();
        done.results().forEach(r -> results.add(result(r, done)));
        JsonObject doc = new JsonObject()
                .put("runId", done.run().id())
                .put("dut", done.run().dut())
                .put("started", done.run().started().toString())
                .put("wallTimeNanos", done.wallTime().toNanos())
                .put("counts", counts)
                .put("results", results);
        Files.createDirectories(done.run().dir());
        // getBytes, not writeString: a lone surrogate (a DUT's bytes shown as text) becomes '?' instead of failing.
        Files.write(done.run().dir().resolve(FILE), doc.encodePrettily().getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public Map<ReportFormat, String> files() {
        return Map.of(ReportFormat.REPORT_JSON, FILE);
    }

    private static JsonObject result(ProcedureResult r, FinishedRun done) {
        Verdict v = r.verdict();
        JsonArray steps = new JsonArray();
        r.steps().forEach(s -> steps.add(step(s)));
        return new JsonObject()
                .put("procedureRun", r.item().fileName())
                .put("id", r.item().procedure().id())
                .put("title", r.item().procedure().cts().title())
                .put("configuration", r.item().configuration().label())
                .put("dutKind", r.item().dutKind())
                .put("bench", r.bench())
                .put(
                        "verdict",
                        new JsonObject()
                                .put("kind", v.kind().name())
                                .put("step", v.step())
                                .put("assertion", v.assertion())
                                .put("expected", v.expected())
                                .put("actual", v.actual())
                                .put("reason", v.reason()))
                .put("durationNanos", r.duration().toNanos())
                .put(
                        "trace",
                        r.traceFile()
                                .map(f -> done.run().dir().relativize(f).toString())
                                .orElse(null))
                .put("frames", r.frames().size())
                .put("steps", steps);
    }

    private static JsonObject step(Step s) {
        JsonArray events = new JsonArray();
        for (LogEvent e : s.events()) {
            events.add(new JsonObject()
                    .put("type", e.type().name())
                    .put("nanos", e.nanos())
                    .put("text", e.text())
                    .put("frame", e.frame()));
        }
        return new JsonObject()
                .put("number", s.number())
                .put("text", s.text())
                .put("startNanos", s.startNanos())
                .put("events", events);
    }
}
