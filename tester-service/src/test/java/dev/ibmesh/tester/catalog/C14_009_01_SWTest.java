package dev.ibmesh.tester.catalog;

import static dev.ibmesh.tester.catalog.Verdicts.assertFail;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ibmesh.tester.engine.ProcedureResult;
import dev.ibmesh.tester.engine.Verdict;
import org.junit.jupiter.api.Test;

class C14_009_01_SWTest extends ProofFixture {
    @Test
    void passesOnTheCompliantSwitch() {
        ProcedureResult r = proof.run("C14_009_01_SW", "switch");
        assertEquals(Verdict.Kind.PASS, r.verdict().kind(), () -> r.verdict().describe() + "\n" + r.steps());
    }

    @Test
    void failsAtStep2WhenTheSwitchLeavesNoReturnPath() {
        ProcedureResult r = proof.run("C14_009_01_SW", "switch", "no-dr-return-path");
        assertFail(r, 2, "v1c14-009#01, v1c14-013#01", null, "none");
    }

    @Test
    void isNotApplicableToAnHca() {
        ProcedureResult r = proof.run("C14_009_01_SW", "hca");
        assertEquals(
                Verdict.Kind.NOT_APPLICABLE, r.verdict().kind(), r.verdict().describe());
    }
}
