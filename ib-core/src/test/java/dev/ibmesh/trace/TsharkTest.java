package dev.ibmesh.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ibmesh.tshark.Tshark;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Wireshark must open what the writer writes and dissect the InfiniBand packet inside the ERF records. */
class TsharkTest {
    @TempDir
    Path dir;

    @Test
    void tsharkDissectsTheWrittenRecords() throws IOException, InterruptedException {
        Path trace = dir.resolve("r1.pcap");
        try (ErfTraceWriter writer = ErfTraceWriter.create(trace)) {
            writer.write(new TraceRecord(
                    1_700_000_000_123_456_789L, PortLabel.of(0), Direction.RX, ErfType.INFINIBAND, TracePackets.r1()));
            writer.write(new TraceRecord(
                    1_700_000_000_123_456_791L,
                    new PortLabel(2, "leaf1/p3"),
                    Direction.TX,
                    ErfType.INFINIBAND,
                    TracePackets.r1()));
        }
        Tshark.Output out = Tshark.read(
                trace,
                "-T",
                "fields",
                "-e",
                "frame.number",
                "-e",
                "erf.flags.cap",
                "-e",
                "infiniband.lrh.dlid",
                "-e",
                "infiniband.lrh.slid",
                "-e",
                "infiniband.bth.opcode");
        // frame, capture interface (= port; TX sets ERF flags bit 6, which tshark 4.0 shows as reserved), DLID,
        // SLID, opcode 17 = RC Acknowledge
        assertEquals(List.of("1\t0\t4\t1\t17", "2\t2\t4\t1\t17"), out.lines(), "stderr: " + out.stderr());
    }
}
