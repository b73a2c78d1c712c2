package dev.ibmesh.tester.catalog;

import static dev.ibmesh.tester.catalog.Verdicts.assertFail;
import static dev.ibmesh.tester.catalog.Verdicts.assertNotApplicable;
import static dev.ibmesh.tester.catalog.Verdicts.assertPass;

import dev.ibmesh.tester.ProcedureProof;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The SMA attribute procedures of a port's PortInfo, SL-to-VL and VL arbitration tables: each passes on the compliant
 * DUT (or does not apply to it, by design) and fails at its step on the DUT started with the deviation that breaks its
 * rule.
 */
class PortAttributeProceduresTest {
    private static ProcedureProof proof;

    @BeforeAll
    static void start() {
        proof = new ProcedureProof();
    }

    @AfterAll
    static void stop() {
        proof.close();
    }

    @ParameterizedTest
    @CsvSource({
        "C14_024_06_CA_03, hca",
        "C14_924_01_CA, hca",
        "C14_924_03_CA, hca",
        "C14_924_04_SW, switch",
        "C14_024_09_CA, hca",
        "C14_024_09_SW, switch"
    })
    void passesOnTheCompliantDut(String id, String kind) {
        assertPass(proof.run(id, kind));
    }

    @Test
    void slToVlUnsupportedDoesNotApplyToTheHcaWhichSupportsIt() {
        assertNotApplicable(proof.run("C14_024_08_02", "hca"), 2, "IsSLMappingSupported = 1");
    }

    @Test
    void slToVlUnsupportedDoesNotApplyToTheSwitchWhichSupportsIt() {
        assertNotApplicable(proof.run("C14_024_08_04", "switch"), 2, "IsSLMappingSupported = 1");
    }

    @Test
    void caPortInfoFailsAtStep59WhenAReservedNeighborMtuIsTaken() {
        assertFail(proof.run("C14_024_06_CA_03", "hca", "accept-reserved-neighbor-mtu"), 59, "v1c13-024#07", "7", "0");
    }

    @Test
    void caPortInfoReadOnlyFailsAtStep4WhenTheCapabilityMaskIsWritten() {
        assertFail(proof.run("C14_924_01_CA", "hca", "write-read-only-port-info"), 4, "v1c14-924#01", null, null);
    }

    @ParameterizedTest
    @CsvSource({
        "C14_924_03_CA, hca, 8, v1c14-024.1.1#08.02",
        "C14_924_04_SW, switch, 12, v1c14-024.1.1#08.02",
        "C14_024_09_CA, hca, 12, v1c14-024.1.1#09.02",
        "C14_024_09_SW, switch, 12, v1c14-024.1.1#09.02"
    })
    void tablesFailAtTheReadBackWhenWritesAreDropped(String id, String kind, int step, String assertion) {
        assertFail(proof.run(id, kind, "drop-table-writes"), step, assertion, null, null);
    }
}
