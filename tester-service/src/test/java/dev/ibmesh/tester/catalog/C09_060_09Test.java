package dev.ibmesh.tester.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ibmesh.tester.engine.ProcedureResult;
import dev.ibmesh.tester.engine.Verdict;
import org.junit.jupiter.api.Test;

class C09_060_09Test extends ProofFixture {
    @Test
    void passesOnTheCompliantHca() {
        ProcedureResult r = proof.run("C09_060_09", "hca");
        assertEquals(Verdict.Kind.PASS, r.verdict().kind(), () -> r.verdict().describe() + "\n" + r.steps());
    }

    @Test
    void failsAtStep9WhenTheHcaCompletesBeforeTheAck() {
        ProcedureResult r = proof.run("C09_060_09", "hca", "complete-before-ack");
        assertEquals(Verdict.Kind.FAIL, r.verdict().kind(), r.verdict().describe());
        assertEquals(9, r.verdict().step());
        assertEquals("v1c09-060#07", r.verdict().assertion());
        assertEquals("1", r.verdict().expected());
        assertEquals("2", r.verdict().actual());
    }
}
