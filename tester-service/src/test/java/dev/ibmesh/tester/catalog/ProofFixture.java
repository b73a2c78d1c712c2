package dev.ibmesh.tester.catalog;

import dev.ibmesh.tester.ProcedureProof;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * What every proof test of the catalog shares: one {@link ProcedureProof} (and its Vert.x) for the whole test class,
 * which runs the procedures against compliant and deviant embedded DUTs.
 */
abstract class ProofFixture {
    static ProcedureProof proof;

    @BeforeAll
    static void startProof() {
        proof = new ProcedureProof();
    }

    @AfterAll
    static void stopProof() {
        proof.close();
    }
}
