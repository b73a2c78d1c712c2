package dev.ibmesh.tester.engine;

/** The DUT does not qualify for the procedure: it ends with NOT_APPLICABLE and this reason. */
public final class NotApplicable extends RuntimeException {
    public NotApplicable(String reason) {
        super(reason, null, false, false);
    }
}
