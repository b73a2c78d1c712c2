package dev.ibmesh.tester.catalog;

import static dev.ibmesh.tester.catalog.Verdicts.assertFail;
import static dev.ibmesh.tester.catalog.Verdicts.assertPass;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The directed-route procedures (IBA 14.2.2, C14-9 and C14-13) besides C14_009_01_SW: each passes on the compliant
 * DUT and fails at its step with its assertion on the switch started with the deviation that breaks its rule.
 */
class DirectedRouteProceduresTest extends ProofFixture {
    @ParameterizedTest
    @CsvSource({
        "C14_909_01, switch",
        "C14_909_01, hca",
        "C14_913_01, switch",
        "C14_913_01, hca",
        "C14_909_02_SW, switch",
        "C14_913_02_SW, switch"
    })
    void passesOnTheCompliantNode(String id, String kind) {
        assertPass(proof.run(id, kind));
    }

    @Test
    void hopPointerFailsAtStep2WhenOneBeyondTheHopCountIsAnswered() {
        assertFail(proof.run("C14_909_01", "switch", "dr-accept-any-hop-pointer"), 2, "v1c14-009#03", null, null);
    }

    @Test
    void drDlidFailsAtStep2WhenTheSwitchAnswersItselfAtTheEndOfTheDirectedPart() {
        assertFail(proof.run("C14_909_02_SW", "switch", "dr-end-ignores-dr-dlid"), 2, "v1c14-013#04", null, "none");
    }

    @Test
    void dBitFailsAtStep2WhenTheResponseComesBackWithoutIt() {
        assertFail(proof.run("C14_913_01", "switch", "no-dr-d-bit"), 2, "v1c14-013#02", "true", "false");
    }

    @Test
    void drSlidFailsAtStep2WhenTheResponseIsNotLidRoutedToIt() {
        assertFail(proof.run("C14_913_02_SW", "switch", "dr-return-ignores-dr-slid"), 2, "v1c14-013#03", null, "none");
    }
}
