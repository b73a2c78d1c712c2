package dev.ibmesh.tester.service;

import dev.ibmesh.tester.engine.LogEvent;
import dev.ibmesh.tester.engine.ProcedureResult;
import dev.ibmesh.tester.engine.RunItem;
import dev.ibmesh.tester.engine.RunListener;
import dev.ibmesh.tester.engine.Step;
import java.time.Duration;
import java.util.List;

/** Several listeners of one run, each told of everything in the order given. */
final class RunListeners implements RunListener {
    private final List<RunListener> all;

    private RunListeners(List<RunListener> all) {
        this.all = List.copyOf(all);
    }

    static RunListener of(RunListener... listeners) {
        return new RunListeners(List.of(listeners));
    }

    @Override
    public void runStarted(int items) {
        all.forEach(l -> l.runStarted(items));
    }

    @Override
    public void itemStarted(RunItem item) {
        all.forEach(l -> l.itemStarted(item));
    }

    @Override
    public void step(RunItem item, Step step) {
        all.forEach(l -> l.step(item, step));
    }

    @Override
    public void event(RunItem item, Step step, LogEvent event) {
        all.forEach(l -> l.event(item, step, event));
    }

    @Override
    public void itemFinished(ProcedureResult result) {
        all.forEach(l -> l.itemFinished(result));
    }

    @Override
    public void runFinished(List<ProcedureResult> results, Duration wallTime) {
        all.forEach(l -> l.runFinished(results, wallTime));
    }
}
