package dev.ibmesh.tester.service;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;

/**
 * The gRPC statuses a refused tester request answers, each with a message that names the field and what is allowed
 * (the codes are in tester.proto's header). Stateless.
 */
final class TesterErrors {
    private TesterErrors() {}

    /** A missing or contradictory value. */
    static StatusRuntimeException invalid(String message) {
        return Status.INVALID_ARGUMENT.withDescription(message).asRuntimeException();
    }

    /** A name of something that does not exist: a glob matching no procedure, a suite, a DUT, a run. */
    static StatusRuntimeException notFound(String message) {
        return Status.NOT_FOUND.withDescription(message).asRuntimeException();
    }

    /** What the tester's state forbids now: a second run, the report of a run still running. */
    static StatusRuntimeException busy(String message) {
        return Status.FAILED_PRECONDITION.withDescription(message).asRuntimeException();
    }
}
