package dev.ibmesh.tester.catalog;

import static dev.ibmesh.tester.catalog.Verdicts.assertFail;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ibmesh.tester.engine.ProcedureResult;
import dev.ibmesh.tester.engine.Verdict;
import org.junit.jupiter.api.Test;

class C16_901_01Test extends ProofFixture {
    @Test
    void passesOnTheCompliantSwitch() {
        ProcedureResult r = proof.run("C16_901_01", "switch");
        assertEquals(Verdict.Kind.PASS, r.verdict().kind(), () -> r.verdict().describe() + "\n" + r.steps());
    }

    @Test
    void failsAtStep5WhenTheCountersWrap() {
        ProcedureResult r = proof.run("C16_901_01", "switch", "pma-counters-wrap");
        assertFail(r, 5, "v1c16-901#02", "15", "1");
    }
}
