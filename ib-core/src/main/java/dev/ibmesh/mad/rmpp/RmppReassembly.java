package dev.ibmesh.mad.rmpp;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;

/**
 * The receiving side of one RMPP transfer (IBA 13.6.2.3): takes DATA segments in SegmentNumber order and puts their
 * data back together. A segment that is not the next one (a duplicate, or one after a lost segment) is not taken: the
 * receiver answers it by acknowledging again what it has, and the sender resends from there.
 *
 * <p>Not thread-safe: one transfer, one thread.
 */
public final class RmppReassembly {
    private final int classHeaderLength;
    private final ByteArrayOutputStream data = new ByteArrayOutputStream();
    private byte[] first;
    private long received;
    private boolean complete;

    /** @param classHeaderLength where the data starts in a segment: 56 for SA */
    public RmppReassembly(int classHeaderLength) {
        this.classHeaderLength = classHeaderLength;
    }

    /**
     * Offers a DATA segment; true when it was the next one and was taken.
     *
     * @throws RmppException when the transfer is broken beyond resending: a first segment that does not say so, or a
     *                       last whose PayloadLength does not fit
     */
    public boolean offer(byte[] mad) throws RmppException {
        long segment = RmppHeader.segmentNumber(mad);
        int flags = RmppHeader.flags(mad);
        if (complete || segment != received + 1) {
            return false;
        }
        boolean isFirst = (flags & RmppHeader.FLAG_FIRST) != 0;
        if (isFirst != (segment == 1)) {
            throw new RmppException(
                    RmppHeader.STATUS_INCONSISTENT_FIRST,
                    "segment " + segment + (isFirst ? " has" : " lacks") + " the First flag");
        }
        int perSegment = RmppSegments.dataPerSegment(classHeaderLength);
        int length = perSegment;
        if ((flags & RmppHeader.FLAG_LAST) != 0) {
            long pad = RmppSegments.SEGMENT_PAYLOAD - RmppHeader.data2(mad);
            if (pad < 0 || pad > perSegment) {
                throw new RmppException(
                        RmppHeader.STATUS_INCONSISTENT_LAST,
                        "last segment " + segment + " has PayloadLength " + RmppHeader.data2(mad));
            }
            length = perSegment - (int) pad;
            complete = true;
        }
        if (segment == 1) {
            first = Arrays.copyOf(mad, classHeaderLength);
        }
        data.write(mad, classHeaderLength, length);
        received = segment;
        return true;
    }

    /** The SegmentNumber of the last segment taken (0 before the first). */
    public long received() {
        return received;
    }

    /** The last segment arrived: {@link #data()} is the whole payload. */
    public boolean complete() {
        return complete;
    }

    /** The header bytes of the first segment (MAD, RMPP and class headers). */
    public byte[] header() {
        return first == null ? new byte[0] : first.clone();
    }

    /** The data taken so far, without headers or padding. */
    public byte[] data() {
        return data.toByteArray();
    }
}
