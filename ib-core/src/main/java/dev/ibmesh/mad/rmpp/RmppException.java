package dev.ibmesh.mad.rmpp;

/** A transfer that breaks the RMPP rules, with the RMPPStatus an ABORT of it carries (IBA 13.6.2.1). */
public final class RmppException extends Exception {
    private final int status;

    public RmppException(int status, String message) {
        super(message + " (RMPPStatus " + status + ")");
        this.status = status;
    }

    public int status() {
        return status;
    }
}
