package dev.ibmesh.gateway;

import dev.ibmesh.proto.gateway.v1.Failure;
import dev.ibmesh.runtime.madport.MadNotCarriedException;
import dev.ibmesh.runtime.madport.MadSendException;
import dev.ibmesh.runtime.madport.MadTimeoutException;
import java.time.Duration;
import java.util.concurrent.CompletionException;

/**
 * A failed call between the exceptions of the {@link dev.ibmesh.runtime.madport.MadPort} contract and a
 * {@link Failure} on the stream: the gateway turns its port's into messages, the client back into the same
 * exceptions, so a tester tells a silent DUT (timeout) from a refused MAD as it would on the gateway's host.
 */
final class Failures {
    private Failures() {}

    static Failure of(Failure.Kind kind, String message) {
        return Failure.newBuilder().setKind(kind).setMessage(message).build();
    }

    /** What the gateway's port failed a call with. */
    static Failure toProto(Throwable failure) {
        Throwable e =
                failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
        if (e instanceof MadTimeoutException t) {
            Failure.Builder b =
                    Failure.newBuilder().setTimeoutMs((int) t.timeout().toMillis());
            return t.undelivered()
                    .map(why -> b.setKind(Failure.Kind.KIND_UNDELIVERED).setMessage(why))
                    .orElseGet(() -> b.setKind(Failure.Kind.KIND_TIMEOUT).setMessage(t.getMessage()))
                    .build();
        }
        if (e instanceof MadNotCarriedException) {
            return of(Failure.Kind.KIND_NOT_CARRIED, e.getMessage());
        }
        return of(Failure.Kind.KIND_SEND_FAILED, e instanceof MadSendException ? e.getMessage() : e.toString());
    }

    /**
     * The exception a client's call fails with.
     *
     * @param tid     the client's TransactionID of the request, if the call was one
     * @param gateway names the gateway in messages
     */
    static RuntimeException fromProto(Failure f, long tid, String gateway) {
        Duration timeout = Duration.ofMillis(f.getTimeoutMs());
        return switch (f.getKind()) {
            case KIND_TIMEOUT -> new MadTimeoutException(tid, timeout);
            case KIND_UNDELIVERED -> MadTimeoutException.undelivered(tid, timeout, f.getMessage());
            case KIND_NOT_CARRIED -> new MadNotCarriedException(f.getMessage());
            default -> new MadSendException(gateway + ": " + f.getMessage());
        };
    }
}
