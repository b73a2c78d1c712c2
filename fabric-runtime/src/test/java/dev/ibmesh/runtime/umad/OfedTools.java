package dev.ibmesh.runtime.umad;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs Debian's OpenFabrics tools under {@code ibsim-run} against a umad server, as a user would:
 * {@code IBSIM_SERVER_NAME=127.0.0.1 IBSIM_SERVER_PORT=<port> SIM_HOST=<name> ibsim-run smpquery ...}. A missing
 * tool fails the test with the package to install (they are test dependencies, installed by
 * {@code scripts/install-test-deps}); nothing is skipped.
 */
public final class OfedTools {
    static final String[] UMAD2SIM = {
        "/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so",
        "/usr/lib/aarch64-linux-gnu/umad2sim/libumad2sim.so",
        "/usr/lib/umad2sim/libumad2sim.so",
        "/usr/lib64/umad2sim/libumad2sim.so"
    };

    /** What a finished tool printed. */
    public record Run(int exitCode, String out, String err) {
        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }

    private OfedTools() {}

    /** Fails with what to install when {@code ibsim-run}, {@code libumad2sim.so} or {@code tool} is missing. */
    public static void require(String tool, String debianPackage) {
        if (which("ibsim-run") == null) {
            throw new AssertionError("ibsim-run is not installed: apt-get install ibsim-utils "
                    + "(scripts/install-test-deps installs the umad endpoint's test dependencies)");
        }
        boolean lib = false;
        for (String p : UMAD2SIM) {
            lib |= new File(p).isFile();
        }
        if (!lib) {
            throw new AssertionError("libumad2sim.so is not installed: apt-get install libumad2sim0 "
                    + "(scripts/install-test-deps installs the umad endpoint's test dependencies)");
        }
        if (which(tool) == null) {
            throw new AssertionError(tool + " is not installed: apt-get install " + debianPackage
                    + " (scripts/install-test-deps installs the umad endpoint's test dependencies)");
        }
    }

    public static String which(String tool) {
        if (new File(tool).isAbsolute()) {
            return new File(tool).canExecute() ? tool : null;
        }
        String path = System.getenv().getOrDefault("PATH", "") + ":/usr/sbin:/sbin:/usr/bin";
        for (String dir : path.split(":")) {
            File f = new File(dir, tool);
            if (!dir.isEmpty() && f.isFile() && f.canExecute()) {
                return f.getAbsolutePath();
            }
        }
        return null;
    }

    /** A started tool and the files its output goes to. */
    public record Started(Process process, Path out, Path err, String command) {
        public Run finish() throws IOException, InterruptedException {
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                String where = whereBlocked(process.pid());
                process.destroyForcibly();
                throw new AssertionError("'" + command + "' did not finish within 60 s; its threads were in:\n"
                        + where + "--- stdout\n" + Files.readString(out, StandardCharsets.UTF_8) + "--- stderr\n"
                        + Files.readString(err, StandardCharsets.UTF_8));
            }
            return new Run(
                    process.exitValue(),
                    Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        }
    }

    /**
     * Where each thread of a process that does not end is waiting: its kernel wait channel and its system call (the
     * number and arguments Linux shows in /proc), the evidence for a tool hung in a read of the simulator's socket.
     */
    static String whereBlocked(long pid) {
        StringBuilder b = new StringBuilder();
        File[] tasks = new File("/proc/" + pid + "/task").listFiles();
        for (File task : tasks == null ? new File[0] : tasks) {
            b.append("thread ")
                    .append(task.getName())
                    .append(": wchan ")
                    .append(readOrWhy(task.toPath().resolve("wchan")))
                    .append(", syscall ")
                    .append(readOrWhy(task.toPath().resolve("syscall")))
                    .append('\n');
        }
        return b.length() == 0 ? "(no threads under /proc/" + pid + "/task)\n" : b.toString();
    }

    private static String readOrWhy(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8).trim();
        } catch (IOException e) {
            return "(" + e.getMessage() + ")";
        }
    }

    /**
     * Starts {@code ibsim-run tool args...} in {@code dir} (umad2sim writes its copy of sysfs there), attached to the
     * server on 127.0.0.1:{@code serverPort} at {@code simHost} (null: none given).
     */
    public static Started start(Path dir, int serverPort, String simHost, List<String> env, String... command)
            throws IOException {
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        List<String> cmd = new ArrayList<>();
        cmd.add(which("ibsim-run"));
        cmd.add(which(command[0]));
        for (int i = 1; i < command.length; i++) {
            cmd.add(command[i]);
        }
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile());
        pb.environment().remove("LD_PRELOAD");
        pb.environment().remove("SIM_SET_ISSM");
        pb.environment().put("IBSIM_SERVER_NAME", "127.0.0.1");
        pb.environment().put("IBSIM_SERVER_PORT", Integer.toString(serverPort));
        if (simHost != null) {
            pb.environment().put("SIM_HOST", simHost);
        } else {
            pb.environment().remove("SIM_HOST");
        }
        for (String kv : env) {
            int eq = kv.indexOf('=');
            pb.environment().put(kv.substring(0, eq), kv.substring(eq + 1));
        }
        pb.redirectOutput(out.toFile()).redirectError(err.toFile());
        return new Started(pb.start(), out, err, String.join(" ", command));
    }

    /** Runs one tool to the end and returns what it printed. */
    public static Run run(Path dir, int serverPort, String simHost, List<String> env, String... command)
            throws IOException, InterruptedException {
        return start(dir, serverPort, simHost, env, command).finish();
    }
}
