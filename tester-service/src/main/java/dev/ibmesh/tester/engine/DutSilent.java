package dev.ibmesh.tester.engine;

/**
 * The DUT did not send what a step waited for. The engine makes it a FAIL with these assertion IDs once the DUT has
 * answered anything in this run (it is reachable, and broke a rule by staying silent), and an ERROR otherwise (the
 * tester never reached it).
 */
public final class DutSilent extends RuntimeException {
    private final String assertions;
    private final String expected;

    /**
     * @param assertions the assertion IDs of the check the answer was for
     * @param expected   what the step waited for, e.g. "a work completion within 2491 ms"
     */
    public DutSilent(String assertions, String expected) {
        super("no " + expected, null, false, false);
        this.assertions = assertions;
        this.expected = expected;
    }

    public String assertions() {
        return assertions;
    }

    public String expected() {
        return expected;
    }
}
