package dev.ibmesh.runtime.madport;

/**
 * The backend cannot send the MAD as it was given: its wire has no room for part of the addressing (the ibsim
 * protocol carries no SL, Q_Key or P_Key index). It refuses rather than send something else.
 */
public final class MadNotCarriedException extends RuntimeException {
    public MadNotCarriedException(String message) {
        super(message);
    }
}
