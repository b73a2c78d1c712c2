package dev.ibmesh.tester.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.tester.engine.ProcedureResult;
import dev.ibmesh.tester.engine.Verdict;

/** What the proof tests check of a FAIL. */
final class Verdicts {
    private Verdicts() {}

    /** A PASS; otherwise the verdict and the step log say why not. */
    static void assertPass(ProcedureResult r) {
        assertEquals(Verdict.Kind.PASS, r.verdict().kind(), () -> r.verdict().describe() + "\n" + r.steps());
    }

    /** NOT_APPLICABLE at {@code step} for a reason that names {@code reasonPart}. */
    static void assertNotApplicable(ProcedureResult r, int step, String reasonPart) {
        Verdict v = r.verdict();
        assertEquals(Verdict.Kind.NOT_APPLICABLE, v.kind(), () -> v.describe() + "\n" + r.steps());
        assertEquals(step, v.step(), v::describe);
        assertTrue(v.reason().contains(reasonPart), v::describe);
    }

    /**
     * A FAIL at {@code step} with {@code assertion}; {@code expected} and {@code actual} are checked unless null (some
     * are sentences that name times).
     */
    static void assertFail(ProcedureResult r, int step, String assertion, String expected, String actual) {
        Verdict v = r.verdict();
        assertEquals(Verdict.Kind.FAIL, v.kind(), () -> v.describe() + "\n" + r.steps());
        assertEquals(step, v.step(), v::describe);
        assertEquals(assertion, v.assertion(), v::describe);
        if (expected != null) {
            assertEquals(expected, v.expected(), v::describe);
        }
        if (actual != null) {
            assertEquals(actual, v.actual(), v::describe);
        }
    }
}
