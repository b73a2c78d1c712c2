package dev.ibmesh.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ibmesh fabric} against a running {@code ibmesh up} child process (sw1 with h1 and h2 cabled, port 3 free),
 * as an operator drives it: the tables, a cable pulled and put back, and the answers to bad input.
 */
class FabricCommandTest {

    @TempDir
    static Path dir;

    private static CliProcess up;
    private static String target;

    @BeforeAll
    static void start() throws Exception {
        Path topology = Files.writeString(dir.resolve("fabric.yaml"), """
                devices:
                  - {name: sw1, kind: switch, ports: 3}
                  - {name: h1, kind: hca, ports: 1}
                  - {name: h2, kind: hca, ports: 1}
                links:
                  - ends: [sw1/1, h1/1]
                  - ends: [sw1/2, h2/1]
                """);
        up = CliProcess.start(
                "ibmesh up",
                Map.of(),
                "up",
                topology.toString(),
                "--http",
                "0",
                "--grpc",
                "0",
                "--no-umad",
                "--no-sm",
                "--capture-dir",
                dir.resolve("captures").toString());
        target = ExampleClient.controlTarget(up);
        up.awaitLine("readiness", l -> l.startsWith("fabric ready:"), CliProcess.STARTUP);
    }

    @AfterAll
    static void stop() throws InterruptedException {
        if (up != null) {
            up.stop();
        }
    }

    @Test
    void listsDevicesAndLinksAsTables() {
        CliRun ls = fabric("ls");
        assertEquals(0, ls.exit(), ls.err());
        List<String> lines = ls.lines();
        assertTrue(lines.get(0).startsWith("DEVICE  KIND    NODE GUID"), ls.out());
        assertEquals(6, lines.size(), "a header and one line per port (3 + 1 + 1): " + ls.out());
        assertTrue(
                lines.stream()
                        .anyMatch(
                                l -> l.matches("sw1 +switch +0x\\p{XDigit}{16} +1 +LinkUp/Init +\\S+ +\\S+ +h1/1 .*")),
                ls.out());
        assertTrue(lines.stream().anyMatch(l -> l.matches("sw1 .* 3 +Polling/Down +- +- +- .*")), ls.out());

        CliRun links = fabric("links");
        assertEquals(0, links.exit(), links.err());
        assertEquals(
                List.of(
                        "A      B     LINK  A STATE      B STATE      IMPAIRED",
                        "sw1/1  h1/1  up    LinkUp/Init  LinkUp/Init  -",
                        "sw1/2  h2/1  up    LinkUp/Init  LinkUp/Init  -"),
                links.lines());
    }

    @Test
    void aCablePulledAndPutBack() throws Exception {
        CliRun down = fabric("down", "h2/1");
        assertEquals(0, down.exit(), down.err());
        assertTrue(down.out().startsWith("down h2/1: link sw1/2 - h2/1 is down now"), down.out());
        assertTrue(down.out().contains("h2/1 Disabled/Down"), down.out());
        up.awaitLine("sw1/2 going down", l -> l.contains("sw1/2 link down"), CliProcess.STARTUP);
        CliRun links = fabric("links");
        // sw1/2 keeps looking for its peer: Polling, or for a moment PortConfigurationTraining while it redials.
        assertTrue(
                links.lines().stream().anyMatch(l -> l.matches("sw1/2  h2/1  down  \\S+/Down +Disabled/Down +-")),
                links.out());

        CliRun back = fabric("up", "h2/1");
        assertEquals(0, back.exit(), back.err());
        assertTrue(back.out().startsWith("up h2/1: link sw1/2 - h2/1 is "), back.out());
        awaitSecond("h2/1 LinkUp with sw1/2");
        awaitSecond("sw1/2 LinkUp with h2/1");
        assertTrue(fabric("links").lines().contains("sw1/2  h2/1  up    LinkUp/Init  LinkUp/Init  -"));
    }

    @Test
    void aLinkImpairedAndHealed() {
        CliRun impair = fabric("impair", "h1/1", "--drop", "0.25", "--delay-us", "500", "--seed", "7", "--both");
        assertEquals(0, impair.exit(), impair.err());
        assertEquals(
                "impair h1/1: link sw1/1 - h1/1 impaired: sw1/1 drop=0.25 delay-us=500 seed=7;"
                        + " h1/1 drop=0.25 delay-us=500 seed=7\n",
                impair.out());
        assertTrue(
                fabric("links").lines().stream()
                        .anyMatch(l ->
                                l.startsWith("sw1/1  h1/1  up") && l.endsWith("h1/1 drop=0.25 delay-us=500 seed=7")),
                fabric("links").out());
        CliRun half = fabric("impair", "--clear", "sw1/1");
        assertEquals(0, half.exit(), half.err());
        assertEquals("impair sw1/1: link sw1/1 - h1/1 impaired: h1/1 drop=0.25 delay-us=500 seed=7\n", half.out());
        CliRun healed = fabric("impair", "--clear", "h1/1");
        assertEquals("impair h1/1: link sw1/1 - h1/1 impaired: no\n", healed.out());

        CliRun bad = fabric("impair", "h1/1", "--corrupt", "2");
        assertEquals(1, bad.exit());
        assertTrue(bad.err().contains("INVALID_ARGUMENT: impairment.corrupt: 2.0 is not a probability"), bad.err());
        assertTrue(fabric("links").out().contains("sw1/1  h1/1  up    LinkUp/Init  LinkUp/Init  -"), "unchanged");
    }

