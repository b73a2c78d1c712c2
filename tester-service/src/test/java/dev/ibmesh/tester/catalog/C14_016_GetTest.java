package dev.ibmesh.tester.catalog;

import static dev.ibmesh.tester.catalog.Verdicts.assertFail;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ibmesh.tester.engine.ProcedureResult;
import dev.ibmesh.tester.engine.Verdict;
import org.junit.jupiter.api.Test;

class C14_016_GetTest extends ProofFixture {
    @Test
    void passesOnTheCompliantSwitch() {
        ProcedureResult r = proof.run("C14_016_Get", "switch");
        assertEquals(Verdict.Kind.PASS, r.verdict().kind(), () -> r.verdict().describe() + "\n" + r.steps());
    }

    @Test
    void passesOnTheCompliantHca() {
        ProcedureResult r = proof.run("C14_016_Get", "hca");
        assertEquals(Verdict.Kind.PASS, r.verdict().kind(), () -> r.verdict().describe() + "\n" + r.steps());
    }

    @Test
    void failsAtStep8WhenTheSwitchShowsItsMKeyToAWrongKeyAtProtectBits1() {
        ProcedureResult r = proof.run("C14_016_Get", "switch", "ignore-m-key");
        assertFail(r, 8, "v1c14-016#02", "0x0000000000000000", "0x1badcafe00000016");
    }
}
