package dev.ibmesh.tester.engine;

/**
 * A conformance procedure, as the CTS writes them: {@link #initialize()} puts the DUT in the state the procedure
 * starts from, {@link #execute()} runs the numbered steps and their checks. A subclass carries a {@link Cts}
 * descriptor and a no-argument constructor; the engine creates one instance per run.
 *
 * <p>Verdicts come from how the methods end: normally (PASS), a failed check (FAIL), {@link
 * ProcedureContext#notApplicable} (NOT_APPLICABLE), the DUT's silence ({@link DutSilent}: FAIL once the DUT was
 * reached, ERROR before), anything else (ERROR).
 */
public abstract class Procedure {
    private ProcedureContext context;

    final void attach(ProcedureContext ctx) {
        this.context = ctx;
        attached(ctx);
    }

    /** The roles a base class offers (MAD Tester, Transport Tester) are made here, once the context exists. */
    protected void attached(ProcedureContext ctx) {}

    protected final ProcedureContext ctx() {
        return context;
    }

    /** The CTS's Initialization: preconditions of the procedure. */
    protected abstract void initialize() throws Exception;

    /** The CTS's Test Procedure: numbered steps with their checks. */
    protected abstract void execute() throws Exception;

    /** Runs after {@link #execute()} whatever happened (the CTS's "CloseRcChannel"); no verdict comes from it. */
    protected void cleanup() throws Exception {}

    protected final void step(int number, String text) {
        context.step(number, text);
    }

    protected final void check(String assertions, String field, Object expected, Object actual) {
        context.check(assertions, field, expected, actual);
    }

    protected final void checkThat(String assertions, String what, boolean holds, String expected, String actual) {
        context.checkThat(assertions, what, holds, expected, actual);
    }

    protected final NotApplicable notApplicable(String reason) {
        return context.notApplicable(reason);
    }

    protected final void requireDirectLink(String why) {
        context.requireDirectLink(why);
    }

    protected final void skip(int from, int to, String reason) {
        context.skip(from, to, reason);
    }

    protected final void note(String text) {
        context.note(text);
    }
}
