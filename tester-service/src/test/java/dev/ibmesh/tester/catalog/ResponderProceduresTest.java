package dev.ibmesh.tester.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ibmesh.tester.engine.ProcedureResult;
import dev.ibmesh.tester.engine.Verdict;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The procedures where the Transport Tester is the requester and the DUT's responder is judged. */
class ResponderProceduresTest extends ProofFixture {
    @Test
    void c09_130_02PassesForEveryTimerAndFailsAtStep3WithoutRnrNak() {
        List<ProcedureResult> compliant = proof.runAll("C09_130_02", "hca");
        assertEquals(2, compliant.size());
        compliant.forEach(r -> assertEquals(
                Verdict.Kind.PASS,
                r.verdict().kind(),
                () -> r.item().label() + ": " + r.verdict().describe()));
        ProcedureResult deviant = proof.run("C09_130_02", "hca", "no-rnr-nak");
        assertEquals(
                Verdict.Kind.FAIL, deviant.verdict().kind(), deviant.verdict().describe());
        assertEquals(3, deviant.verdict().step());
        assertEquals("v1c09-130#02", deviant.verdict().assertion());
    }

    @Test
    void c09_901_01PassesAndFailsAtStep3WhenTheResponderTakesAnOutOfSequencePsn() {
        ProcedureResult compliant = proof.run("C09_901_01", "hca");
        assertEquals(
                Verdict.Kind.PASS,
                compliant.verdict().kind(),
                compliant.verdict().describe());
        ProcedureResult deviant = proof.run("C09_901_01", "hca", "accept-psn-out-of-sequence");
        assertEquals(
                Verdict.Kind.FAIL, deviant.verdict().kind(), deviant.verdict().describe());
        assertEquals(3, deviant.verdict().step());
        assertEquals("ibmesh-c09-901#01", deviant.verdict().assertion());
    }

    @Test
    void c09_902_01PassesAndFailsAtStep3WhenTheAtomicAckCarriesAWrongOriginal() {
        ProcedureResult compliant = proof.run("C09_902_01", "hca");
        assertEquals(
                Verdict.Kind.PASS,
                compliant.verdict().kind(),
                compliant.verdict().describe());
        ProcedureResult deviant = proof.run("C09_902_01", "hca", "atomic-ack-wrong-original");
        assertEquals(
                Verdict.Kind.FAIL, deviant.verdict().kind(), deviant.verdict().describe());
        assertEquals(3, deviant.verdict().step());
        assertEquals("AtomicAckETH:OriginalRemoteData", deviant.verdict().reason());
    }
}
