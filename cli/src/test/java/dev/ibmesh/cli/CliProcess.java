package dev.ibmesh.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An ibmesh command in a child JVM, as an operator starts it. What it prints (stdout and the log on stderr) is read
 * line by line as it comes, so a test waits on what the process says - its banner, a log line - not on time.
 */
final class CliProcess {
    /** How long a JVM may take to start and print its banner on a machine busy with other builds. */
    static final Duration STARTUP = Duration.ofMinutes(3);

    /** The banner of a service command: "... metrics at http://HOST:PORT/metrics, health at /health". */
    private static final Pattern HTTP_BANNER = Pattern.compile("metrics at http://\\S+:(\\d+)/metrics");

    private final String label;
    private final Process process;
    private final List<String> lines = new ArrayList<>(); // guarded by this
    private boolean ended; // guarded by this

    private CliProcess(String label, Process process) {
        this.label = label;
        this.process = process;
    }

    /** Starts {@code ibmesh args...} with these environment variables added; {@code label} names it in failures. */
    static CliProcess start(String label, Map<String, String> env, String... args) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command(args));
        pb.environment().remove("IBMESH_LOG_LEVEL");
        pb.environment().putAll(env);
        return start(label, pb);
    }

    /** Starts the command {@code pb} describes (an ibmesh started some other way, as a container runtime would). */
    static CliProcess start(String label, ProcessBuilder pb) throws IOException {
        CliProcess p = new CliProcess(label, pb.redirectErrorStream(true).start());
        Thread reader = new Thread(p::read, "output of " + label);
        reader.setDaemon(true);
        reader.start();
        return p;
    }

    /** The command line that runs {@code ibmesh args...} in a JVM of its own, with this test's class path. */
    static List<String> command(String... args) {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", // C1 only: a quicker start, and less CPU taken from other processes
                "-cp",
                System.getProperty("java.class.path"),
                Ibmesh.class.getName()));
        command.addAll(List.of(args));
        return command;
    }

    private void read() {
        try (BufferedReader r = process.inputReader(StandardCharsets.UTF_8)) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                synchronized (this) {
                    lines.add(line);
                    notifyAll();
                }
            }
        } catch (IOException gone) {
            // the process ended; what it printed is kept
        } finally {
            synchronized (this) {
                ended = true;
                notifyAll();
            }
        }
    }

    /** The first line {@code wanted} accepts, once printed; fails with the output when none comes in time. */
    synchronized String awaitLine(String what, Predicate<String> wanted, Duration timeout) throws InterruptedException {
        return awaitLine(what, wanted, timeout, 0);
    }

    /** As above, among the lines printed after the first {@code from} ({@link #printed}). */
    synchronized String awaitLine(String what, Predicate<String> wanted, Duration timeout, int from)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        for (int next = from; ; ) {
            for (; next < lines.size(); next++) {
                if (wanted.test(lines.get(next))) {
                    return lines.get(next);
                }
            }
            long left = deadline - System.nanoTime();
            if (ended || left <= 0) {
                throw new AssertionError(label + " printed no " + what + (ended ? " before it ended" : " in " + timeout)
                        + "; its output:\n" + String.join("\n", lines));
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
    }

    /** The HTTP port the service's banner announces. */
    int httpPort() throws InterruptedException {
        Matcher m = HTTP_BANNER.matcher(
                awaitLine("HTTP banner", l -> HTTP_BANNER.matcher(l).find(), STARTUP));
        if (!m.find()) {
            throw new AssertionError("unreachable: the banner matched");
        }
        return Integer.parseInt(m.group(1));
    }

    /** How many lines it has printed so far: a mark for {@link #awaitLine(String, Predicate, Duration, int)}. */
    synchronized int printed() {
        return lines.size();
    }

    /** Everything printed so far. */
    synchronized List<String> lines() {
        return List.copyOf(lines);
    }

    /**
     * Stops it as an operator would (SIGTERM: the shutdown hook runs), forcibly if it does not stop. The signal goes
     * to what the process started too: a wrapper such as {@code unshare --fork} ignores SIGTERM and passes it on to
     * no one.
     */
    void stop() throws InterruptedException {
        process.descendants().forEach(ProcessHandle::destroy);
        process.destroy();
        if (!process.waitFor(20, TimeUnit.SECONDS)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }
}
