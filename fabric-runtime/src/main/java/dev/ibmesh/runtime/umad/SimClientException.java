package dev.ibmesh.runtime.umad;

/** An ibsim-protocol server could not be reached, refused the client, or stopped answering. */
public final class SimClientException extends RuntimeException {
    public SimClientException(String message) {
        super(message);
    }

    public SimClientException(String message, Throwable cause) {
        super(message, cause);
    }
}
