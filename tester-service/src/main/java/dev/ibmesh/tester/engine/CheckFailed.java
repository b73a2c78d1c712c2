package dev.ibmesh.tester.engine;

/** A check did not hold: the procedure ends with FAIL. Thrown by {@link ProcedureContext#check}. */
public final class CheckFailed extends RuntimeException {
    private final Verdict verdict;

    CheckFailed(Verdict verdict) {
        super(verdict.describe(), null, false, false);
        this.verdict = verdict;
    }

    public Verdict verdict() {
        return verdict;
    }
}
