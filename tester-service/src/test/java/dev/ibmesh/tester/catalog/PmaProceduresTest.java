package dev.ibmesh.tester.catalog;

import static dev.ibmesh.tester.catalog.Verdicts.assertFail;
import static dev.ibmesh.tester.catalog.Verdicts.assertPass;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The PMA procedures (c16, IBA 16.1) added beside C16_901_01 and C16_902_01: each passes on the compliant nodes it
 * applies to and fails at its step with its assertion on the switch started with the deviation that breaks its rule.
 */
class PmaProceduresTest extends ProofFixture {
    @ParameterizedTest
    @CsvSource({
        "C16_903_01, switch",
        "C16_903_01, hca",
        "C16_904_01_SW, switch",
        "C16_905_01, switch",
        "C16_905_01, hca",
        "C16_906_01, switch",
        "C16_906_01, hca",
        "C16_907_01, switch",
        "C16_907_01, hca"
    })
    void passesOnTheCompliantNode(String id, String kind) {
        assertPass(proof.run(id, kind));
    }

    @Test
    void allPortSelectFailsAtStep1WhenPortSelect0xFFIsRefused() {
        assertFail(
                proof.run("C16_904_01_SW", "switch", "pma-refuse-all-port-select"),
                1,
                "v1c16-904#01",
                "0x0000",
                "0x001c");
    }

    @Test
    void extendedCountersFailAtStep4WhenTheyCountOctets() {
        assertFail(proof.run("C16_905_01", "switch", "pma-extended-data-in-octets"), 4, "v1c16-905#02", "360", "1440");
    }

    @Test
    void capabilityMaskFailsAtStep3WhenItHidesPortCountersExtended() {
        assertFail(
                proof.run("C16_906_01", "switch", "pma-hide-extended-capability"),
                3,
                "v1c16-906#03",
                "0x000c",
                "0x0000");
    }

    @Test
    void capabilityMaskFailsAtStep2WhenAllPortSelectIsAdvertisedButRefused() {
        assertFail(
                proof.run("C16_906_01", "switch", "pma-refuse-all-port-select"), 2, "v1c16-906#02", "0x0000", "0x001c");
    }

    @Test
    void unsupportedAttributeFailsAtStep1WhenAnsweredWithStatus0() {
        assertFail(
                proof.run("C16_907_01", "switch", "pma-answer-unsupported-attributes"),
                1,
                "v1c16-907#01",
                "0x000c",
                "0x0000");
    }

    @ParameterizedTest
    @CsvSource({"switch", "hca"})
    void injectedErrorsFailAtStep3WhenBadLinkPacketsAreNotCounted(String kind) {
        assertFail(proof.run("C16_903_01", kind, "uncounted-link-packet-errors"), 3, "v1c16-903#02", null, null);
    }
}
