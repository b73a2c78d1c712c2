package dev.ibmesh.mad.rmpp;

import dev.ibmesh.mad.Mad;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Cuts a payload into RMPP DATA segments (IBA 13.6.2.2). Every segment is a whole MAD: the MAD header, the RMPP
 * header and the class header (for SA the 20 bytes from SM_Key to ComponentMask, IBA 15.2.1.1) repeat in each, and
 * the data follows, {@code 256 - classHeaderLength} bytes a segment. PayloadLength counts from the end of the RMPP
 * header, class header included, in every segment: the first carries the whole transfer's, the last its own, those
 * between 0; the gap between the real data and the end of the last segment is padding. This is also what the Linux
 * MAD layer sends, so a kernel RMPP receiver puts our segments back together.
 */
public final class RmppSegments {
    /** Bytes of one segment that PayloadLength counts (the MAD after the RMPP header). */
    public static final int SEGMENT_PAYLOAD = Mad.SIZE - RmppHeader.END;

    private RmppSegments() {}

    /**
     * The DATA segments that carry {@code data} (one segment when it is empty).
     *
     * @param header            the first {@code classHeaderLength} bytes each segment starts with (MAD header, any RMPP
     *                          header, class header); its RMPP header is overwritten
     * @param classHeaderLength where the data starts in a segment: 56 for SA
     */
    public static List<byte[]> split(byte[] header, int classHeaderLength, byte[] data) {
        if (classHeaderLength < RmppHeader.END || classHeaderLength >= Mad.SIZE || header.length < classHeaderLength) {
            throw new IllegalArgumentException("class header must be 36-255 bytes and given whole, was "
                    + classHeaderLength + " of " + header.length);
        }
        int perSegment = dataPerSegment(classHeaderLength);
        int count = Math.max(1, (data.length + perSegment - 1) / perSegment);
        int pad = count * perSegment - data.length;
        List<byte[]> segments = new ArrayList<>(count);
        for (int i = 1; i <= count; i++) {
            byte[] mad = Arrays.copyOf(header, Mad.SIZE);
            Arrays.fill(mad, classHeaderLength, Mad.SIZE, (byte) 0);
            int from = (i - 1) * perSegment;
            System.arraycopy(data, from, mad, classHeaderLength, Math.min(perSegment, data.length - from));
            int flags = RmppHeader.FLAG_ACTIVE
                    | (i == 1 ? RmppHeader.FLAG_FIRST : 0)
                    | (i == count ? RmppHeader.FLAG_LAST : 0);
            long payloadLength = i == count ? SEGMENT_PAYLOAD - pad : i == 1 ? (long) count * SEGMENT_PAYLOAD - pad : 0;
            RmppHeader.write(mad, RmppHeader.TYPE_DATA, flags, RmppHeader.STATUS_NORMAL, i, payloadLength);
            segments.add(mad);
        }
        return segments;
    }

    /** Data bytes one segment carries after a class header of {@code classHeaderLength} bytes. */
    public static int dataPerSegment(int classHeaderLength) {
        return Mad.SIZE - classHeaderLength;
    }
}
