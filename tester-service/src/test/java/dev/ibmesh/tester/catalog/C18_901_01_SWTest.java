package dev.ibmesh.tester.catalog;

import static dev.ibmesh.tester.catalog.Verdicts.assertFail;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ibmesh.tester.engine.ProcedureResult;
import dev.ibmesh.tester.engine.Verdict;
import org.junit.jupiter.api.Test;

class C18_901_01_SWTest extends ProofFixture {
    @Test
    void passesOnTheCompliantSwitch() {
        ProcedureResult r = proof.run("C18_901_01_SW", "switch");
        assertEquals(Verdict.Kind.PASS, r.verdict().kind(), () -> r.verdict().describe() + "\n" + r.steps());
    }

    @Test
    void failsAtStep7WhenTheSwitchRelaysAboveLinearFdbTop() {
        ProcedureResult r = proof.run("C18_901_01_SW", "switch", "forward-beyond-lft-top");
        assertFail(r, 7, "v1c18-901#02", null, null);
    }
}
