package dev.ibmesh.tester.catalog;

import static dev.ibmesh.tester.catalog.Verdicts.assertFail;
import static dev.ibmesh.tester.catalog.Verdicts.assertPass;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The procedures on the rules every MAD follows (c13, IBA 13.4): each passes on the compliant switch and HCA and fails
 * at its step with its assertion on the DUT started with the deviation that breaks its rule.
 */
class MadRulesProceduresTest extends ProofFixture {
    @ParameterizedTest
    @CsvSource({
        "C13_013, switch", "C13_013, hca",
        "C13_014_01, switch", "C13_014_01, hca",
        "C13_901_01, switch", "C13_901_01, hca",
        "C13_902_01, switch", "C13_902_01, hca",
        "C13_903_01, switch", "C13_903_01, hca",
        "C13_904_01, switch", "C13_904_01, hca"
    })
    void passesOnTheCompliantNode(String id, String kind) {
        assertPass(proof.run(id, kind));
    }

    @Test
    void respTimeValueFailsAtStep3WhenItIsAbove20() {
        assertFail(proof.run("C13_013", "switch", "resp-time-value-above-20"), 3, "v1c13-013.1.1#01", "<= 20", "31");
    }

    @Test
    void exchangeTimingFailsAtStep2WhenTheRespTimeValueIsShorterThanTheSmaTakes() {
        assertFail(
                proof.run("C13_014_01", "switch", "understate-resp-time-value"),
                2,
                "v1c13-013.1.1#03",
                "<= 0.012 ms",
                null);
    }

    @Test
    void badClassVersionFailsAtStep2WhenAnsweredWithStatus0() {
        assertFail(proof.run("C13_901_01", "switch", "answer-bad-class-version"), 2, "v1c13-901#01", "1", "0");
    }

    @Test
    void unsupportedMethodFailsAtStep2WhenAnsweredLikeAGet() {
        assertFail(proof.run("C13_902_01", "switch", "answer-unsupported-method"), 2, "v1c13-902#01", "2", "0");
    }

    @Test
    void undefinedAttributeFailsAtStep2WhenAnsweredWithStatus0() {
        assertFail(proof.run("C13_903_01", "switch", "answer-unsupported-attributes"), 2, "v1c13-903#01", "3", "0");
    }

    @Test
    void readOnlySetFailsAtStep4WhenAnsweredAsTaken() {
        assertFail(proof.run("C13_903_01", "hca", "ack-set-of-read-only"), 4, "v1c13-903#02", "3", "0");
    }

    @Test
    void responseHeaderFailsAtStep4WhenASetIsAnsweredWithMethod0x82() {
        assertFail(proof.run("C13_904_01", "switch", "answer-set-with-set-resp"), 4, "v1c13-904#02", null, null);
    }
}
