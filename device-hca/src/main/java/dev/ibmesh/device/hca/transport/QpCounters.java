package dev.ibmesh.device.hca.transport;

/** The counters of one QP; the transport counts, metrics read them through {@link QpCountersView}. */
public final class QpCounters implements QpCountersView {
    private static final int NAK_CODES = 32;
    private long packetsSent;
    private long packetsReceived;
    private long retries;
    private long timeouts;
    private long rnrNaksSent;
    private long rnrNaksReceived;
    private final long[] naksSent = new long[NAK_CODES];
    private final long[] naksReceived = new long[NAK_CODES];
    private long duplicates;
    private long dropped;

    public void sent() {
        packetsSent++;
    }

    public void received() {
        packetsReceived++;
    }

    public void retry() {
        retries++;
    }

    public void timeout() {
        timeouts++;
    }

    public void rnrNakSent() {
        rnrNaksSent++;
    }

    public void rnrNakReceived() {
        rnrNaksReceived++;
    }

    public void nakSent(int code) {
        naksSent[code]++;
    }

    public void nakReceived(int code) {
        naksReceived[code]++;
    }

    public void duplicate() {
        duplicates++;
    }

    public void drop() {
        dropped++;
    }

    @Override
    public long packetsSent() {
        return packetsSent;
    }

    @Override
    public long packetsReceived() {
        return packetsReceived;
    }

    @Override
    public long retries() {
        return retries;
    }

    @Override
    public long timeouts() {
        return timeouts;
    }

    @Override
    public long rnrNaksSent() {
        return rnrNaksSent;
    }

    @Override
    public long rnrNaksReceived() {
        return rnrNaksReceived;
    }

    @Override
    public long naksSent(int code) {
        return naksSent[code];
    }

    @Override
    public long naksReceived(int code) {
        return naksReceived[code];
    }

    @Override
    public long duplicates() {
        return duplicates;
    }

    @Override
    public long dropped() {
        return dropped;
    }
}
