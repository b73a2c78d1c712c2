package dev.ibmesh.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ErfTraceRoundTripTest {
    private static final String[] NAMES = {"hca0/p1", "leaf1/p3", null, "spine=2 ü"};

    @TempDir
    Path dir;

    @Test
    void recordsOfBothTypesOnEveryPortAndDirectionComeBackUnchanged() throws IOException {
        List<TraceRecord> records = records(new Random(42), NAMES);
        Path trace = dir.resolve("mixed.pcap");
        try (ErfTraceWriter writer = ErfTraceWriter.create(trace)) {
            for (TraceRecord r : records) {
                writer.write(r);
            }
        }
        assertEquals("0=hca0/p1\n1=leaf1/p3\n3=spine=2 ü\n", Files.readString(PortLabelSidecar.of(trace)));
        try (ErfTraceReader reader = ErfTraceReader.open(trace)) {
            assertEquals(records, readAll(reader));
            assertNull(reader.next(), "end of file stays the end");
        }
    }

    @Test
    void aStreamRoundTripKeepsEverythingButNames() throws IOException {
        List<TraceRecord> records = records(new Random(7), new String[4]);
        byte[] file = TracePackets.written(records);
        try (ErfTraceReader reader = new ErfTraceReader(new ByteArrayInputStream(file), "memory")) {
            assertEquals(records, readAll(reader));
        }
    }

    /** Fixed edge cases, then random odd-nanosecond records on all ports, both directions and both types. */
    private static List<TraceRecord> records(Random random, String[] names) {
        List<TraceRecord> records = new ArrayList<>();
        records.add(record(1_700_000_000_000_000_001L, 0, names, Direction.RX, ErfType.INFINIBAND, TracePackets.r1()));
        records.add(record(
                1_700_000_000_999_999_999L, 1, names, Direction.TX, ErfType.INFINIBAND_LINK, TracePackets.link()));
        records.add(record(0, 3, names, Direction.TX, ErfType.INFINIBAND, new byte[0]));
        records.add(record(ErfTimestamp.MAX_NANOS, 2, names, Direction.RX, new ErfType(27), new byte[] {1, 2, 3}));
        long t = 1_700_000_123_000_000_000L;
        for (int i = 0; i < 200; i++) {
            t += random.nextInt(5_000_000) * 2L + 1;
            boolean link = random.nextInt(4) == 0;
            byte[] packet = new byte[link ? 6 : 20 + random.nextInt(400)];
            random.nextBytes(packet);
            records.add(record(
                    t,
                    i % 4,
                    names,
                    (i / 4) % 2 == 0 ? Direction.RX : Direction.TX,
                    link ? ErfType.INFINIBAND_LINK : ErfType.INFINIBAND,
                    packet));
        }
        return records;
    }

    private static TraceRecord record(long t, int port, String[] names, Direction d, ErfType type, byte[] packet) {
        return new TraceRecord(t, new PortLabel(port, names[port]), d, type, packet);
    }

    static List<TraceRecord> readAll(ErfTraceReader reader) throws TraceFormatException {
        List<TraceRecord> read = new ArrayList<>();
        for (TraceRecord r = reader.next(); r != null; r = reader.next()) {
            read.add(r);
        }
        return read;
    }
}
