package dev.ibmesh.cli.ofed;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs an unmodified OpenFabrics program (opensm, ibnetdiscover, smpquery, ...) under ibsim's {@code ibsim-run},
 * which preloads libumad2sim: with IBSIM_SERVER_NAME/IBSIM_SERVER_PORT it talks UDP to ibmesh's umad endpoint, and
 * SIM_HOST names the device port it attaches to. A missing tool fails the test with the Debian package to install
 * ({@code scripts/install-test-deps} installs them all).
 */
record OfedTool(int umadPort, String simHost) {
    /** What a finished program printed. */
    record Result(int exit, String out) {
        List<String> lines() {
            return out.lines().toList();
        }
    }

    static void require(String command, String debianPackage) {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin").split(":")) {
            if (Files.isExecutable(Path.of(dir, command))) {
                return;
            }
        }
        fail(command + " is not installed: install the Debian package " + debianPackage
                + " (scripts/install-test-deps does)");
    }

    /** Runs {@code command} to its end (at most {@code timeoutSeconds}); stdout and stderr together. */
    Result run(int timeoutSeconds, String... command) throws IOException, InterruptedException {
        Process p = start(command);
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail(String.join(" ", command) + " did not finish in " + timeoutSeconds + " s:\n"
                    + new String(out, StandardCharsets.UTF_8));
        }
        return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8));
    }

    /** Starts {@code command} (a daemon such as opensm); output goes to the process's stream. */
    Process start(String... command) throws IOException {
        require("ibsim-run", "ibsim-utils");
        require(command[0], command[0].equals("opensm") ? "opensm" : "infiniband-diags");
        List<String> argv = new ArrayList<>(List.of("ibsim-run"));
        argv.addAll(List.of(command));
        ProcessBuilder pb = new ProcessBuilder(argv).redirectErrorStream(true);
        Map<String, String> env = pb.environment();
        env.put("IBSIM_SERVER_NAME", "127.0.0.1");
        env.put("IBSIM_SERVER_PORT", Integer.toString(umadPort));
        env.put("SIM_HOST", simHost);
        return pb.start();
    }
}
