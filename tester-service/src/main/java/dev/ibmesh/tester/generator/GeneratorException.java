package dev.ibmesh.tester.generator;

/** The generator could not do what it was asked on the tester's port (a packet refused, no link, a timeout). */
public final class GeneratorException extends RuntimeException {
    public GeneratorException(String message, Throwable cause) {
        super(message, cause);
    }
}
