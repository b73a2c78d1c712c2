package dev.ibmesh.mad.rmpp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.mad.Mad;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RmppSegmentsTest {
    private static final int SA_HEADER = 56;

    private static byte[] header() {
        byte[] h = new byte[SA_HEADER];
        for (int i = 0; i < h.length; i++) {
            h[i] = (byte) (i + 1);
        }
        return h;
    }

    private static byte[] data(int length) {
        byte[] d = new byte[length];
        new Random(length).nextBytes(d);
        return d;
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 199, 200, 201, 400, 1234})
    void segmentsGoBackTogether(int length) throws RmppException {
        byte[] data = data(length);
        List<byte[]> segments = RmppSegments.split(header(), SA_HEADER, data);
        assertEquals(Math.max(1, (length + 199) / 200), segments.size());
        RmppReassembly r = new RmppReassembly(SA_HEADER);
        for (byte[] s : segments) {
            assertEquals(Mad.SIZE, s.length);
            assertTrue(r.offer(s));
        }
        assertTrue(r.complete());
        assertArrayEquals(data, r.data());
        assertEquals(segments.size(), r.received());
        // The MAD and class headers repeat; the RMPP header is the segment's own.
        assertArrayEquals(
                java.util.Arrays.copyOfRange(header(), 36, 56), java.util.Arrays.copyOfRange(r.header(), 36, 56));
    }

    /** The Linux MAD layer's rule: first PayloadLength = count*220 - pad, last = 220 - pad, others 0. */
    @Test
    void payloadLengthsAreTheKernels() {
        List<byte[]> s = RmppSegments.split(header(), SA_HEADER, data(450)); // 3 segments, pad 150
        assertEquals(3 * 220 - 150, RmppHeader.data2(s.get(0)));
        assertEquals(0, RmppHeader.data2(s.get(1)));
        assertEquals(220 - 150, RmppHeader.data2(s.get(2)));
        assertEquals(RmppHeader.FLAG_ACTIVE | RmppHeader.FLAG_FIRST, RmppHeader.flags(s.get(0)));
        assertEquals(RmppHeader.FLAG_ACTIVE, RmppHeader.flags(s.get(1)));
        assertEquals(RmppHeader.FLAG_ACTIVE | RmppHeader.FLAG_LAST, RmppHeader.flags(s.get(2)));
        for (int i = 0; i < 3; i++) {
            assertEquals(RmppHeader.TYPE_DATA, RmppHeader.type(s.get(i)));
            assertEquals(i + 1, RmppHeader.segmentNumber(s.get(i)));
        }
        // One segment: PayloadLength is the class header plus the data.
        assertEquals(
                20 + 64,
                RmppHeader.data2(
                        RmppSegments.split(header(), SA_HEADER, data(64)).get(0)));
    }

    @Test
    void duplicatesAndGapsAreNotTaken() throws RmppException {
        List<byte[]> s = RmppSegments.split(header(), SA_HEADER, data(500));
        RmppReassembly r = new RmppReassembly(SA_HEADER);
        assertFalse(r.offer(s.get(1)), "segment 2 before 1");
        assertTrue(r.offer(s.get(0)));
        assertFalse(r.offer(s.get(0)), "a duplicate");
        assertFalse(r.offer(s.get(2)), "segment 3 after a lost 2");
        assertEquals(1, r.received());
        assertTrue(r.offer(s.get(1)));
        assertTrue(r.offer(s.get(2)));
        assertArrayEquals(data(500), r.data());
    }

    @Test
    void brokenTransfersAbortWithTheirStatus() {
        List<byte[]> s = RmppSegments.split(header(), SA_HEADER, data(300));
        byte[] noFirst = s.get(0).clone();
        RmppHeader.write(noFirst, RmppHeader.TYPE_DATA, RmppHeader.FLAG_ACTIVE, 0, 1, 440);
        assertEquals(
                RmppHeader.STATUS_INCONSISTENT_FIRST,
                assertThrows(RmppException.class, () -> new RmppReassembly(SA_HEADER).offer(noFirst))
                        .status());
        byte[] badLast = s.get(0).clone();
        RmppHeader.write(
                badLast,
                RmppHeader.TYPE_DATA,
                RmppHeader.FLAG_ACTIVE | RmppHeader.FLAG_FIRST | RmppHeader.FLAG_LAST,
                0,
                1,
                221);
        assertEquals(
                RmppHeader.STATUS_INCONSISTENT_LAST,
                assertThrows(RmppException.class, () -> new RmppReassembly(SA_HEADER).offer(badLast))
                        .status());
    }
}
