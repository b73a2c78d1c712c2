package dev.ibmesh.tester.transport;

/**
 * How the Transport Tester sets up the DUT's RC QP (the CTS's OpenRcChannel knobs): the requester's ACK timeout
 * (IBA 9.7.6.1.3: 4.096 us x 2^timeout, 0 = infinite), retry count and RNR retry count (7 = infinite), the
 * responder's min RNR timer code, and how many RDMA reads and atomics may be outstanding each way.
 */
public record RcChannelOptions(
        int ackTimeout, int retryCount, int rnrRetry, int minRnrTimer, int maxRdAtomic, int maxDestRdAtomic) {
    /** What OpenRcChannel gives unless a procedure says otherwise: ACK timeout 14 (~67 ms), 7 retries, RNR 7. */
    public static final RcChannelOptions DEFAULT = new RcChannelOptions(14, 7, 7, 12, 4, 4);

    public RcChannelOptions withAckTimeout(int code) {
        return new RcChannelOptions(code, retryCount, rnrRetry, minRnrTimer, maxRdAtomic, maxDestRdAtomic);
    }

    public RcChannelOptions withRetryCount(int count) {
        return new RcChannelOptions(ackTimeout, count, rnrRetry, minRnrTimer, maxRdAtomic, maxDestRdAtomic);
    }

    public RcChannelOptions withRnrRetry(int count) {
        return new RcChannelOptions(ackTimeout, retryCount, count, minRnrTimer, maxRdAtomic, maxDestRdAtomic);
    }

    public RcChannelOptions withMinRnrTimer(int code) {
        return new RcChannelOptions(ackTimeout, retryCount, rnrRetry, code, maxRdAtomic, maxDestRdAtomic);
    }
}
