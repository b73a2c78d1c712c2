package dev.ibmesh.device.hca.verbs;

/**
 * The one exception every invalid verbs request throws. The request changed nothing. The kind maps onto a gRPC status
 * code of the same name; the message names the field, the limit and the value.
 */
public final class VerbsException extends RuntimeException {
    public enum Kind {
        INVALID_ARGUMENT,
        NOT_FOUND,
        FAILED_PRECONDITION,
        RESOURCE_EXHAUSTED
    }

    private final Kind kind;

    public VerbsException(Kind kind, String message) {
        super(message);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }

    static VerbsException invalid(String message) {
        return new VerbsException(Kind.INVALID_ARGUMENT, message);
    }

    static VerbsException notFound(String what, long id) {
        return new VerbsException(Kind.NOT_FOUND, what + " " + id + " does not exist");
    }

    static VerbsException precondition(String message) {
        return new VerbsException(Kind.FAILED_PRECONDITION, message);
    }

    static VerbsException exhausted(String what, long limit, long requested) {
        return new VerbsException(
                Kind.RESOURCE_EXHAUSTED, what + ": the limit is " + limit + ", " + requested + " requested");
    }

    /** Checks {@code min <= value <= max} for a named field. */
    static long range(String field, long value, long min, long max) {
        if (value < min || value > max) {
            throw invalid(field + " must be " + min + ".." + max + ", was " + value);
        }
        return value;
    }
}
