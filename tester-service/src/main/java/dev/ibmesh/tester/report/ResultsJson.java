package dev.ibmesh.tester.report;

import dev.ibmesh.tester.engine.Configuration;
import dev.ibmesh.tester.engine.Cts;
import dev.ibmesh.tester.engine.LogEvent;
import dev.ibmesh.tester.engine.ProcedureResult;
import dev.ibmesh.tester.engine.Step;
import dev.ibmesh.tester.engine.Verdict;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.TreeMap;

/**
 * {@code results.json}: the whole run for programs. Every result in catalog order with its procedure's descriptor,
 * configuration, DUT kind, verdict, duration, trace file and the steps with their events. Times are integer
 * nanoseconds (durations, and event times since the run began, on the trace's clock); {@code frame} is the event's
 * record index in the trace, from 0 (Wireshark's frame number is one more), or -1.
 */
final class ResultsJson {
    private ResultsJson() {}

    static JsonObject render(List<ProcedureResult> unordered, Duration wallTime, Instant finished, Path root) {
        List<ProcedureResult> results = ResultOrder.sorted(unordered);
        Tally.Counts all = Tally.of(results).all();
        JsonObject counts = new JsonObject();
        for (Verdict.Kind k : Verdict.Kind.values()) {
            counts.put(k.name(), all.get(k));
        }
        JsonArray items = new JsonArray();
        results.forEach(r -> items.add(result(r, root)));
        return new JsonObject()
                .put("finished", finished.toString())
                .put("wallTimeNanos", wallTime.toNanos())
                .put("counts", counts)
                .put("results", items);
    }

    private static JsonObject result(ProcedureResult r, Path root) {
        Cts cts = r.item().procedure().cts();
        return new JsonObject()
                .put("id", cts.id())
                .put("section", cts.section())
                .put("title", cts.title())
                .put("coverage", new JsonArray(List.of(cts.coverage())))
                .put("assertions", new JsonArray(List.of(cts.assertions())))
                .put("topology", r.item().procedure().topology())
                .put("suites", new JsonArray(List.copyOf(r.item().procedure().suites())))
                .put("configuration", configuration(r.item().configuration()))
                .put("dutKind", r.item().dutKind())
                .put("bench", r.bench())
                .put("verdict", verdict(r.verdict()))
                .put("durationNanos", r.duration().toNanos())
                .put("trace", TracePaths.of(r, root, root).orElse(null))
                .put("frames", r.frames().size())
                .put("steps", steps(r.steps()));
    }

    private static JsonObject configuration(Configuration c) {
        JsonObject params = new JsonObject();
        new TreeMap<>(c.params()).forEach((name, value) -> params.put(name, value));
        return new JsonObject()
                .put("label", c.label())
                .put("width", c.width().label())
                .put("speed", c.speed().name())
                .put("params", params);
    }

    private static JsonObject verdict(Verdict v) {
        return new JsonObject()
                .put("kind", v.kind().name())
                .put("step", v.step())
                .put("assertion", v.assertion())
                .put("expected", v.expected())
                .put("actual", v.actual())
                .put("reason", v.reason());
    }

    private static JsonArray steps(List<Step> steps) {
        JsonArray out = new JsonArray();
        for (Step s : steps) {
            JsonArray events = new JsonArray();
            for (LogEvent e : s.events()) {
                events.add(new JsonObject()
                        .put("type", e.type().name())
                        .put("nanos", e.nanos())
                        .put("text", e.text())
                        .put("frame", e.frame())
                        .put("details", new JsonArray(List.copyOf(e.details()))));
            }
            out.add(new JsonObject()
                    .put("number", s.number())
                    .put("text", s.text())
                    .put("startNanos", s.startNanos())
                    .put("events", events));
        }
        return out;
    }
}
