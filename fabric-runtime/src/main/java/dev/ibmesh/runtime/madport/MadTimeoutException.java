package dev.ibmesh.runtime.madport;

import java.time.Duration;
import java.util.Optional;

/** No response with the request's TransactionID arrived in time. */
public final class MadTimeoutException extends RuntimeException {
    private final long transactionId;
    private final Duration timeout;
    private final Optional<String> undelivered;

    public MadTimeoutException(long transactionId, Duration timeout) {
        super(String.format("no response to TID 0x%016x within %d ms", transactionId, timeout.toMillis()));
        this.transactionId = transactionId;
        this.timeout = timeout;
        this.undelivered = Optional.empty();
    }

    private MadTimeoutException(long transactionId, Duration timeout, String why) {
        super(String.format("no response to TID 0x%016x: %s", transactionId, why));
        this.transactionId = transactionId;
        this.timeout = timeout;
        this.undelivered = Optional.of(why);
    }

    /**
     * No response will come: the backend gave the request back undelivered (ibsim does so at once when its fabric
     * has no way to the destination, where a real fabric would drop it and the requester would time out).
     */
    public static MadTimeoutException undelivered(long transactionId, Duration timeout, String why) {
        return new MadTimeoutException(transactionId, timeout, why);
    }

    /** Why the request was given back undelivered; empty for a plain timeout. */
    public Optional<String> undelivered() {
        return undelivered;
    }

    public long transactionId() {
        return transactionId;
    }

    public Duration timeout() {
        return timeout;
    }
}
