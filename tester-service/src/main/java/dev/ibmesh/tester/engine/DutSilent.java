package dev.ibmesh.tester.engine;

/**
 * The DUT did not answer in time. The engine makes it a FAIL once the DUT has answered anything in this run (it is
 * reachable, and broke a rule by staying silent), and an ERROR otherwise (the tester never reached it).
 */
public final class DutSilent extends RuntimeException {
    public DutSilent(String message) {
        super(message, null, false, false);
    }
}
