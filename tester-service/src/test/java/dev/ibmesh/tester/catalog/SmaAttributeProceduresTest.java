package dev.ibmesh.tester.catalog;

import static dev.ibmesh.tester.catalog.Verdicts.assertFail;
import static dev.ibmesh.tester.catalog.Verdicts.assertNotApplicable;
import static dev.ibmesh.tester.catalog.Verdicts.assertPass;

import dev.ibmesh.runtime.topology.SwitchOptions;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The SMA attribute procedures (c14, v1c14-024.1.1): each passes on the compliant DUT (or does not apply to it, by
 * design) and fails at its step with its assertion on the DUT started with the deviation that breaks its rule.
 */
class SmaAttributeProceduresTest extends ProofFixture {
    /** Capacities that are not whole blocks: the last LFT and MFT blocks hold entries the tables do not have. */
    private static final SwitchOptions PARTIAL_BLOCKS = new SwitchOptions(true, 1000, 1000);
    /** A switch without the multicast forwarding service. */
    private static final SwitchOptions NO_MULTICAST = new SwitchOptions(true, 0xC000, 0);

    // ---- attributes every node answers: NodeDescription, NodeInfo, GUIDInfo, P_KeyTable, SMInfo, LedInfo ----

    @ParameterizedTest
    @CsvSource({
        "C14_024_02, switch", "C14_024_02, hca",
        "C14_024_03, switch", "C14_024_03, hca",
        "C14_024_05, switch", "C14_024_05, hca",
        "C14_024_13_3, switch", "C14_024_13_3, hca",
        "C14_924_02, switch", "C14_924_02, hca",
        "C14_924_05, switch", "C14_924_05, hca"
    })
    void passesOnTheCompliantNode(String id, String kind) {
        assertPass(proof.run(id, kind));
    }

    @Test
    void nodeDescriptionFailsAtStep8WhenAReadOnlyNodeStringTakesASet() {
        assertFail(proof.run("C14_024_02", "hca", "ack-set-of-read-only"), 8, "v1c14-003#01", "3", "0");
    }

    @Test
    void nodeInfoFailsAtStep8WhenASetOfItIsAnsweredAsTaken() {
        assertFail(proof.run("C14_024_03", "hca", "ack-set-of-read-only"), 8, "v1c14-003#01", "3", "0");
    }

    @Test
    void guidInfoFailsAtStep69WhenTheSetAnswerEchoesWhatTheSmaIgnored() {
        assertFail(proof.run("C14_024_05", "hca", "echo-set-data"), 69, "v1c14-024.1.1#05.02", null, null);
    }

    @ParameterizedTest
    @ValueSource(strings = {"switch", "hca"})
    void pKeyTableFailsAtStep13WhenWritesAreDropped(String kind) {
        assertFail(proof.run("C14_924_02", kind, "drop-table-writes"), 13, "v1c14-924#03", null, null);
    }

    @ParameterizedTest
    @ValueSource(strings = {"C14_024_13_3", "C14_924_05"})
    void unsupportedAttributesFailAtStep5WhenAnswered(String id) {
        assertFail(proof.run(id, "switch", "answer-unsupported-attributes"), 5, "v1c14-031#01", "3", "0");
    }

    // ---- a port's PortInfo, SL-to-VL and VL arbitration tables ----

    @ParameterizedTest
    @CsvSource({
        "C14_024_06_CA_03, hca",
        "C14_924_01_CA, hca",
        "C14_924_03_CA, hca",
        "C14_924_04_SW, switch",
        "C14_024_09_CA, hca",
        "C14_024_09_SW, switch"
    })
    void portProceduresPassOnTheCompliantDut(String id, String kind) {
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

    // ---- a switch's SwitchInfo and forwarding tables ----

    @ParameterizedTest
    @ValueSource(
            strings = {
                "C14_024_04_SW_01",
                "C14_024_04_SW_02",
                "C14_024_10_01",
                "C14_024_10_02",
                "C14_024_10_03",
                "C14_024_11",
                "C14_024_12"
            })
    void passesOnTheCompliantSwitch(String id) {
        assertPass(proof.run(id, "switch"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"C14_024_10_01", "C14_024_10_02", "C14_024_12"})
    void passesOnASwitchWhoseTablesEndInsideABlock(String id) {
        assertPass(proof.run(id, "switch", Optional.of(PARTIAL_BLOCKS)));
    }

    @Test
    void multicastForwardingTablePassesOnASwitchWithoutTheService() {
        assertPass(proof.run("C14_024_12", "switch", Optional.of(NO_MULTICAST)));
    }

    @Test
    void switchInfoReadOnlyFailsAtStep4WhenLinearFdbCapIsWritten() {
        assertFail(
                proof.run("C14_024_04_SW_01", "switch", "write-read-only-switch-info"),
                4,
                "v1c14-024.1.1#04.02",
                "49152",
                "49153");
    }

    @Test
    void switchInfoReadWriteFailsAtStep8WhenLinearFdbTopBeyondTheCapIsTaken() {
        assertFail(
                proof.run("C14_024_04_SW_02", "switch", "accept-linear-fdb-top-beyond-cap"),
                8,
                "v1c13-024#07",
                "7",
                "0");
    }

    @ParameterizedTest
    @ValueSource(strings = {"C14_024_10_01", "C14_024_12"})
    void blocksBeyondTheCapFailAtStep7WhenAnswered(String id) {
        assertFail(proof.run(id, "switch", "accept-fdb-blocks-beyond-cap"), 7, "v1c13-024#07", "7", "0");
    }

    @Test
    void linearForwardingTableValidPortsFailsAtStep9WhenWritesAreDropped() {
        assertFail(proof.run("C14_024_10_02", "switch", "drop-table-writes"), 9, "v1c14-024.1.1#10.02", null, null);
    }

    @Test
    void linearForwardingTableInvalidPortsFailsAtStep11WhenTheyAreTaken() {
        assertFail(proof.run("C14_024_10_03", "switch", "accept-invalid-lft-ports"), 11, "v1c13-024#07", "7", "0");
    }

    @Test
    void randomForwardingTableFailsAtStep5WhenTheSwitchWithoutOneAnswersIt() {
        assertFail(proof.run("C14_024_11", "switch", "answer-unsupported-attributes"), 5, "v1c14-031#01", "3", "0");
    }
}
