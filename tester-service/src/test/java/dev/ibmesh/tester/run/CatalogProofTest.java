package dev.ibmesh.tester.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.tester.engine.Catalog;
import dev.ibmesh.tester.engine.ProcedureDescriptor;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The catalog's proof is complete on paper: every procedure names a deviation that proves it, each of a DUT kind the
 * procedure applies to, and every deviation of the devices is caught by a procedure. (The proof tests and {@code
 * ibmesh test --prove} run them.)
 */
class CatalogProofTest {
    /**
     * Procedures for a DUT that lacks a capability every emulated device has (SLtoVLMappingTable unsupported): NOT_APPLICABLE
     * on every emulated DUT by design (their proof tests say so), so no deviation here can make them FAIL.
     */
    private static final Set<String> FOR_FOREIGN_DUTS_ONLY = Set.of("C14_024_08_02", "C14_024_08_04");

    private final Catalog catalog = Catalog.load();

    @Test
    void everyProcedureIsProvenByAKnownDeviationOfItsDutKind() {
        ProofPlan proof =
                ProofPlan.of(TestPlan.embedded(catalog, new TestRequest(List.of(), List.of(), false, List.of())));
        Set<String> unproven = new TreeSet<>();
        for (ProcedureDescriptor d : catalog.all()) {
            boolean proven = proof.cases().stream()
                    .anyMatch(c -> c.deviation().isPresent()
                            && c.item().procedure().id().equals(d.id()));
            if (!proven && !FOR_FOREIGN_DUTS_ONLY.contains(d.id())) {
                unproven.add(d.id());
            }
        }
        assertEquals(Set.of(), unproven, "procedures with no deviation of their DUT kind in provenBy");
    }

    @Test
    void everyDeviationIsCaughtByAProcedure() {
        Set<String> claimed = new TreeSet<>();
        catalog.all().forEach(d -> claimed.addAll(List.of(d.cts().provenBy())));
        Set<String> uncaught = new TreeSet<>();
        TestPlan.knownDeviations().values().forEach(uncaught::addAll);
        uncaught.removeAll(claimed);
        assertTrue(uncaught.isEmpty(), "deviations no procedure names in provenBy: " + uncaught);
    }
}
