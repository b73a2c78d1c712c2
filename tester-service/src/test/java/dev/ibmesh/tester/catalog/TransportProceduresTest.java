package dev.ibmesh.tester.catalog;

import static dev.ibmesh.tester.catalog.Verdicts.assertFail;
import static dev.ibmesh.tester.catalog.Verdicts.assertPass;

import org.junit.jupiter.api.Test;

/**
 * The RC, UC and UD procedures of chapter 9 beyond the seeds: each PASSes on the compliant HCA and FAILs, at the step
 * and assertion named here, on the HCA started with the deviation that breaks the rule it checks.
 */
class TransportProceduresTest extends ProofFixture {
    @Test
    void c09_027_05ResponsesComeInPsnOrder() {
        assertPass(proof.run("C09_027_05", "hca"));
        assertFail(
                proof.run("C09_027_05", "hca", "read-overtaken-by-atomic"),
                3,
                "v1c09-027",
                "RC_RDMA_READ_RESPONSE_FIRST",
                "RC_ATOMIC_ACKNOWLEDGE");
    }

    @Test
    void c09_060_01_01AcksCarryTheMessageCount() {
        assertPass(proof.run("C09_060_01_01", "hca"));
        assertFail(proof.run("C09_060_01_01", "hca", "msn-counts-packets"), 2, "v1c09-060#01", "0", "1");
    }

    @Test
    void c09_060_05AReadCompletesOnlyWithAllItsResponses() {
        assertPass(proof.run("C09_060_05", "hca"));
        assertFail(proof.run("C09_060_05", "hca", "complete-read-at-first-response"), 7, "v1c09-060#05", "2", "0");
    }

    @Test
    void c09_060_07AFetchAddCompletesOnlyWhenAcked() {
        assertPass(proof.run("C09_060_07", "hca"));
        assertFail(proof.run("C09_060_07", "hca", "complete-before-ack"), 9, "v1c09-060#07", "1", "2");
    }

    @Test
    void c09_142_01RetriesRunOutIntoRetryExcErr() {
        assertPass(proof.run("C09_142_01", "hca"));
        assertFail(proof.run("C09_142_01", "hca", "ignore-retry-count"), 7, "v1c09-143#01", "none", null);
    }

    @Test
    void c09_903_01ADuplicateSendIsAckedNotExecuted() {
        assertPass(proof.run("C09_903_01", "hca"));
        assertFail(proof.run("C09_903_01", "hca", "reexecute-duplicate-send"), 4, "ibmesh-c09-903#01", "1", "2");
    }

    @Test
    void c09_903_02ADuplicateReadIsAnsweredAgain() {
        assertPass(proof.run("C09_903_02", "hca"));
        assertFail(proof.run("C09_903_02", "hca", "drop-duplicate-read"), 4, "ibmesh-c09-903#02", null, null);
    }

    @Test
    void c09_903_03ADuplicateAtomicIsAnsweredFromTheSavedResult() {
        assertPass(proof.run("C09_903_03", "hca"));
        assertFail(
                proof.run("C09_903_03", "hca", "reexecute-duplicate-atomic"),
                4,
                "ibmesh-c09-903#03",
                "0x0000010000000000",
                "0x0000010000000007");
    }

    @Test
    void c09_904_01ABadRKeyIsNakedRemoteAccessError() {
        assertPass(proof.run("C09_904_01", "hca"));
        assertFail(proof.run("C09_904_01", "hca", "ignore-r-key"), 2, "ibmesh-c09-904#01", null, "ACK");
    }

    @Test
    void c09_904_02ARemoteAccessNakEndsTheWqeWithoutRetry() {
        assertPass(proof.run("C09_904_02", "hca"));
        assertFail(proof.run("C09_904_02", "hca", "retry-remote-access-nak"), 5, "ibmesh-c09-904#02", "none", null);
    }

    @Test
    void c09_905_01AnOpcodeOutOfSequenceIsNakedInvalidRequest() {
        assertPass(proof.run("C09_905_01", "hca"));
        assertFail(
                proof.run("C09_905_01", "hca", "accept-opcode-out-of-sequence"), 2, "ibmesh-c09-905#01", null, "ACK");
    }

    @Test
    void c09_905_02APayloadBeyondThePmtuIsNakedInvalidRequest() {
        assertPass(proof.run("C09_905_02", "hca"));
        assertFail(proof.run("C09_905_02", "hca", "accept-payload-beyond-pmtu"), 2, "ibmesh-c09-905#02", null, "ACK");
    }

    @Test
    void c09_906_01AUcPsnGapDropsTheMessage() {
        assertPass(proof.run("C09_906_01", "hca"));
        assertFail(proof.run("C09_906_01", "hca", "uc-ignore-psn-gap"), 4, "ibmesh-c09-906#01", "none", null);
    }

    @Test
    void c09_907_01AWrongQKeyIsDiscardedCountedAndTrapped() {
        assertPass(proof.run("C09_907_01", "hca"));
        assertFail(proof.run("C09_907_01", "hca", "accept-wrong-q-key"), 2, "ibmesh-c09-907#01", "none", null);
    }

    @Test
    void c09_907_02TheGrhLandsInTheReceiveBuffer() {
        assertPass(proof.run("C09_907_02", "hca"));
        assertFail(proof.run("C09_907_02", "hca", "drop-ud-grh"), 3, "ibmesh-c09-907#02", null, null);
    }

    @Test
    void c09_907_03AUdMessageBeyondTheMtuIsNotSent() {
        assertPass(proof.run("C09_907_03", "hca"));
        assertFail(
                proof.run("C09_907_03", "hca", "send-ud-beyond-mtu"), 3, "ibmesh-c09-907#03", "LOC_LEN_ERR", "SUCCESS");
    }

    @Test
    void c09_908_01AnAckForTheLastPsnCompletesEveryRequestBeforeIt() {
        assertPass(proof.run("C09_908_01", "hca"));
        assertFail(proof.run("C09_908_01", "hca", "ack-covers-only-its-psn"), 5, "ibmesh-c09-908#01", null, null);
    }

    @Test
    void c09_909_01ASequenceNakAcknowledgesWhatPrecedesItAndGoesBackToItsPsn() {
        assertPass(proof.run("C09_909_01", "hca"));
        assertFail(
                proof.run("C09_909_01", "hca", "nak-acks-nothing"),
                5,
                "ibmesh-c09-909#01",
                Integer.toString(0x1001),
                Integer.toString(0x1000));
    }
}
