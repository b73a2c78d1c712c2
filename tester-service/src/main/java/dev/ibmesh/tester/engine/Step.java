package dev.ibmesh.tester.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * One numbered step of a procedure, as the CTS numbers them ("3. SendMad (SubnGet(PortInfo))"), with what happened
 * during it. Step 0 is the initialization. Not thread-safe on its own: {@link StepLog} guards it.
 */
public final class Step {
    private final int number;
    private final String text;
    private final long startNanos;
    private final List<LogEvent> events = new ArrayList<>();

    Step(int number, String text, long startNanos) {
        this.number = number;
        this.text = text;
        this.startNanos = startNanos;
    }

    public int number() {
        return number;
    }

    public String text() {
        return text;
    }

    public long startNanos() {
        return startNanos;
    }

    public List<LogEvent> events() {
        return List.copyOf(events);
    }

    void add(LogEvent event) {
        events.add(event);
    }
}
