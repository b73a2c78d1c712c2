package dev.ibmesh.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.trace.ErfTraceReader;
import dev.ibmesh.trace.TraceRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GenerateCommandTest {
    private static final Path EXAMPLE = Path.of("..", "examples", "scenarios", "smp-errors.yaml");

    @Test
    void theExampleScenarioShowsTheSwitchAnsweringOnlyTheGoodSmpAndCountingTheOthers(@TempDir Path dir)
            throws Exception {
        Path pcap = dir.resolve("smp-errors.pcap");
        CliRun run = CliRun.of("generate", "--output", pcap.toString(), EXAMPLE.toString());

        assertEquals(0, run.exit(), run.err() + run.out());
        List<String> lines = run.lines();
        List<String> answers = lines.stream()
                .filter(l -> l.contains(" rx ") && l.contains("SubnMgt GetResp NodeInfo"))
                .toList();
        assertEquals(1, answers.size(), run.out());
        assertTrue(answers.get(0).contains("TID=0x0000000000000001"), answers.get(0));
        assertTrue(lines.stream().anyMatch(l -> l.contains(" tx ") && l.endsWith("[BAD-VCRC]")), run.out());
        assertTrue(lines.stream().anyMatch(l -> l.contains(" tx ") && l.endsWith("[BAD-ICRC]")), run.out());
        assertTrue(lines.stream().anyMatch(l -> l.contains(" tx ") && l.endsWith("[BAD-LVER]")), run.out());
        int scenarioStarts = lines.indexOf(lines.stream()
                .filter(l -> l.startsWith("-- the scenario"))
                .findFirst()
                .orElseThrow());
        int goodSmp = lines.indexOf(lines.stream()
                .filter(l -> l.contains(" tx ") && l.contains("TID=0x0000000000000001"))
                .findFirst()
                .orElseThrow());
        assertTrue(
                lines.get(scenarioStarts + 1).contains("SubnMgtDR Get PortInfo") && scenarioStarts < goodSmp,
                "the scenario's frames are headed apart from the link setup's: " + run.out());
        assertTrue(run.out().contains("summary: 4 packets sent (4 data, 0 flow-control)"), run.out());
        assertTrue(lines.stream().anyMatch(l -> l.matches("\\s+PortRcvErrors\\s+0 -> 3\\s+\\(\\+3\\)")), run.out());

        int records = 0;
        try (ErfTraceReader reader = ErfTraceReader.open(pcap)) {
            for (TraceRecord r = reader.next(); r != null; r = reader.next()) {
                records++;
            }
        }
        long frameLines = lines.stream()
                .filter(l -> l.matches("\\s+\\d+ \\d+\\.\\d{9} tester .*"))
                .count();
        assertEquals(frameLines, records, "the pcap holds every frame printed");
    }

    @Test
    void aScenarioWithProblemsNamesEachAtItsPlaceAndExitsTwo(@TempDir Path dir) throws Exception {
        Path bad = dir.resolve("bad.yaml");
        Files.writeString(bad, "dut: {kind: switch}\npackets:\n  - flowControl: {vl: 16}\n");
        CliRun run = CliRun.of("generate", bad.toString());
        assertEquals(2, run.exit());
        assertTrue(run.err().contains("bad.yaml is not a valid scenario:"), run.err());
        assertTrue(run.err().contains("bad.yaml:3:23: 'vl' must be 0..15"), run.err());
        assertTrue(!run.err().contains("Exception"), run.err());
    }

    @Test
    void aMissingScenarioIsAUsageError(@TempDir Path dir) {
        CliRun run = CliRun.of("generate", dir.resolve("none.yaml").toString());
        assertEquals(2, run.exit());
        assertTrue(run.err().contains("none.yaml: no such file"), run.err());
    }
}
