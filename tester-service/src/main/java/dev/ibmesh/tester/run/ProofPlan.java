package dev.ibmesh.tester.run;

import dev.ibmesh.tester.engine.ProcedureDescriptor;
import dev.ibmesh.tester.engine.RunItem;
import dev.ibmesh.tester.engine.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What {@code ibmesh test --prove} runs: each selected procedure in its default configuration against the compliant
 * DUT of each kind it applies to, and against the DUT started with each deviation of its {@code provenBy}. A
 * procedure counts only when both sides go as intended (IBA conformance testing is worth what its FAILs are worth).
 */
public final class ProofPlan {
    /**
     * One run of the proof.
     *
     * @param deviation the deviation the DUT starts with; empty for the compliant DUT
     */
    public record ProofCase(RunItem item, Optional<String> deviation) {
        /** What the run must give: FAIL with a deviation; PASS, or NOT_APPLICABLE by design, without. */
        public boolean asIntended(Verdict.Kind kind) {
            return deviation.isPresent()
                    ? kind == Verdict.Kind.FAIL
                    : kind == Verdict.Kind.PASS || kind == Verdict.Kind.NOT_APPLICABLE;
        }
    }

    private final List<ProofCase> cases;

    private ProofPlan(List<ProofCase> cases) {
        this.cases = List.copyOf(cases);
    }

    /**
     * The proof of the procedures {@code plan} selects.
     *
     * @throws UsageException when a procedure names a deviation no DUT kind has (a catalog defect, named)
     */
    public static ProofPlan of(TestPlan plan) {
        List<ProofCase> cases = new ArrayList<>();
        Map<String, RunItem> compliant = new LinkedHashMap<>();
        for (RunItem i : plan.items()) {
            compliant.putIfAbsent(
                    i.procedure().id() + "/" + i.dutKind(),
                    new RunItem(i.procedure(), i.procedure().defaultConfiguration(), i.dutKind()));
        }
        for (RunItem i : compliant.values()) {
            cases.add(new ProofCase(i, Optional.empty()));
        }
        for (RunItem i : compliant.values()) {
            ProcedureDescriptor d = i.procedure();
            for (String deviation : d.cts().provenBy()) {
                List<String> kinds = TestPlan.kindsOf(deviation);
                if (kinds.isEmpty()) {
                    throw new UsageException(d.id() + " is proven by an unknown deviation '" + deviation + "'");
                }
                if (kinds.contains(i.dutKind())) {
                    cases.add(new ProofCase(i, Optional.of(deviation)));
                }
            }
        }
        return new ProofPlan(cases);
    }

    public List<ProofCase> cases() {
        return cases;
    }

    /** The cases by the deviation their DUT starts with (empty: compliant), compliant first: one target each. */
    public Map<Optional<String>, List<ProofCase>> byDeviation() {
        Map<Optional<String>, List<ProofCase>> groups = new LinkedHashMap<>();
        for (ProofCase c : cases) {
            groups.computeIfAbsent(c.deviation(), k -> new ArrayList<>()).add(c);
        }
        return groups;
    }
}
