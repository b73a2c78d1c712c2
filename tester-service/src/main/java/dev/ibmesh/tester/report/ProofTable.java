package dev.ibmesh.tester.report;

import dev.ibmesh.tester.engine.ProcedureResult;
import dev.ibmesh.tester.engine.Verdict;
import dev.ibmesh.tester.run.ProofPlan.ProofCase;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;

/**
 * The table {@code ibmesh test --prove} prints: one row per proof run (a procedure against the compliant DUT, or
 * against the DUT started with one of its deviations), its verdict, and whether that is what the proof needs, then
 * the count of procedures proven both ways.
 */
public final class ProofTable {
    private static final String ROW = "%-20s %-7s %-36s %-15s %s%n";

    private ProofTable() {}

    /** {@code results} are the runs of {@code cases}, in the same order. */
    public static String render(List<ProofCase> cases, List<ProcedureResult> results) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, ROW, "procedure", "DUT", "deviation", "verdict", "as intended"));
        int wrong = 0;
        for (int i = 0; i < cases.size(); i++) {
            ProofCase c = cases.get(i);
            Verdict v = results.get(i).verdict();
            boolean ok = c.asIntended(v.kind());
            wrong += ok ? 0 : 1;
            String detail = ok
                    ? "yes"
                    : "NO: " + expectation(c) + (v.kind() == Verdict.Kind.PASS ? "" : ", " + VerdictText.detail(v));
            out.append(String.format(
                    Locale.ROOT,
                    ROW,
                    c.item().procedure().id(),
                    c.item().dutKind(),
                    c.deviation().orElse("(compliant)"),
                    v.kind() == Verdict.Kind.FAIL
                            ? "FAIL step " + v.step()
                            : v.kind().name(),
                    detail));
        }
        for (String id : unproven(cases, results)) {
            wrong++;
            out.append(String.format(
                    Locale.ROOT, ROW, id, "-", "(no deviation proves it)", "-", "NO: name one in its provenBy"));
        }
        long procedures =
                cases.stream().map(c -> c.item().procedure().id()).distinct().count();
        long withDeviation = cases.stream()
                .filter(c -> c.deviation().isPresent())
                .map(c -> c.item().procedure().id())
                .distinct()
                .count();
        out.append(String.format(
                Locale.ROOT,
                "%n%d procedures, %d of them proven by a deviation; %s%n",
                procedures,
                withDeviation,
                wrong == 0 ? "every run as intended" : wrong + " NOT as intended"));
        return out.toString();
    }

    /** Whether every run went as the proof needs, and every procedure met at least one deviation. */
    public static boolean proven(List<ProofCase> cases, List<ProcedureResult> results) {
        for (int i = 0; i < cases.size(); i++) {
            if (!cases.get(i).asIntended(results.get(i).verdict().kind())) {
                return false;
            }
        }
        return unproven(cases, results).isEmpty();
    }

    /**
     * The procedures no deviation run covers, but for those NOT_APPLICABLE on every compliant DUT here: no emulated
     * device qualifies for them (they test a capability every emulated device has), so nothing here can make them FAIL;
     * they are for foreign DUTs.
     */
    private static List<String> unproven(List<ProofCase> cases, List<ProcedureResult> results) {
        return IntStream.range(0, cases.size())
                .filter(i -> cases.stream()
                        .noneMatch(c -> c.deviation().isPresent()
                                && c.item()
                                        .procedure()
                                        .id()
                                        .equals(cases.get(i).item().procedure().id())))
                .filter(i -> results.get(i).verdict().kind() != Verdict.Kind.NOT_APPLICABLE)
                .mapToObj(i -> cases.get(i).item().procedure().id())
                .distinct()
                .toList();
    }

    private static String expectation(ProofCase c) {
        return c.deviation().isPresent() ? "FAIL expected" : "PASS or NOT_APPLICABLE expected";
    }
}
