package dev.ibmesh.tester.service;

import dev.ibmesh.tester.engine.LogEvent;
import dev.ibmesh.tester.engine.ProcedureResult;
import dev.ibmesh.tester.engine.RunItem;
import dev.ibmesh.tester.engine.RunListener;
import dev.ibmesh.tester.engine.Step;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A run as it goes, on the Run call's stream: RunStarted, and per procedure run ProcedureStarted, each step and
 * event, ProcedureFinished. RunFinished is the service's to send, once the run's reports are written.
 */
final class RunEvents implements RunListener {
    private final RunRecord run;
    private final EventStream out;
    private final AtomicInteger started = new AtomicInteger();

    RunEvents(RunRecord run, EventStream out) {
        this.run = run;
        this.out = out;
    }

    @Override
    public void runStarted(int items) {
        out.send(Messages.runStarted(run, items));
    }

    @Override
    public void itemStarted(RunItem item) {
        out.send(Messages.procedureStarted(item, started.incrementAndGet()));
    }

    @Override
    public void step(RunItem item, Step step) {
        out.send(Messages.stepStarted(item, step));
    }

    @Override
    public void event(RunItem item, Step step, LogEvent event) {
        out.send(Messages.stepEvent(item, step, event));
    }

    @Override
    public void itemFinished(ProcedureResult result) {
        out.send(Messages.procedureFinished(result));
    }
}
