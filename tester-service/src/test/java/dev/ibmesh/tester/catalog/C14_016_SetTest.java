package dev.ibmesh.tester.catalog;

import static dev.ibmesh.tester.catalog.Verdicts.assertFail;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ibmesh.tester.engine.ProcedureResult;
import dev.ibmesh.tester.engine.Verdict;
import org.junit.jupiter.api.Test;

class C14_016_SetTest extends ProofFixture {
    @Test
    void passesOnTheCompliantSwitch() {
        ProcedureResult r = proof.run("C14_016_Set", "switch");
        assertEquals(Verdict.Kind.PASS, r.verdict().kind(), () -> r.verdict().describe() + "\n" + r.steps());
    }

    @Test
    void passesOnTheCompliantHca() {
        ProcedureResult r = proof.run("C14_016_Set", "hca");
        assertEquals(Verdict.Kind.PASS, r.verdict().kind(), () -> r.verdict().describe() + "\n" + r.steps());
    }

    @Test
    void failsAtStep5WhenTheSwitchAnswersASetWithAWrongMKey() {
        ProcedureResult r = proof.run("C14_016_Set", "switch", "ignore-m-key");
        assertFail(r, 5, "v1c14-016#04", null, null);
    }
}
