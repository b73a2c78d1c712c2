package dev.ibmesh.runtime.control;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;

/**
 * The gRPC statuses a refused control request answers (the codes are in fabric.proto's header), each with a message
 * that names the field and what is allowed. Stateless.
 */
final class ControlErrors {
    private ControlErrors() {}

    /** A missing or malformed value. */
    static StatusRuntimeException invalid(String message) {
        return Status.INVALID_ARGUMENT.withDescription(message).asRuntimeException();
    }

    /** A device, port or link this server does not run. */
    static StatusRuntimeException notFound(String message) {
        return Status.NOT_FOUND.withDescription(message).asRuntimeException();
    }
}
