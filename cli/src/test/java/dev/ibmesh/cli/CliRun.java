package dev.ibmesh.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;

/** Runs the ibmesh command line in this JVM and keeps its exit code and output. */
record CliRun(int exit, String out, String err) {
    static CliRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = Ibmesh.newCommandLine(args);
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int exit = cl.execute(args);
        return new CliRun(exit, out.toString(), err.toString());
    }

    /** Runs it in a JVM of its own with these environment variables added (what a run in this JVM cannot set). */
    static CliRun forked(Map<String, String> env, String... args) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(CliProcess.command(args));
        pb.environment().putAll(env);
        return run(pb);
    }

    /** Runs the command {@code pb} describes to its end. */
    static CliRun run(ProcessBuilder pb) throws IOException, InterruptedException {
        Path err = Files.createTempFile("ibmesh-stderr", ".txt");
        try {
            Process p = pb.redirectError(err.toFile()).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return new CliRun(p.waitFor(), out, Files.readString(err));
        } finally {
            Files.deleteIfExists(err);
        }
    }

    List<String> lines() {
        return out.lines().toList();
    }
}
