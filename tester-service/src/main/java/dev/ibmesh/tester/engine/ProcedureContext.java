package dev.ibmesh.tester.engine;

import dev.ibmesh.tester.bench.Bench;
import java.util.List;
import java.util.Objects;

/**
 * What a running procedure works with: its bench, its configuration, and the step log its steps and checks go to.
 * The checks follow the CTS: each carries the assertion IDs it verifies; the first that does not hold ends the
 * procedure with FAIL at that step.
 *
 * <p>Threading: the procedure's own thread; the bench's roles add packet events to the same log from the tester's
 * port.
 */
public final class ProcedureContext {
    private final ProcedureDescriptor descriptor;
    private final Configuration configuration;
    private final Bench bench;
    private final StepLog log;
    private volatile boolean dutReached;

    public ProcedureContext(ProcedureDescriptor descriptor, Configuration configuration, Bench bench, StepLog log) {
        this.descriptor = descriptor;
        this.configuration = configuration;
        this.bench = bench;
        this.log = log;
    }

    public ProcedureDescriptor descriptor() {
        return descriptor;
    }

    public Configuration configuration() {
        return configuration;
    }

    public Bench bench() {
        return bench;
    }

    public StepLog log() {
        return log;
    }

    /** Starts step {@code number} of the procedure text. */
    public void step(int number, String text) {
        log.begin(number, text);
    }

    /** The number of the step running now (0 during initialization). */
    public int currentStep() {
        return log.currentStep();
    }

    /** A remark in the log. */
    public void note(String text) {
        log.note(text);
    }

    /**
     * Checks that {@code actual} equals {@code expected} ({@code field} in the CTS's words, e.g.
     * "MADHeader:Status.Code"); otherwise the procedure FAILs here with {@code assertions}.
     */
    public void check(String assertions, String field, Object expected, Object actual) {
        checkThat(
                assertions, field, Objects.equals(expected, actual), String.valueOf(expected), String.valueOf(actual));
    }

    /** Checks a condition described by {@code what}, with what was expected and what was seen. */
    public void checkThat(String assertions, String what, boolean holds, String expected, String actual) {
        String text = "[" + assertions + "] " + what + ": expected " + expected + ", was " + actual;
        if (holds) {
            log.add(LogEvent.Type.CHECK_PASSED, text, -1, List.of());
            return;
        }
        log.add(LogEvent.Type.CHECK_FAILED, text, -1, List.of());
        throw new CheckFailed(Verdict.fail(log.currentStep(), assertions, expected, actual, what));
    }

    /** Ends the procedure with NOT_APPLICABLE: the DUT does not qualify. */
    public NotApplicable notApplicable(String reason) {
        log.note("not applicable: " + reason);
        throw new NotApplicable(reason);
    }

    /**
     * Ends the procedure with NOT_APPLICABLE unless the DUT is the tester's neighbour, as in the CTS's SimpleLink:
     * {@code why} says what the procedure does that only the tester's own link allows (a DUT named by a longer
     * route, {@code ibmesh test --dut-path}, is reached across switches that would take part in it).
     */
    public void requireDirectLink(String why) {
        if (!bench.link().isDirect()) {
            notApplicable("the DUT is reached along " + bench.link().path() + ", not at the other end of the tester's"
                    + " link, and the procedure " + why);
        }
    }

    /** Skips steps {@code from} to {@code to} of the procedure text, as it says to when {@code reason} holds. */
    public void skip(int from, int to, String reason) {
        log.note("steps " + from + "-" + to + " skipped: " + reason);
    }

    /** The value of one of the procedure's {@link Param}s in this configuration. */
    public String param(String name) {
        String v = configuration.params().get(name);
        if (v == null) {
            throw new TesterError(descriptor.id() + " has no parameter '" + name + "'");
        }
        return v;
    }

    public int intParam(String name) {
        return Integer.parseInt(param(name));
    }

    /** A role heard from the DUT: from now on its silence is a FAIL, not a setup problem. */
    public void dutAnswered() {
        dutReached = true;
    }

    public boolean dutReached() {
        return dutReached;
    }
}
