package dev.ibmesh.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ibmesh.runtime.umad.OfedTools;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's OpenSM and infiniband-diags commands work as written: its shell block is taken from README.md and run
 * by bash from the repository's root, stopping at the first command that fails. Four things are changed, so that it
 * runs beside other builds and without root: ibmesh is this build's classes (./ibmesh would build the project again)
 * on a free HTTP port and a free umad port range instead of 9100 and 7070; OpenSM's directory is a fresh one instead
 * of /tmp/osm; the apt-get line is left out (the tools are test dependencies, checked here).
 */
class ReadmeOpenSmTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @Test
    void theCommandsRunAsWritten(@TempDir Path dir) throws Exception {
        for (String[] tool : new String[][] {
            {"opensm", "opensm"},
            {"ibnetdiscover", "infiniband-diags"},
            {"ibswitches", "infiniband-diags"},
            {"ibhosts", "infiniband-diags"},
            {"smpquery", "infiniband-diags"},
            {"ibroute", "infiniband-diags"},
            {"perfquery", "infiniband-diags"},
            {"sminfo", "infiniband-diags"}
        }) {
            OfedTools.require(tool[0], tool[1]);
        }
        assertNotNull(OfedTools.which("curl"), "curl is not installed: apt-get install curl");

        int http = FreePorts.tcp();
        int umad = FreePorts.udpRange(11);
        String ibmesh = String.join(
                " ",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1",
                "-cp",
                System.getProperty("java.class.path"),
                Ibmesh.class.getName());
        String block = shellBlock(Files.readString(ROOT.resolve("README.md")), "## OpenSM and infiniband-diags");
        String script = block.lines()
                .filter(l -> !l.startsWith("sudo apt-get install"))
                .collect(Collectors.joining("\n", "", "\n"));
        script = replaceOnce(
                script, "./ibmesh up ", ibmesh + " up --http " + http + " --grpc 0 --umad-port " + umad + " ");
        script = replaceOnce(script, "localhost:9100", "localhost:" + http);
        script = replaceOnce(script, "IBSIM_SERVER_PORT=7070", "IBSIM_SERVER_PORT=" + umad);
        assertTrue(script.contains("/tmp/osm"), script);
        script = script.replace("/tmp/osm", dir.resolve("osm").toString());
        Path file = Files.writeString(dir.resolve("readme.sh"), script);
        Path output = dir.resolve("output.txt");

        // A session of its own, so that whatever the script leaves running (it fails half way) can be ended with it.
        ProcessBuilder pb = new ProcessBuilder("setsid", "bash", "-euo", "pipefail", "-x", file.toString())
                .directory(ROOT.toFile())
                .redirectErrorStream(true)
                .redirectOutput(output.toFile());
        for (String name : List.of(
                "LD_PRELOAD", "SIM_HOST", "IBSIM_SERVER_NAME", "IBSIM_SERVER_PORT", "OSM_CACHE_DIR", "OSM_TMP_DIR")) {
            pb.environment().remove(name);
        }
        pb.environment().put("PATH", pb.environment().getOrDefault("PATH", "/usr/bin:/bin") + ":/usr/sbin:/sbin");
        Process bash = pb.start();
        boolean finished;
        try {
            finished = bash.waitFor(10, TimeUnit.MINUTES);
        } finally {
            new ProcessBuilder("kill", "-KILL", "--", "-" + bash.pid())
                    .redirectErrorStream(true)
                    .start()
                    .waitFor(10, TimeUnit.SECONDS);
        }
        String out = Files.readString(output, StandardCharsets.UTF_8);
        assertTrue(finished, "the README's commands did not finish in 10 minutes:\n" + out);
        assertEquals(0, bash.exitValue(), "a README command failed (bash -x shows which):\n" + out);
        for (String expected : List.of(
                "SUBNET UP", // opensm's log
                "\"ibmesh switch sw1\" enhanced port 0 lid", // ibswitches
                "NodeType:........................Channel Adapter", // smpquery nodeinfo of h3
                "(ibmesh switch sw1):", // ibroute of sw1's LID
                "PortXmitData:", // perfquery
                "SMINFO_MASTER")) { // sminfo, answered by the daemon
            assertTrue(out.contains(expected), "no '" + expected + "' in:\n" + out);
        }
    }

    /** The first ```sh block after the heading. */
    private static String shellBlock(String readme, String heading) {
        int at = readme.indexOf(heading);
        assertTrue(at >= 0, "README.md has no section " + heading);
        int start = readme.indexOf("```sh\n", at);
        int end = readme.indexOf("```\n", start + 6);
        assertTrue(start >= 0 && end > start, "no ```sh block under " + heading);
        return readme.substring(start + 6, end);
    }

    /** The script with {@code what} replaced, which must be in it exactly once (else the README changed shape). */
    private static String replaceOnce(String script, String what, String with) {
        int first = script.indexOf(what);
        assertTrue(first >= 0 && script.indexOf(what, first + 1) < 0, "'" + what + "' once in:\n" + script);
        return script.replace(what, with);
    }
}
