package dev.ibmesh.tester.engine;

/**
 * A problem of the tester or the setup, not of the DUT (the link never trained, the DUT was never reached, a verbs
 * call of the setup was refused): the procedure ends with ERROR.
 */
public class TesterError extends RuntimeException {
    public TesterError(String message) {
        super(message);
    }

    public TesterError(String message, Throwable cause) {
        super(message, cause);
    }
}
