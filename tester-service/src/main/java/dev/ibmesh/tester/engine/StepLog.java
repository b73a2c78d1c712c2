package dev.ibmesh.tester.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * The numbered steps of one procedure run and what happened in each. Events come from the procedure's thread
 * (checks, notes) and from the tester's port (packets), so every method is synchronized; a listener sees each step
 * and event as it is added (the live console, the gRPC stream).
 */
public final class StepLog {
    /** Sees the log grow. Called under the log's lock: must not block. */
    public interface Listener {
        void step(Step step);

        void event(Step step, LogEvent event);
    }

    private final LongSupplier clock;
    private final List<Step> steps = new ArrayList<>();
    private final Listener listener;
    private Step current;

    /** @param clock nanoseconds since the run began */
    public StepLog(LongSupplier clock, Listener listener) {
        this.clock = clock;
        this.listener = listener;
        begin(0, "Initialization");
    }

    /** Starts step {@code number}: what follows belongs to it. */
    public synchronized Step begin(int number, String text) {
        current = new Step(number, text, clock.getAsLong());
        steps.add(current);
        listener.step(current);
        return current;
    }

    public synchronized int currentStep() {
        return current.number();
    }

    public synchronized void add(LogEvent.Type type, String text, int frame, List<String> details) {
        LogEvent e = new LogEvent(type, clock.getAsLong(), text, frame, details);
        current.add(e);
        listener.event(current, e);
    }

    public void note(String text) {
        add(LogEvent.Type.NOTE, text, -1, List.of());
    }

    public synchronized List<Step> steps() {
        return List.copyOf(steps);
    }

    /** Nanoseconds since the run began. */
    public long now() {
        return clock.getAsLong();
    }
}
