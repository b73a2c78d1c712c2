package dev.ibmesh.tester.catalog;

import static dev.ibmesh.tester.catalog.Verdicts.assertFail;
import static dev.ibmesh.tester.catalog.Verdicts.assertPass;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The M_Key procedures (IBA 14.2.4) other than C14_016's: no checking with M_Key 0, the lease period, trap 256. Each
 * passes on the compliant switch and HCA and fails at its step with its assertion on the DUT started with the
 * deviation that breaks its rule.
 */
class MKeyProceduresTest extends ProofFixture {
    @ParameterizedTest
    @CsvSource({
        "C14_015, switch", "C14_015, hca",
        "C14_017_01, switch", "C14_017_01, hca",
        "C14_017_03, switch", "C14_017_03, hca",
        "C14_017_05, switch", "C14_017_05, hca",
        "C14_903_01, switch", "C14_903_01, hca"
    })
    void passesOnTheCompliantNode(String id, String kind) {
        assertPass(proof.run(id, kind));
    }

    @Test
    void noCheckingFailsAtStep3WhenASetWithAnyMKeyIsDiscarded() {
        assertFail(proof.run("C14_015", "switch", "check-zero-m-key"), 3, "v1c14-015#02", null, "none");
    }

    @Test
    void leaseFailsAtStep6WhenItNeverRunsOut() {
        assertFail(proof.run("C14_017_01", "switch", "m-key-lease-never-expires"), 6, "v1c14-017#01", null, null);
    }

    @Test
    void resetFailsAtStep9WhenTheRightKeyDoesNotStopTheCountdown() {
        assertFail(proof.run("C14_017_03", "switch", "m-key-lease-not-stopped"), 9, "v1c14-019#01", null, null);
    }

    @Test
    void zeroLeaseFailsAtStep6WhenItRunsOutAtOnce() {
        assertFail(proof.run("C14_017_05", "switch", "zero-m-key-lease-expires"), 6, "v1c14-021#01", null, null);
    }

    @Test
    void trap256FailsAtStep5WhenNoneComes() {
        assertFail(proof.run("C14_903_01", "switch", "no-bad-m-key-trap"), 5, "v1c14-903#02", "a trap", "none");
    }
}
