package dev.ibmesh.tshark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The one way the tests run tshark: find it (a missing tshark fails the test with the install command, it never skips),
 * run it on a trace with {@code --disable-protocol rpcordma} (docs/wire-format.md, tshark 4.0.17: the RPC-over-RDMA
 * heuristic can mark RC SEND payloads malformed), and return its output after checking the exit code.
 */
public final class Tshark {
    public static final String NOT_FOUND = "tshark not found: install it with apt-get install -y tshark";
    private static final long TIMEOUT_SECONDS = 60;

    private Tshark() {}

    /** What tshark printed. */
    public record Output(String stdout, String stderr) {
        public List<String> lines() {
            return stdout.lines().toList();
        }
    }

    /** tshark on the PATH, else /usr/bin/tshark; fails the calling test when there is none. */
    public static Path find() {
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
        return fail(NOT_FOUND);
    }

    /**
     * Runs {@code tshark --disable-protocol rpcordma -r trace args...}, waits up to 60 s and fails the test unless
     * it exits with status 0.
     */
    public static Output read(Path trace, List<String> args) throws IOException, InterruptedException {
        List<String> command =
                new ArrayList<>(List.of(find().toString(), "--disable-protocol", "rpcordma", "-r", trace.toString()));
        command.addAll(args);
        Path err = Files.createTempFile("tshark", ".err");
        try {
            Process process =
                    new ProcessBuilder(command).redirectError(err.toFile()).start();
            process.getOutputStream().close();
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            boolean finished = process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            if (!finished) {
                process.destroyForcibly();
            }
            assertTrue(finished, "tshark did not finish in " + TIMEOUT_SECONDS + " s: " + command);
            String stderr = Files.readString(err);
            assertEquals(0, process.exitValue(), "tshark failed: " + command + "\n" + stderr);
            return new Output(out, stderr);
        } finally {
            Files.deleteIfExists(err);
        }
    }

    public static Output read(Path trace, String... args) throws IOException, InterruptedException {
        return read(trace, List.of(args));
    }
}
