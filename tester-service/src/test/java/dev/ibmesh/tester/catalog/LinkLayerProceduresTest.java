package dev.ibmesh.tester.catalog;

import static dev.ibmesh.tester.catalog.Verdicts.assertFail;
import static dev.ibmesh.tester.catalog.Verdicts.assertPass;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The link layer's procedures (c07, IBA 7): each passes on the compliant switch and HCA and fails at its step with its
 * assertion on the DUT started with the deviation that leaves its check out.
 */
class LinkLayerProceduresTest extends ProofFixture {
    @ParameterizedTest
    @CsvSource({
        "C07_901_01, switch",
        "C07_901_01, hca",
        "C07_902_01, switch",
        "C07_902_01, hca",
        "C07_903_01, switch",
        "C07_903_01, hca",
        "C07_904_01, switch",
        "C07_904_01, hca",
        "C07_905_01, switch",
        "C07_905_01, hca",
        "C07_906_01_CA, hca",
        "C07_907_01_CA, hca",
        "C07_908_01, switch",
        "C07_908_01, hca"
    })
    void passesOnTheCompliantNode(String id, String kind) {
        assertPass(proof.run(id, kind));
    }

    @ParameterizedTest
    @CsvSource({
        "C07_901_01, switch, no-vcrc-check, v1c07-009#01.01",
        "C07_901_01, hca, no-vcrc-check, v1c07-007#01.01",
        "C07_902_01, switch, no-icrc-check, v1c07-009#01.02",
        "C07_902_01, hca, no-icrc-check, v1c07-007#01.02",
        "C07_903_01, switch, no-lver-check, v1c07-009#01.03",
        "C07_903_01, hca, no-lver-check, v1c07-007#01.03",
        "C07_904_01, switch, no-pktlen-check, v1c07-009#01.04",
        "C07_904_01, hca, no-pktlen-check, v1c07-007#01.04",
        "C07_905_01, switch, accept-ebp-packets, v1c07-009#02.03",
        "C07_905_01, hca, accept-ebp-packets, v1c07-007#02.03"
    })
    void failsAtStep2WhenTheCheckIsLeftOut(String id, String kind, String deviation, String assertion) {
        assertFail(proof.run(id, kind, deviation), 2, assertion, null, null);
    }

    @Test
    void dlidCheckFailsAtStep1WhenThePortTakesAnyDlid() {
        assertFail(proof.run("C07_906_01_CA", "hca", "no-dlid-check"), 1, "v1c07-010#02", null, null);
    }

    @Test
    void lmcRangeFailsAtStep2WhenOnlyTheBaseLidIsAnswered() {
        assertFail(proof.run("C07_907_01_CA", "hca", "dlid-ignores-lmc"), 2, "v1c07-066#01", null, "none");
    }

    @ParameterizedTest
    @CsvSource({"switch", "hca"})
    void smpsInInitFailAtStep2WhenLidRoutedOnesAreDropped(String kind) {
        assertFail(proof.run("C07_908_01", kind, "lid-routed-smps-only-when-active"), 2, "v1c07-908#01", null, "none");
    }
}
