package dev.ibmesh.tester.bench;

/** The bench could not be set up (devices, link training, the link's bring-up): an ERROR verdict, never a FAIL. */
public final class BenchException extends RuntimeException {
    public BenchException(String message, Throwable cause) {
        super(message, cause);
    }
}
