package dev.ibmesh.sm.smp;

import dev.ibmesh.mad.DrSmp;
import dev.ibmesh.runtime.madport.MadTimeoutException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * SMPs sent together and answered in any order: {@link #await} waits for all of them, then hands each good answer to
 * its handler on the calling thread, in the order they were added, and each failure (no answer after the retries, a
 * status other than 0) to the problem sink with what the SMP was for. A sweep's phases are batches, so the SM's model
 * is only ever touched by the sweeping thread.
 */
public final class SmpBatch {
    private final List<Entry> entries = new ArrayList<>();

    /**
     * Adds an SMP on its way; {@code what} names it in a problem ("PortInfo of sw1 port 3"), asked only for an SMP that
     * failed: a sweep sends thousands that do not.
     */
    public void add(CompletableFuture<DrSmp> answer, Supplier<String> what, Consumer<DrSmp> onAnswer) {
        add(answer, what, onAnswer, () -> false);
    }

    /**
     * As {@link #add(CompletableFuture, Supplier, Consumer)}; when no answer comes, {@code standIn} may make up for it
     * (and returns true), and then it is no problem.
     */
    public void add(
            CompletableFuture<DrSmp> answer, Supplier<String> what, Consumer<DrSmp> onAnswer, BooleanSupplier standIn) {
        entries.add(new Entry(answer, what, onAnswer, standIn));
    }

    public int size() {
        return entries.size();
    }

    /** Waits for every SMP, then applies the answers; returns how many failed. */
    public int await(Consumer<String> problems) {
        // One wait for the whole batch: joining each answer in turn would wake this thread once per answer it waits
        // for, and a sweep's batches hold thousands.
        CompletableFuture.allOf(entries.stream().map(Entry::answer).toArray(CompletableFuture[]::new))
                .handle((all, failure) -> null)
                .join();
        int failed = 0;
        for (Entry e : entries) {
            DrSmp answer;
            try {
                answer = e.answer.join();
            } catch (CompletionException x) {
                if (x.getCause() instanceof MadTimeoutException && e.standIn.getAsBoolean()) {
                    continue;
                }
                problems.accept(e.what.get() + ": " + x.getCause().getMessage());
                failed++;
                continue;
            }
            if (answer.status() != 0) {
                problems.accept(String.format("%s: answered status 0x%04x", e.what.get(), answer.status()));
                failed++;
                continue;
            }
            e.onAnswer.accept(answer);
        }
        entries.clear();
        return failed;
    }

    /**
     * Waits as {@link #await(Consumer)}, then runs {@code allAnswered} if no SMP failed, else {@code someFailed}: how a
     * writer of tables keeps its record of what the devices hold (it forgets all of it when a write may be missing).
     */
    public int await(Consumer<String> problems, Runnable allAnswered, Runnable someFailed) {
        int failed = await(problems);
        (failed == 0 ? allAnswered : someFailed).run();
        return failed;
    }

    private record Entry(
            CompletableFuture<DrSmp> answer,
            Supplier<String> what,
            Consumer<DrSmp> onAnswer,
            BooleanSupplier standIn) {}
}
