package dev.ibmesh.tester.catalog;

import static dev.ibmesh.tester.catalog.Verdicts.assertFail;
import static dev.ibmesh.tester.catalog.Verdicts.assertPass;

import dev.ibmesh.runtime.topology.SwitchOptions;
import dev.ibmesh.tester.ProcedureProof;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The SMA attribute procedures of a switch's SwitchInfo and forwarding tables: each passes on the compliant switch and
 * fails at its step on the switch started with the deviation that breaks its rule.
 */
class SwitchAttributeProceduresTest {
    /** Capacities that are not whole blocks: the last LFT and MFT blocks hold entries the tables do not have. */
    private static final SwitchOptions PARTIAL_BLOCKS = new SwitchOptions(true, 1000, 1000);
    /** A switch without the multicast forwarding service. */
    private static final SwitchOptions NO_MULTICAST = new SwitchOptions(true, 0xC000, 0);

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
