package dev.ibmesh.tester.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.runtime.topology.SwitchOptions;
import dev.ibmesh.tester.engine.ProcedureResult;
import dev.ibmesh.tester.engine.Verdict;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class C14_024_06_SW_06Test extends ProofFixture {
    @Test
    void passesOnTheCompliantSwitch() {
        ProcedureResult r = proof.run("C14_024_06_SW_06", "switch");
        assertEquals(Verdict.Kind.PASS, r.verdict().kind(), () -> r.verdict().describe() + "\n" + r.steps());
    }

    @Test
    void failsAtStep10WhenTheSwitchTakesAReservedLinkWidthEnabled() {
        ProcedureResult r = proof.run("C14_024_06_SW_06", "switch", "accept-reserved-link-width-enabled");
        assertEquals(Verdict.Kind.FAIL, r.verdict().kind(), r.verdict().describe());
        assertEquals(10, r.verdict().step());
        assertEquals("v1c13-024#07", r.verdict().assertion());
        assertEquals("7", r.verdict().expected());
        assertEquals("0", r.verdict().actual());
    }

    @Test
    void isNotApplicableOnABasePort0() {
        ProcedureResult r =
                proof.run("C14_024_06_SW_06", "switch", Optional.of(new SwitchOptions(false, 0xC000, 1024)));
        assertEquals(
                Verdict.Kind.NOT_APPLICABLE, r.verdict().kind(), r.verdict().describe());
        assertEquals(5, r.verdict().step());
        assertTrue(
                r.verdict().reason().contains("EnhancedPort0 = 0"), r.verdict().reason());
    }
}
