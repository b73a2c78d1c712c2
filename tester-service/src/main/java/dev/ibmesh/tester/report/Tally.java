package dev.ibmesh.tester.report;

import dev.ibmesh.tester.engine.ProcedureResult;
import dev.ibmesh.tester.engine.Verdict;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Counts of verdicts: in all, per suite and per procedure. A result counts once in each suite its procedure is in. */
final class Tally {
    /** The counts of one row, by verdict kind. */
    static final class Counts {
        private final EnumMap<Verdict.Kind, Integer> byKind = new EnumMap<>(Verdict.Kind.class);

        Counts() {
            for (Verdict.Kind k : Verdict.Kind.values()) {
                byKind.put(k, 0);
            }
        }

        void add(Verdict.Kind kind) {
            byKind.merge(kind, 1, Integer::sum);
        }

        int get(Verdict.Kind kind) {
            return byKind.get(kind);
        }

        int total() {
            return byKind.values().stream().mapToInt(Integer::intValue).sum();
        }
    }

    private final Counts all = new Counts();
    private final Map<String, Counts> bySuite = new TreeMap<>();
    private final Map<String, Counts> byProcedure = new LinkedHashMap<>();

    /** The tally of {@code results}; procedures appear in catalog order. */
    static Tally of(List<ProcedureResult> results) {
        Tally t = new Tally();
        for (ProcedureResult r : ResultOrder.sorted(results)) {
            Verdict.Kind kind = r.verdict().kind();
            t.all.add(kind);
            t.byProcedure
                    .computeIfAbsent(r.item().procedure().id(), id -> new Counts())
                    .add(kind);
            for (String suite : r.item().procedure().suites()) {
                t.bySuite.computeIfAbsent(suite, s -> new Counts()).add(kind);
            }
        }
        return t;
    }

    Counts all() {
        return all;
    }

    /** Suites by name. */
    Map<String, Counts> bySuite() {
        return bySuite;
    }

    /** Procedures in catalog order. */
    Map<String, Counts> byProcedure() {
        return byProcedure;
    }
}
