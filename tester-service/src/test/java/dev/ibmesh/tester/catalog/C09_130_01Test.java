package dev.ibmesh.tester.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.tester.engine.ProcedureResult;
import dev.ibmesh.tester.engine.Verdict;
import java.util.List;
import org.junit.jupiter.api.Test;

class C09_130_01Test extends ProofFixture {
    @Test
    void passesOnTheCompliantHcaForEveryTimerCode() {
        List<ProcedureResult> results = proof.runAll("C09_130_01", "hca");
        assertEquals(4, results.size());
        for (ProcedureResult r : results) {
            assertEquals(
                    Verdict.Kind.PASS,
                    r.verdict().kind(),
                    () -> r.item().label() + ": " + r.verdict().describe() + "\n" + r.steps());
        }
    }

    @Test
    void failsAtStep9WhenTheHcaRetriesBeforeTheTimer() {
        ProcedureResult r = proof.run("C09_130_01", "hca", "retry-before-rnr-timer");
        assertEquals(Verdict.Kind.FAIL, r.verdict().kind(), r.verdict().describe());
        assertEquals(9, r.verdict().step());
        assertEquals("v1c09-130#01", r.verdict().assertion());
        assertTrue(
                r.verdict().reason().startsWith("time from the RNR NAK"),
                r.verdict().reason());
    }

    @Test
    void failsAtStep10WhenTheHcaIgnoresItsRnrRetryCount() {
        ProcedureResult r = proof.run("C09_130_01", "hca", "ignore-rnr-retry-count");
        assertEquals(Verdict.Kind.FAIL, r.verdict().kind(), r.verdict().describe());
        assertEquals(10, r.verdict().step());
        assertEquals("v1c09-130#01", r.verdict().assertion());
    }
}
