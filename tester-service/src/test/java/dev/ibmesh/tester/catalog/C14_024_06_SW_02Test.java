package dev.ibmesh.tester.catalog;

import static dev.ibmesh.tester.catalog.Verdicts.assertFail;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ibmesh.tester.engine.ProcedureResult;
import dev.ibmesh.tester.engine.Verdict;
import org.junit.jupiter.api.Test;

class C14_024_06_SW_02Test extends ProofFixture {
    @Test
    void passesOnTheCompliantSwitch() {
        ProcedureResult r = proof.run("C14_024_06_SW_02", "switch");
        assertEquals(Verdict.Kind.PASS, r.verdict().kind(), () -> r.verdict().describe() + "\n" + r.steps());
    }

    @Test
    void failsAtStep10WhenAnExternalPortTakesAReservedLinkWidthEnabled() {
        ProcedureResult r = proof.run("C14_024_06_SW_02", "switch", "accept-reserved-link-width-enabled");
        assertFail(r, 10, "v1c13-024#07", "7", "0");
    }
}
