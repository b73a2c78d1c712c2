package dev.ibmesh.tester.report;

import dev.ibmesh.tester.engine.ProcedureResult;
import dev.ibmesh.tester.engine.RunItem;
import dev.ibmesh.tester.engine.RunListener;
import dev.ibmesh.tester.engine.Step;
import dev.ibmesh.tester.engine.Verdict;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The console report of a run, as it goes: a progress line (procedure n of N, the procedure started last, the time
 * since the run began), one line per verdict as each run finishes, then a summary table in catalog order (verdict
 * counts per procedure, per suite and in all), the runs that did not pass, and the wall time.
 *
 * <p>On a terminal the progress line is redrawn in place with {@code \r} as runs start and steps begin; elsewhere
 * (a pipe, a CI log) each run's start is a plain line of its own.
 *
 * <p>Threading: the runner calls it from its worker threads (steps begin on the procedure's thread); every method is
 * synchronized, so lines never interleave.
 */
public final class ConsoleReport implements RunListener {
    /** A terminal is often 80 columns wide; a longer progress line would wrap and defeat {@code \r}. */
    static final int PROGRESS_WIDTH = 79;
    /** Step changes come fast; redrawing at most this often is enough for the eye. */
    static final long REDRAW_NANOS = 100_000_000L;

    private static final int KIND_WIDTH = 14;

    private final PrintWriter out;
    private final boolean terminal;
    private final LongSupplier clock;
    /** Runs under way, in the order they started, with their number in the run. */
    private final List<Running> running = new ArrayList<>();

    private long start;
    private int total;
    private int started;
    private int drawn;
    private long lastDraw;

    /**
     * @param out      where the report goes (the command line's output writer)
     * @param terminal whether {@code out} is a terminal (redraw the progress line in place)
     * @param clock    monotonic nanoseconds, for the elapsed time
     */
    public ConsoleReport(PrintWriter out, boolean terminal, LongSupplier clock) {
        this.out = out;
        this.terminal = terminal;
        this.clock = clock;
    }

    /** The report on standard output, redrawn in place when that is a terminal. */
    public static ConsoleReport onStandardOutput() {
        return new ConsoleReport(new PrintWriter(System.out, true), System.console() != null, System::nanoTime);
    }

    @Override
    public synchronized void runStarted(int items) {
        start = clock.getAsLong();
        total = items;
        started = 0;
        running.clear();
    }

    @Override
    public synchronized void itemStarted(RunItem item) {
        started++;
        running.add(new Running(item, started));
        if (terminal) {
            redraw();
        } else {
            out.println(progress());
        }
    }

    @Override
    public synchronized void step(RunItem item, Step step) {
        if (terminal && clock.getAsLong() - lastDraw >= REDRAW_NANOS) {
            redraw();
        }
    }

    @Override
    public synchronized void itemFinished(ProcedureResult result) {
        running.stream().filter(r -> r.item().equals(result.item())).findFirst().ifPresent(running::remove);
        clearProgress();
        out.println(verdictLine(result));
        if (terminal && !running.isEmpty()) {
            redraw();
        }
        out.flush();
    }

    @Override
    public synchronized void runFinished(List<ProcedureResult> results, Duration wallTime) {
        clearProgress();
        out.print(summary(results, wallTime));
        out.flush();
    }

    /** {@code FAIL           C14_024_06_SW_06 [4X-QDR]  0.851 s  step 10 [v1c13-024#07] ...}. */
    static String verdictLine(ProcedureResult r) {
        String detail = VerdictText.detail(r.verdict());
        return pad(r.verdict().kind().name(), KIND_WIDTH) + " " + r.item().label() + "  "
                + VerdictText.seconds(r.duration()) + (detail.isEmpty() ? "" : "  " + detail);
    }

    /** The table that ends the run; results in any order come out in catalog order. */
    static String summary(List<ProcedureResult> results, Duration wallTime) {
        Tally tally = Tally.of(results);
        int nameWidth = "procedure / suite".length();
        for (String id : tally.byProcedure().keySet()) {
            nameWidth = Math.max(nameWidth, id.length());
        }
        for (String suite : tally.bySuite().keySet()) {
            nameWidth = Math.max(nameWidth, ("suite " + suite).length());
        }
        StringBuilder s = new StringBuilder("\n").append(pad("procedure / suite", nameWidth));
        for (Verdict.Kind k : Verdict.Kind.values()) {
            s.append("  ").append(k.name());
        }
        s.append("  runs\n");
        for (Map.Entry<String, Tally.Counts> e : tally.byProcedure().entrySet()) {
            countsRow(s, e.getKey(), nameWidth, e.getValue());
        }
        for (Map.Entry<String, Tally.Counts> e : tally.bySuite().entrySet()) {
            countsRow(s, "suite " + e.getKey(), nameWidth, e.getValue());
        }
        countsRow(s, "all", nameWidth, tally.all());
        List<ProcedureResult> notPassed = ResultOrder.sorted(results).stream()
                .filter(r ->
                        r.verdict().kind() == Verdict.Kind.FAIL || r.verdict().kind() == Verdict.Kind.ERROR)
                .toList();
        if (!notPassed.isEmpty()) {
            s.append("\nFAIL and ERROR:\n");
            notPassed.forEach(r -> s.append("  ").append(verdictLine(r)).append('\n'));
        }
        return s.append("\nwall time ")
                .append(VerdictText.seconds(wallTime))
                .append('\n')
                .toString();
    }

    private static void countsRow(StringBuilder s, String name, int nameWidth, Tally.Counts counts) {
        s.append(pad(name, nameWidth));
        for (Verdict.Kind k : Verdict.Kind.values()) {
            s.append(String.format(Locale.ROOT, "  %" + k.name().length() + "d", counts.get(k)));
        }
        s.append(String.format(Locale.ROOT, "  %4d\n", counts.total()));
    }

    /**
     * {@code procedure 3 of 12: C14_024_06_SW_06 [4X-QDR] (+1 running), 2.3 s}: the run started last among those
     * under way, its number, how many others are under way, the time since the run began. Only drawn while a run is
     * under way.
     */
    private String progress() {
        String others = running.size() > 1 ? " (+" + (running.size() - 1) + " running)" : "";
        double elapsed = (clock.getAsLong() - start) / 1e9;
        Running current = running.get(running.size() - 1);
        return String.format(
                Locale.ROOT,
                "procedure %d of %d: %s%s, %.1f s",
                current.ordinal(),
                total,
                current.item().label(),
                others,
                elapsed);
    }

    private void redraw() {
        String line = progress();
        if (line.length() > PROGRESS_WIDTH) {
            line = line.substring(0, PROGRESS_WIDTH);
        }
        clearProgress();
        out.print("\r" + line);
        out.flush();
        drawn = line.length();
        lastDraw = clock.getAsLong();
    }

    /** Blanks the progress line so that the next output starts on a clean line. */
    private void clearProgress() {
        if (drawn > 0) {
            out.print("\r" + " ".repeat(drawn) + "\r");
            drawn = 0;
        }
    }

    private record Running(RunItem item, int ordinal) {}

    private static String pad(String s, int width) {
        return s.length() >= width ? s : s + " ".repeat(width - s.length());
    }
}
