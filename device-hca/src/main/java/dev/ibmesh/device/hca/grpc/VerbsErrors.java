package dev.ibmesh.device.hca.grpc;

import dev.ibmesh.device.hca.verbs.VerbsException;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;

/**
 * The gRPC status of a refused verbs request: each {@link VerbsException.Kind} to the status code of the same name,
 * the exception's message (field, limit, value) as the description; and of a request the HCA failed on (a bug):
 * INTERNAL. Stateless.
 */
final class VerbsErrors {
    private VerbsErrors() {}

    static StatusRuntimeException toStatus(VerbsException e) {
        return code(e.kind()).withDescription(e.getMessage()).asRuntimeException();
    }

    /**
     * A fault of the HCA: INTERNAL, with the exception's class and message, at once (left to gRPC, the caller would
     * get UNKNOWN with no description).
     */
    static StatusRuntimeException internal(RuntimeException e) {
        return Status.INTERNAL.withDescription("the HCA failed: " + e).asRuntimeException();
    }

    private static Status code(VerbsException.Kind kind) {
        return switch (kind) {
            case INVALID_ARGUMENT -> Status.INVALID_ARGUMENT;
            case NOT_FOUND -> Status.NOT_FOUND;
            case FAILED_PRECONDITION -> Status.FAILED_PRECONDITION;
            case RESOURCE_EXHAUSTED -> Status.RESOURCE_EXHAUSTED;
        };
    }

    static VerbsException invalid(String message) {
        return new VerbsException(VerbsException.Kind.INVALID_ARGUMENT, message);
    }
}
