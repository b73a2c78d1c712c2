package dev.ibmesh.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ErfTraceReaderTest {
    /** Offset of the second record in a file of two R1 records: 24-byte file header + 16 + 16 + 30. */
    private static final int SECOND_RECORD = 24 + 62;

    @TempDir
    Path dir;

    private static final TraceRecord FIRST = new TraceRecord(
            1_700_000_000_000_000_001L, PortLabel.of(0), Direction.RX, ErfType.INFINIBAND, TracePackets.r1());
    private static final TraceRecord SECOND = new TraceRecord(
            1_700_000_000_000_000_003L, PortLabel.of(3), Direction.TX, ErfType.INFINIBAND, TracePackets.r1());

    @Test
    void aTruncatedLastRecordIsReportedAfterTheRecordsBeforeIt() throws IOException {
        byte[] file = twoRecords();
        Path trace = dir.resolve("cut.pcap");
        Files.write(trace, Arrays.copyOf(file, file.length - 7));
        try (ErfTraceReader reader = ErfTraceReader.open(trace)) {
            assertEquals(FIRST, reader.next());
            TraceFormatException e = assertThrows(TraceFormatException.class, reader::next);
            assertEquals(SECOND_RECORD, e.offset());
            assertEquals(
                    trace + ": at offset 86: truncated record: 39 of 46 bytes after the record header", e.getMessage());
            assertSame(e, assertThrows(TraceFormatException.class, reader::next), "the error sticks");
        }
    }

    @Test
    void aTruncatedRecordHeaderNamesItsOffset() {
        byte[] file = Arrays.copyOf(twoRecords(), SECOND_RECORD + 5);
        TraceFormatException e = assertThrows(TraceFormatException.class, () -> readAll(file));
        assertEquals("test: at offset 86: truncated record header: 5 of 16 bytes", e.getMessage());
    }

    @Test
    void aMissingFileIsATypedError() {
        Path missing = dir.resolve("missing.pcap");
        TraceFormatException e = assertThrows(TraceFormatException.class, () -> ErfTraceReader.open(missing));
        assertEquals(missing + ": at offset 0: no such file", e.getMessage());
    }

    @Test
    void emptyAndShortFilesAreTypedErrors() {
        assertError(new byte[0], 0, "empty file, expected a 24-byte pcap header");
        assertError(Arrays.copyOf(twoRecords(), 10), 0, "truncated pcap file header: 10 of 24 bytes");
    }

    @Test
    void aBadMagicIsReported() {
        byte[] file = twoRecords();
        file[0] = 0x7F;
        assertError(file, 0, "bad magic 0x7F3CB2A1, expected a classic pcap file (0xA1B2C3D4 or 0xA1B23C4D)");
        byte[] pcapng = HexFormat.of().parseHex("0a0d0d0a1c0000004d3c2b1a01000000ffffffffffffffff");
        assertError(
                pcapng,
                0,
                "bad magic 0x0A0D0D0A, expected a classic pcap file (0xA1B2C3D4 or 0xA1B23C4D)"
                        + " (this is pcapng, which is not supported)");
    }

    @Test
    void aLinktypeOtherThanErfIsReported() {
        byte[] file = twoRecords();
        file[20] = 1; // LINKTYPE_ETHERNET
        assertError(file, 20, "unsupported linktype 1, expected 197 (LINKTYPE_ERF)");
        file[20] = (byte) 247; // LINKTYPE_INFINIBAND, which Wireshark 4.0 cannot read either
        assertError(file, 20, "unsupported linktype 247, expected 197 (LINKTYPE_ERF)");
    }

    @Test
    void anUnsupportedVersionIsReported() {
        byte[] file = twoRecords();
        file[4] = 1;
        assertError(file, 4, "unsupported pcap version 1.4, expected 2.4");
    }

    /** Random damage to a valid file must surface as TraceFormatException or as records, never as anything else. */
    @Test
    void damagedFilesOnlyEverThrowTraceFormatException() {
        long seed = new Random().nextLong();
        Random random = new Random(seed);
        byte[] valid = twoRecords();
        for (int i = 0; i < 20_000; i++) {
            byte[] file = Arrays.copyOf(valid, random.nextInt(valid.length + 1));
            for (int flips = random.nextInt(4); flips > 0 && file.length > 0; flips--) {
                file[random.nextInt(file.length)] = (byte) random.nextInt(256);
            }
            try {
                readAll(file);
            } catch (TraceFormatException expected) {
                assertTrue(expected.offset() >= 0 && expected.offset() <= file.length, expected.getMessage());
            } catch (RuntimeException e) {
                throw new AssertionError(
                        "seed " + seed + ", case " + i + ": " + HexFormat.of().formatHex(file), e);
            }
        }
    }

    @Test
    void aBogusHugeLengthIsCappedAtTheSnaplenWithoutAllocating() {
        byte[] file = twoRecords();
        ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN).putInt(24 + 8, 0xFFFF_FFF0);
        assertError(file, 24, "record length 4294967280 exceeds snaplen 65535");

        ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN).putInt(16, 0); // snaplen 0: "no limit"
        ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN).putInt(24 + 8, Integer.MAX_VALUE);
        assertError(file, 24, "record length 2147483647 exceeds the ERF maximum 65551");
    }

    @Test
    void aRecordTooShortForItsErfHeadersIsReported() {
        byte[] file = twoRecords();
        ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN).putInt(24 + 8, 10);
        assertError(file, 24, "record length 10 is shorter than the 16-byte ERF header");

        byte[] ext = twoRecords();
        ByteBuffer.wrap(ext).order(ByteOrder.LITTLE_ENDIAN).putInt(24 + 8, 16 + 4);
        ext[24 + 16 + 8] |= (byte) 0x80; // "extension header present", but only 4 bytes follow
        assertError(ext, 24 + 16 + 16, "ERF extension header runs past the end of its 20-byte record");
    }

    /**
     * A file as other tools write it: big-endian, microsecond magic, snaplen 4096, an ERF extension header,
     * 8-byte alignment padding after the packet (rlen 56 > 16 + 8 + wlen 30), interface 1 with flags 0x05, and a
     * non-InfiniBand ERF type (2 = Ethernet) that must be kept as a value.
     */
    @Test
    void readsBigEndianMicrosecondFilesWithExtensionHeadersAndPadding() throws TraceFormatException {
        byte[] erf = ByteBuffer.allocate(56)
                .order(ByteOrder.LITTLE_ENDIAN)
                .putLong((1_700_000_000L << 32) | 0x8000_0000L)
                .order(ByteOrder.BIG_ENDIAN)
                .put((byte) (0x80 | 21))
                .put((byte) 0x05)
                .putShort((short) 56)
                .putShort((short) 0)
                .putShort((short) 30)
                .putLong(0x0400_0000_0000_0001L) // extension header type 4 (intercept ID), no more
                .put(TracePackets.r1())
                .array();
        byte[] foreignType = erf.clone();
        foreignType[8] = 2;
        foreignType[9] = 0x04;
        ByteBuffer file = ByteBuffer.allocate(24 + 2 * (16 + 56))
                .order(ByteOrder.BIG_ENDIAN)
                .putInt(0xA1B2C3D4)
                .putShort((short) 2)
                .putShort((short) 4)
                .putInt(0)
                .putInt(0)
                .putInt(4096)
                .putInt(197)
                .putInt(1_700_000_000)
                .putInt(500_000)
                .putInt(56)
                .putInt(56)
                .put(erf)
                .putInt(1_700_000_000)
                .putInt(500_000)
                .putInt(56)
                .putInt(56)
                .put(foreignType);
        List<TraceRecord> records = readAll(file.array());
        assertEquals(
                new TraceRecord(
                        1_700_000_000_500_000_000L,
                        PortLabel.of(1),
                        Direction.RX,
                        ErfType.INFINIBAND,
                        TracePackets.r1()),
                records.get(0));
        TraceRecord ethernet = records.get(1);
        assertEquals(new ErfType(2), ethernet.type());
        assertEquals(PortLabel.of(0), ethernet.port());
        // no extension header flag now: the 8 bytes that were one belong to the packet, cut at wlen
        assertArrayEquals(Arrays.copyOfRange(erf, 16, 16 + 30), ethernet.packet());
    }

    @Test
    void aBadSidecarIsATypedError() throws IOException {
        Path trace = dir.resolve("labels.pcap");
        Files.write(trace, twoRecords());
        Files.writeString(PortLabelSidecar.of(trace), "0=hca0\nseven=x\n");
        TraceFormatException e = assertThrows(TraceFormatException.class, () -> ErfTraceReader.open(trace));
        assertEquals(
                PortLabelSidecar.of(trace) + ": at offset 7: expected <interface 0..3>=<name>, found \"seven=x\"",
                e.getMessage());
    }

    private static byte[] twoRecords() {
        try {
            return TracePackets.written(List.of(FIRST, SECOND));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static void assertError(byte[] file, long offset, String problem) {
        TraceFormatException e = assertThrows(TraceFormatException.class, () -> readAll(file));
        assertEquals("test: at offset " + offset + ": " + problem, e.getMessage());
        assertEquals(offset, e.offset());
        assertTrue(e.getMessage().startsWith(e.source()));
    }

    private static List<TraceRecord> readAll(byte[] file) throws TraceFormatException {
        try (ErfTraceReader reader = new ErfTraceReader(new ByteArrayInputStream(file), "test")) {
            List<TraceRecord> records = ErfTraceRoundTripTest.readAll(reader);
            assertNull(reader.next());
            return records;
        }
    }
}
