package dev.ibmesh.device.hca.verbs;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * A completion queue of at most {@code capacity} entries. A completion that does not fit is an overrun (IBA 11.4.2.1
 * [unverified]: a CQ error; the CQ is unusable and the QP that overran it goes to the Error state): the entry is lost
 * and polling fails from then on.
 */
public final class CompletionQueue {
    private final int handle;
    private final int capacity;
    private final ArrayDeque<WorkCompletion> entries = new ArrayDeque<>();
    private boolean overrun;
    int users;
    /** Told of every completion; null when none listens. */
    CompletionChannel channel;

    CompletionQueue(int handle, int capacity) {
        this.handle = handle;
        this.capacity = capacity;
    }

    public int handle() {
        return handle;
    }

    public int capacity() {
        return capacity;
    }

    public boolean overrun() {
        return overrun;
    }

    /** Adds a completion and tells the channel; false (and the CQ in error) when it is full. */
    public boolean push(WorkCompletion wc) {
        boolean fits = !overrun && entries.size() < capacity;
        if (fits) {
            entries.add(wc);
        } else {
            overrun = true;
        }
        if (channel != null) {
            channel.completion();
        }
        return fits;
    }

    List<WorkCompletion> poll(int max) {
        List<WorkCompletion> out = new ArrayList<>(Math.min(max, entries.size()));
        while (out.size() < max && !entries.isEmpty()) {
            out.add(entries.poll());
        }
        return out;
    }
}
