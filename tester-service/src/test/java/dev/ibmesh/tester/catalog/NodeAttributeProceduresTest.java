package dev.ibmesh.tester.catalog;

import static dev.ibmesh.tester.catalog.Verdicts.assertFail;
import static dev.ibmesh.tester.catalog.Verdicts.assertPass;

import dev.ibmesh.tester.ProcedureProof;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The SMA attribute procedures every node answers (NodeDescription, NodeInfo, GUIDInfo, P_KeyTable, SMInfo and LedInfo
 * without their feature): each passes on the compliant switch and HCA, and fails at its step on the DUT started with
 * the deviation that breaks its rule.
 */
class NodeAttributeProceduresTest {
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
}
