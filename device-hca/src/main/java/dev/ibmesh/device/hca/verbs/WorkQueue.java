package dev.ibmesh.device.hca.verbs;

import java.util.ArrayDeque;

/**
 * A bounded work queue. Posted requests wait until the transport {@link #take() takes} them; taken ones still count
 * against the capacity until the transport {@link #retire() retires} them with their completion.
 */
public final class WorkQueue<T> {
    private final int capacity;
    private final ArrayDeque<T> waiting = new ArrayDeque<>();
    private int taken;

    WorkQueue(int capacity) {
        this.capacity = capacity;
    }

    public int capacity() {
        return capacity;
    }

    /** Posted and not yet retired. */
    public int depth() {
        return waiting.size() + taken;
    }

    /** Posted and not yet taken: for a receive queue, the WQEs an RC responder can advertise as credits. */
    public int waiting() {
        return waiting.size();
    }

    void post(T wr) {
        waiting.add(wr);
    }

    public T peek() {
        return waiting.peek();
    }

    public T take() {
        T wr = waiting.poll();
        if (wr != null) {
            taken++;
        }
        return wr;
    }

    public void retire() {
        taken--;
    }

    /** Removes every request, taken ones included (RESET). */
    public void clear() {
        waiting.clear();
        taken = 0;
    }
}
