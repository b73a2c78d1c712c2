package dev.ibmesh.runtime.madport;

import java.time.Duration;

/** No response with the request's TransactionID arrived in time. */
public final class MadTimeoutException extends RuntimeException {
    private final long transactionId;
    private final Duration timeout;

    public MadTimeoutException(long transactionId, Duration timeout) {
        super(String.format("no response to TID 0x%016x within %d ms", transactionId, timeout.toMillis()));
        this.transactionId = transactionId;
        this.timeout = timeout;
    }

    public long transactionId() {
        return transactionId;
    }

    public Duration timeout() {
        return timeout;
    }
}
