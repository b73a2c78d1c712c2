package dev.ibmesh.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ErfTraceWriterTest {
    @TempDir
    Path dir;

    @Test
    void writesTheExactBytesOfAFileHeaderAndOneRecord() throws IOException {
        TraceRecord r1 = new TraceRecord(
                1_700_000_000_123_456_789L, PortLabel.of(2), Direction.TX, ErfType.INFINIBAND, TracePackets.r1());
        String expected = ""
                // pcap file header: magic a1b23c4d (ns) LE, version 2.4, thiszone 0, sigfigs 0, snaplen 65535, 197
                + "4d3cb2a1" + "0200" + "0400" + "00000000" + "00000000" + "ffff0000" + "c5000000"
                // pcap record header: ts_sec 0x6553f100, ts_nsec 123456789 = 0x075bcd15, incl = orig = 46
                + "00f15365" + "15cd5b07" + "2e000000" + "2e000000"
                // ERF: ts 0x6553f100_1f9add37 LE, type 21, flags 0x04 | 0x40 (TX) | 2, rlen 46, lctr 0, wlen 30
                + "37dd9a1f00f15365" + "15" + "46" + "002e" + "0000" + "001e"
                + TracePackets.R1_HEX;
        assertEquals(expected, HexFormat.of().formatHex(TracePackets.written(List.of(r1))));
    }

    @Test
    void anEmptyTraceIsJustTheFileHeader() throws IOException {
        assertEquals(
                "4d3cb2a1" + "0200" + "0400" + "00000000" + "00000000" + "ffff0000" + "c5000000",
                HexFormat.of().formatHex(TracePackets.written(List.of())));
    }

    @Test
    void refusesWhatTheFormatCannotHold() throws IOException {
        try (ErfTraceWriter writer = new ErfTraceWriter(new ByteArrayOutputStream())) {
            assertThrows(
                    IllegalArgumentException.class,
                    () -> writer.write(new TraceRecord(
                            0,
                            PortLabel.of(0),
                            Direction.RX,
                            ErfType.INFINIBAND,
                            new byte[ErfTraceWriter.MAX_PACKET + 1])));
            assertThrows(
                    IllegalArgumentException.class,
                    () -> writer.write(
                            new TraceRecord(-1, PortLabel.of(0), Direction.RX, ErfType.INFINIBAND, TracePackets.r1())));
            IllegalArgumentException noSidecar = assertThrows(
                    IllegalArgumentException.class,
                    () -> writer.write(new TraceRecord(
                            0, new PortLabel(0, "hca0"), Direction.RX, ErfType.INFINIBAND, new byte[0])));
            assertTrue(noSidecar.getMessage().contains("sidecar"), noSidecar.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> new PortLabel(4, null));
        assertThrows(IllegalArgumentException.class, () -> new PortLabel(0, "two\nlines"));
    }

    @Test
    void aPortKeepsOneNamePerFile() throws IOException {
        Path trace = dir.resolve("names.pcap");
        try (ErfTraceWriter writer = ErfTraceWriter.create(trace)) {
            writer.write(new TraceRecord(
                    1, new PortLabel(1, "leaf1/p3"), Direction.RX, ErfType.INFINIBAND, TracePackets.r1()));
            IllegalArgumentException e = assertThrows(
                    IllegalArgumentException.class,
                    () -> writer.write(new TraceRecord(
                            2, new PortLabel(1, "leaf2/p3"), Direction.TX, ErfType.INFINIBAND, TracePackets.r1())));
            assertTrue(e.getMessage().contains("already named \"leaf1/p3\""), e.getMessage());
        }
        assertEquals("1=leaf1/p3\n", Files.readString(PortLabelSidecar.of(trace)));
    }

    @Test
    void rewritingATraceWithoutNamesRemovesTheStaleSidecar() throws IOException {
        Path trace = dir.resolve("stale.pcap");
        Files.writeString(PortLabelSidecar.of(trace), "0=old\n");
        try (ErfTraceWriter writer = ErfTraceWriter.create(trace)) {
            writer.write(new TraceRecord(1, PortLabel.of(0), Direction.RX, ErfType.INFINIBAND, TracePackets.r1()));
        }
        assertTrue(Files.notExists(PortLabelSidecar.of(trace)));
    }
}
