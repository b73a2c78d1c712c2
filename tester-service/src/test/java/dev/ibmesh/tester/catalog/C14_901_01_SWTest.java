package dev.ibmesh.tester.catalog;

import static dev.ibmesh.tester.catalog.Verdicts.assertFail;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ibmesh.tester.engine.ProcedureResult;
import dev.ibmesh.tester.engine.Verdict;
import org.junit.jupiter.api.Test;

class C14_901_01_SWTest extends ProofFixture {
    @Test
    void passesOnTheCompliantSwitch() {
        ProcedureResult r = proof.run("C14_901_01_SW", "switch");
        assertEquals(Verdict.Kind.PASS, r.verdict().kind(), () -> r.verdict().describe() + "\n" + r.steps());
    }

    @Test
    void failsAtStep6WhenTheSwitchKeepsRepeatingARepressedTrap() {
        ProcedureResult r = proof.run("C14_901_01_SW", "switch", "trap-ignores-repress");
        assertFail(r, 6, "v1c14-901#02", null, "a second one");
    }
}
