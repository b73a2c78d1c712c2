package dev.ibmesh.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Wireshark must open what the writer writes and dissect the InfiniBand packet inside the ERF records. */
class TsharkTest {
    @TempDir
    Path dir;

    @Test
    void tsharkDissectsTheWrittenRecords() throws IOException, InterruptedException {
        Path tshark = findTshark();
        Path trace = dir.resolve("r1.pcap");
        try (ErfTraceWriter writer = ErfTraceWriter.create(trace)) {
            writer.write(new TraceRecord(1_700_000_000_123_456_789L, PortLabel.of(0), Direction.RX,
                    ErfType.INFINIBAND, TracePackets.r1()));
            writer.write(new TraceRecord(1_700_000_000_123_456_791L, new PortLabel(2, "leaf1/p3"), Direction.TX,
                    ErfType.INFINIBAND, TracePackets.r1()));
        }
        Process process = new ProcessBuilder(tshark.toString(), "-r", trace.toString(), "-T", "fields",
                "-e", "frame.number", "-e", "erf.flags.cap", "-e", "infiniband.lrh.dlid",
                "-e", "infiniband.lrh.slid", "-e", "infiniband.bth.opcode")
                .redirectError(dir.resolve("tshark.err").toFile())
                .start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "tshark did not finish in 60 s");
        String err = Files.readString(dir.resolve("tshark.err"));
        assertEquals(0, process.exitValue(), "tshark failed: " + err);
        // frame, capture interface (= port; TX sets ERF flags bit 6, which tshark 4.0 shows as reserved), DLID,
        // SLID, opcode 17 = RC Acknowledge
        assertEquals(List.of("1\t0\t4\t1\t17", "2\t2\t4\t1\t17"), out.lines().toList(), "stderr: " + err);
    }

    private static Path findTshark() {
        for (String directory : System.getenv().getOrDefault("PATH", "/usr/bin").split(File.pathSeparator)) {
            Path candidate = Path.of(directory, "tshark");
            if (Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        Path usrBin = Path.of("/usr/bin/tshark");
        if (Files.isExecutable(usrBin)) {
            return usrBin;
        }
        return fail("tshark not found: install it with apt-get install -y tshark");
    }
}
