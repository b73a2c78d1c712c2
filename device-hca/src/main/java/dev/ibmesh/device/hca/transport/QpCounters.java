package dev.ibmesh.device.hca.transport;

import dev.ibmesh.runtime.counters.SingleWriterCounters;

/**
 * The counters of one QP; the transport counts on the device's event loop, metrics read them through
 * {@link QpCountersView} from the scrape thread: they are {@link SingleWriterCounters}, published with release
 * semantics.
 */
public final class QpCounters implements QpCountersView {
    private static final int NAK_CODES = 32;
    private static final int PACKETS_SENT = 0;
    private static final int PACKETS_RECEIVED = 1;
    private static final int RETRIES = 2;
    private static final int TIMEOUTS = 3;
    private static final int RNR_NAKS_SENT = 4;
    private static final int RNR_NAKS_RECEIVED = 5;
    private static final int DUPLICATES = 6;
    private static final int DROPPED = 7;

    private final SingleWriterCounters values = new SingleWriterCounters(DROPPED + 1);
    private final SingleWriterCounters naksSent = new SingleWriterCounters(NAK_CODES);
    private final SingleWriterCounters naksReceived = new SingleWriterCounters(NAK_CODES);

    public void sent() {
        values.increment(PACKETS_SENT);
    }

    public void received() {
        values.increment(PACKETS_RECEIVED);
    }

    public void retry() {
        values.increment(RETRIES);
    }

    public void timeout() {
        values.increment(TIMEOUTS);
    }

    public void rnrNakSent() {
        values.increment(RNR_NAKS_SENT);
    }

    public void rnrNakReceived() {
        values.increment(RNR_NAKS_RECEIVED);
    }

    public void nakSent(int code) {
        naksSent.increment(code);
    }

    public void nakReceived(int code) {
        naksReceived.increment(code);
    }

    public void duplicate() {
        values.increment(DUPLICATES);
    }

    public void drop() {
        values.increment(DROPPED);
    }

    @Override
    public long packetsSent() {
        return values.get(PACKETS_SENT);
    }

    @Override
    public long packetsReceived() {
        return values.get(PACKETS_RECEIVED);
    }

    @Override
    public long retries() {
        return values.get(RETRIES);
    }

    @Override
    public long timeouts() {
        return values.get(TIMEOUTS);
    }

    @Override
    public long rnrNaksSent() {
        return values.get(RNR_NAKS_SENT);
    }

    @Override
    public long rnrNaksReceived() {
        return values.get(RNR_NAKS_RECEIVED);
    }

    @Override
    public long naksSent(int code) {
        return naksSent.get(code);
    }

    @Override
    public long naksReceived(int code) {
        return naksReceived.get(code);
    }

    @Override
    public long duplicates() {
        return values.get(DUPLICATES);
    }

    @Override
    public long dropped() {
        return values.get(DROPPED);
    }
}
