package dev.ibmesh.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DecodeCommandTest {
    /** The shipped example is exactly what {@link ExampleTrace} makes (run with -Dibmesh.writeExamples to refresh). */
    @Test
    void shippedExampleIsCurrent() throws IOException {
        Path shipped = Path.of("..", "examples", "sample.pcap");
        byte[] expected = ExampleTrace.bytes();
        if (Boolean.getBoolean("ibmesh.writeExamples")) {
            Files.write(shipped, expected);
        }
        assertArrayEquals(expected, Files.readAllBytes(shipped), "examples/sample.pcap is stale");
    }

    @Test
    void decodesEveryFrameAndFlagsTheDamagedOnes(@TempDir Path dir) throws IOException {
        Path trace = dir.resolve("t.pcap");
        Files.write(trace, ExampleTrace.bytes());
        CliRun run = CliRun.of("decode", trace.toString());
        assertEquals(0, run.exit(), run.err());
        List<String> lines = run.lines();
        assertEquals(ExampleTrace.records().size() + 1, lines.size(), run.out());
        for (int i = 0; i < ExampleTrace.GOOD_DATA_FRAMES + 2; i++) {
            assertTrue(!lines.get(i).contains("[BAD") && !lines.get(i).contains("MALFORMED"), lines.get(i));
        }
        assertTrue(
                lines.get(0).contains("RC_ACKNOWLEDGE QP=0x870408 PSN=13896277 ACK credits=invalid MSN=1"),
                lines.get(0));
        assertTrue(
                lines.get(3).contains("SubnMgtDR Get SMInfo mod=0x00000000 status=0x0000 ok D=0 hop=1/2"),
                lines.get(3));
        assertTrue(
                lines.get(6).contains("SubnMgtDR GetResp NodeInfo")
                        && lines.get(6).contains("D=1"),
                lines.get(6));
        assertTrue(lines.get(9).contains("PerfMgt GetResp PortCounters"), lines.get(9));
        assertTrue(lines.get(18).contains("FC-INIT VL0 FCTBS=0 FCCL=2048"), lines.get(18));
        String badIcrc = lines.get(20);
        assertTrue(badIcrc.endsWith("[BAD-ICRC]"), badIcrc);
        assertTrue(lines.get(21).endsWith("[BAD-VCRC]"), lines.get(21));
        assertTrue(lines.get(22).endsWith("[BAD-PKTLEN]"), lines.get(22));
        assertEquals("summary: 23 packets read, 2 with CRC errors, 1 with other defects", lines.get(23));
    }

    @Test
    void aFilterPrintsOnlyTheFramesItKeepsNumberedAsInTheFile(@TempDir Path dir) throws IOException {
        Path trace = dir.resolve("t.pcap");
        Files.write(trace, ExampleTrace.bytes());
        List<String> all = CliRun.of("decode", trace.toString()).lines();
        CliRun run = CliRun.of("decode", "--filter", "no-fc", trace.toString());
        assertEquals(0, run.exit(), run.err());
        List<String> kept = run.lines();
        List<String> dataLines = all.subList(0, all.size() - 1).stream()
                .filter(l -> !l.matches(".* FC(-INIT)? VL.*"))
                .toList();
        assertTrue(dataLines.size() < all.size() - 1, "the example has flow-control packets");
        assertEquals(dataLines, kept.subList(0, kept.size() - 1));
        assertTrue(
                kept.get(kept.size() - 1)
                        .startsWith("summary: 23 packets read, " + dataLines.size() + " kept by filter no-fc,"),
                kept.get(kept.size() - 1));

        List<String> acks = CliRun.of("decode", "--filter", "opcode=RC_ACKNOWLEDGE", trace.toString())
                .lines();
        assertTrue(acks.size() > 1, acks.toString());
        assertTrue(acks.get(0).contains("RC_ACKNOWLEDGE QP=0x870408"), acks.get(0));
        assertTrue(
                acks.subList(0, acks.size() - 1).stream().allMatch(l -> l.contains("RC_ACKNOWLEDGE")), acks.toString());
        List<String> qp =
                CliRun.of("decode", "--filter", "qp=0x870408", trace.toString()).lines();
        assertEquals(3, qp.size(), "two frames to that QP, and the summary: " + qp);
        assertTrue(qp.get(0).startsWith("    1 ") && qp.get(1).startsWith("   22 "), qp.toString());
    }

    @Test
    void aBadFilterIsWrongUsage(@TempDir Path dir) throws IOException {
        Path trace = dir.resolve("t.pcap");
        Files.write(trace, ExampleTrace.bytes());
        CliRun run = CliRun.of("decode", "--filter", "vl=3", trace.toString());
        assertEquals(2, run.exit());
        assertTrue(run.err().contains("'vl=3' is not a filter term"), run.err());
    }

    @Test
    void verboseShowsEveryField(@TempDir Path dir) throws IOException {
        Path trace = dir.resolve("t.pcap");
        Files.write(trace, ExampleTrace.bytes());
        CliRun run = CliRun.of("decode", "-v", trace.toString());
        assertEquals(0, run.exit(), run.err());
        assertTrue(
                run.out()
                        .contains(
                                "BTH opCode=RC_ACKNOWLEDGE solicitedEvent=false migReq=false padCnt=0 tver=0 pKey=65535(0xFFFF)"),
                run.out());
        assertTrue(run.out().contains("AETH syndrome=31(0x1F) msn=1"), run.out());
        assertTrue(run.out().contains("initialPath=[2,3]"), run.out());
    }

    @Test
    void missingFileIsAClearError(@TempDir Path dir) {
        CliRun run = CliRun.of("decode", dir.resolve("nope.pcap").toString());
        assertEquals(1, run.exit());
        assertTrue(run.err().contains("nope.pcap: no such file"), run.err());
    }

    @Test
    void truncatedFileShowsWhatWasReadThenFails(@TempDir Path dir) throws IOException {
        byte[] full = ExampleTrace.bytes();
        Path trace = dir.resolve("cut.pcap");
        Files.write(trace, Arrays.copyOf(full, full.length - 3));
        CliRun run = CliRun.of("decode", trace.toString());
        assertEquals(1, run.exit());
        assertTrue(run.out().contains("summary: 22 packets read"), run.out());
        assertTrue(run.err().contains("offset"), run.err());
    }

    @Test
    void nonErfFileIsRejected(@TempDir Path dir) throws IOException {
        Path text = dir.resolve("notes.txt");
        Files.writeString(text, "this is not a capture, just some text that is long enough");
        CliRun run = CliRun.of("decode", text.toString());
        assertEquals(1, run.exit());
        assertTrue(run.err().contains("magic"), run.err());
    }

    @Test
    void wrongUsageExitsWithTwo() {
        CliRun run = CliRun.of("decode");
        assertEquals(2, run.exit());
        assertTrue(run.err().contains("Missing required parameter: 'FILE'"), run.err());
    }
}
