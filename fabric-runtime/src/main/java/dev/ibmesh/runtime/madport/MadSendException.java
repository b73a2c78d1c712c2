package dev.ibmesh.runtime.madport;

/** A MAD could not leave its port (the port is down, no route, a full queue, the port closed). */
public final class MadSendException extends RuntimeException {
    public MadSendException(String message) {
        super(message);
    }
}
