package dev.ibmesh.tester.report;

import dev.ibmesh.tester.engine.ProcedureResult;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * A report directory ({@code --report-dir DIR}): {@code junit.xml}, {@code results.json}, {@code index.html} with a
 * page per run under {@code runs/}, and the runs' pcap files under {@code traces/}. The runner writes the pcaps
 * itself: give it {@link #traces()} as its trace directory, then {@link #write} the results when the run is over.
 */
public final class ReportDir {
    public static final String JUNIT = "junit.xml";
    public static final String RESULTS = "results.json";
    public static final String INDEX = HtmlReport.INDEX;
    public static final String TRACES = "traces";

    /** U+FFFD in UTF-8. */
    private static final byte[] REPLACEMENT = {(byte) 0xEF, (byte) 0xBF, (byte) 0xBD};

    private final Path dir;

    public ReportDir(Path dir) {
        this.dir = dir;
    }

    public Path dir() {
        return dir;
    }

    /** Where the runner is to write each run's pcap ({@code DIR/traces}). */
    public Path traces() {
        return dir.resolve(TRACES);
    }

    /**
     * Makes the directory ready for a new run: removes what an earlier report left there (its files and its {@code
     * runs/} and {@code traces/} directories), so no stale page or pcap sits beside the new ones. Nothing else in the
     * directory is touched.
     *
     * @throws IOException when the directory cannot be made or an old file cannot be removed (the message names it)
     */
    public void prepare() throws IOException {
        Files.createDirectories(dir);
        for (String file : List.of(JUNIT, RESULTS, INDEX)) {
            Files.deleteIfExists(dir.resolve(file));
        }
        for (String sub : List.of(HtmlReport.RUNS, TRACES)) {
            deleteTree(dir.resolve(sub));
        }
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    /**
     * Writes the reports of a finished run (the results in any order: the reports list them in catalog order).
     *
     * @param finished when the run ended (the reports say so; JUnit's timestamp is when it began)
     * @throws IOException when the directory or a file cannot be written (the message names it)
     */
    public void write(List<ProcedureResult> results, Duration wallTime, Instant finished) throws IOException {
        Files.createDirectories(dir);
        writeText(dir.resolve(JUNIT), JunitXml.render(results, wallTime, finished));
        writeText(
                dir.resolve(RESULTS),
                ResultsJson.render(results, wallTime, finished, dir).encodePrettily());
        HtmlReport.write(results, wallTime, finished, dir);
    }

    /**
     * Writes {@code text} as UTF-8. A lone surrogate (a DUT's bytes decoded as text can leave one) becomes U+FFFD
     * instead of failing the whole report, as {@link Files#writeString} would.
     */
    static void writeText(Path file, String text) throws IOException {
        CharsetEncoder utf8 = StandardCharsets.UTF_8
                .newEncoder()
                .onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE)
                .replaceWith(REPLACEMENT);
        ByteBuffer bytes = utf8.encode(CharBuffer.wrap(text));
        try (FileChannel out = FileChannel.open(
                file, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE)) {
            while (bytes.hasRemaining()) {
                out.write(bytes);
            }
        }
    }
}