    @Test
    void aPortCapturedToAFileThatDecodeReads() {
        CliRun start = fabric("capture", "start", "sw1/2", "sw1-2.pcap", "--filter", "all");
        assertEquals(0, start.exit(), start.err());
        Path file = dir.resolve("captures").resolve("sw1-2.pcap").toAbsolutePath();
        assertEquals("capture sw1/2: writing " + file + " (filter all)\n", start.out());
        // Healing a direction re-sends its flow-control state: frames to capture.
        assertEquals(0, fabric("impair", "--clear", "sw1/2").exit());
        CliRun busy = fabric("capture", "start", "sw1/2", "again.pcap");
        assertEquals(1, busy.exit());
        assertTrue(busy.err().contains("FAILED_PRECONDITION: port: sw1/2 is already being captured"), busy.err());
        CliRun stop = fabric("capture", "stop", "sw1/2");
        assertEquals(0, stop.exit(), stop.err());
        Matcher m = Pattern.compile("capture sw1/2: (\\d+) of (\\d+) frames written to (.*)\n")
                .matcher(stop.out());
        assertTrue(m.matches(), stop.out());
        assertTrue(Integer.parseInt(m.group(1)) > 0 && m.group(1).equals(m.group(2)), stop.out());
        assertEquals(file.toString(), m.group(3));
        CliRun decoded = CliRun.of("decode", "--filter", "no-fc", file.toString());
        assertEquals(0, decoded.exit(), decoded.err());
        assertTrue(
                decoded.out().startsWith("summary: " + m.group(1) + " packets read, 0 kept by filter no-fc"),
                decoded.out());
        CliRun notCapturing = fabric("capture", "stop", "sw1/2");
        assertEquals(1, notCapturing.exit());
        assertTrue(notCapturing.err().contains("port: sw1/2 is not being captured"), notCapturing.err());
    }

    @Test
    void refusalsAreExit1AndUsageErrorsExit2() throws Exception {
        CliRun unknown = fabric("down", "sw9/1");
        assertEquals(1, unknown.exit());
        assertTrue(
                unknown.err().contains("NOT_FOUND: link: no device 'sw9' here; the devices: sw1, h1, h2"),
                unknown.err());
        CliRun uncabled = fabric("down", "sw1/3");
        assertEquals(1, uncabled.exit());
        assertTrue(uncabled.err().contains("NOT_FOUND: link: sw1/3 is not cabled"), uncabled.err());
        CliRun malformed = fabric("up", "sw1");
        assertEquals(1, malformed.exit());
        assertTrue(malformed.err().contains("INVALID_ARGUMENT: link: 'sw1' is not DEVICE/PORT"), malformed.err());
        assertTrue(fabric("links").out().contains("sw1/1  h1/1  up"), "nothing changed");

        assertEquals(2, CliRun.of("fabric").exit(), "no subcommand");
        CliRun missing = fabric("down");
        assertEquals(2, missing.exit());
        assertTrue(missing.err().contains("Missing required parameter: 'DEV/PORT'"), missing.err());
        CliRun badTarget = CliRun.of("fabric", "--target", "nowhere", "ls");
        assertEquals(2, badTarget.exit());
        assertTrue(badTarget.err().contains("--target 'nowhere' is not HOST:PORT"), badTarget.err());
        CliRun gone = CliRun.of("fabric", "--target", "127.0.0.1:" + FreePorts.tcp(), "ls");
        assertEquals(1, gone.exit());
        assertTrue(gone.err().contains("cannot reach the control API at 127.0.0.1:"), gone.err());
    }

    /** Waits for the log line that says {@code what} the second time (the first was at start). */
    private static void awaitSecond(String what) throws InterruptedException {
        int[] seen = {0};
        up.awaitLine(what + " again", l -> l.contains(what) && ++seen[0] == 2, CliProcess.STARTUP);
    }

    private static CliRun fabric(String... args) {
        String[] all = new String[args.length + 3];
        all[0] = "fabric";
        all[1] = "--target";
        all[2] = target;
        System.arraycopy(args, 0, all, 3, args.length);
        return CliRun.of(all);
    }
}
