package dev.ibmesh.tester.run;

/** A request that names something that does not exist: the message names it and what is allowed. */
public final class UsageException extends RuntimeException {
    public UsageException(String message) {
        super(message);
    }
}
