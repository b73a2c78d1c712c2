package dev.ibmesh.runtime.umad;

/** A datagram that does not follow the ibsim client protocol; {@link #reason()} says how. */
public final class SimProtocolException extends Exception {
    private final SimReject reason;

    public SimProtocolException(SimReject reason, String message) {
        super(reason + ": " + message, null, false, false);
        this.reason = reason;
    }

    public SimReject reason() {
        return reason;
    }
}
