package dev.ibmesh.cli;

import dev.ibmesh.tester.engine.ProcedureResult;
import dev.ibmesh.tester.engine.RunListener;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;

/** One line per verdict as runs finish, then the totals and the wall time. */
final class ConsoleProgress implements RunListener {
    private final PrintWriter out;
    private int total;
    private int done;

    ConsoleProgress(PrintWriter out) {
        this.out = out;
    }

    @Override
    public synchronized void runStarted(int items) {
        total = items;
        out.printf("ibmesh test: %d procedure run(s)%n", items);
        out.flush();
    }

    @Override
    public synchronized void itemFinished(ProcedureResult r) {
        done++;
        out.printf(
                "[%d/%d] %-40s %s (%d ms)%n",
                done,
                total,
                r.item().label(),
                r.verdict().describe(),
                r.duration().toMillis());
        out.flush();
    }

    @Override
    public synchronized void runFinished(List<ProcedureResult> results, Duration wallTime) {
        long[] counts = new long[4];
        results.forEach(r -> counts[r.verdict().kind().ordinal()]++);
        out.printf(
                "summary: %d PASS, %d FAIL, %d NOT_APPLICABLE, %d ERROR in %.1f s%n",
                counts[0], counts[1], counts[2], counts[3], wallTime.toMillis() / 1000.0);
        out.flush();
    }
}
