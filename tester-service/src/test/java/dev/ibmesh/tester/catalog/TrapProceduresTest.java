package dev.ibmesh.tester.catalog;

import static dev.ibmesh.tester.catalog.Verdicts.assertFail;
import static dev.ibmesh.tester.catalog.Verdicts.assertPass;

import org.junit.jupiter.api.Test;

/**
 * The trap procedures added beside C14_901_01_SW (IBA 14.3.11): each passes on the compliant switch and fails at its
 * step with its assertion on the switch started with the deviation that breaks its rule.
 */
class TrapProceduresTest extends ProofFixture {
    @Test
    void nodeDescriptionTrapPassesOnTheCompliantSwitch() {
        assertPass(proof.run("C14_904_01_SW", "switch"));
    }

    @Test
    void nodeDescriptionTrapFailsAtStep2WhenNoneIsRaised() {
        assertFail(
                proof.run("C14_904_01_SW", "switch", "no-node-description-trap"), 2, "v1c14-904#01", "a trap", "none");
    }

    @Test
    void linkStateTrapPassesOnTheCompliantSwitch() {
        assertPass(proof.run("C14_905_01_SW", "switch"));
    }

    @Test
    void linkStateTrapFailsAtStep2WhenNoneIsRaised() {
        assertFail(proof.run("C14_905_01_SW", "switch", "no-link-state-trap"), 2, "v1c14-905#01", "a trap", "none");
    }
}
