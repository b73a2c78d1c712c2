package dev.ibmesh.tester.catalog;

import static dev.ibmesh.tester.catalog.Verdicts.assertFail;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ibmesh.tester.engine.ProcedureResult;
import dev.ibmesh.tester.engine.Verdict;
import org.junit.jupiter.api.Test;

class C14_902_01Test extends ProofFixture {
    @Test
    void passesOnTheCompliantSwitch() {
        ProcedureResult r = proof.run("C14_902_01", "switch");
        assertEquals(Verdict.Kind.PASS, r.verdict().kind(), () -> r.verdict().describe() + "\n" + r.steps());
    }

    @Test
    void passesOnTheCompliantHca() {
        ProcedureResult r = proof.run("C14_902_01", "hca");
        assertEquals(Verdict.Kind.PASS, r.verdict().kind(), () -> r.verdict().describe() + "\n" + r.steps());
    }

    @Test
    void failsAtStep2WhenTheSwitchTakesAGmpWithAWrongQKey() {
        ProcedureResult r = proof.run("C14_902_01", "switch", "ignore-gsi-keys");
        assertFail(r, 2, "v1c14-902#01", null, null);
    }
}
