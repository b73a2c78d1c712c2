package dev.ibmesh.runtime.port;

import java.util.ArrayDeque;

/**
 * A port's transmit queues, one per VL (0-15), each bounded in packets. Event loop only.
 */
final class VlQueues {
    private final ArrayDeque<byte[]>[] queues;
    private final int capacity;
    private int total;
    private int nonEmpty;

    @SuppressWarnings("unchecked")
    VlQueues(int capacityPerVl) {
        this.capacity = capacityPerVl;
        this.queues = new ArrayDeque[16];
        for (int vl = 0; vl < 16; vl++) {
            queues[vl] = new ArrayDeque<>();
        }
    }

    /** False when the VL's queue is full. */
    boolean offer(int vl, byte[] frame) {
        if (queues[vl].size() >= capacity) {
            return false;
        }
        queues[vl].addLast(frame);
        total++;
        nonEmpty |= 1 << vl;
        return true;
    }

    byte[] peek(int vl) {
        return queues[vl].peekFirst();
    }

    byte[] poll(int vl) {
        byte[] f = queues[vl].pollFirst();
        if (f != null) {
            total--;
            if (queues[vl].isEmpty()) {
                nonEmpty &= ~(1 << vl);
            }
        }
        return f;
    }

    int size(int vl) {
        return queues[vl].size();
    }

    /** Bit n set when VL n has a packet waiting. */
    int nonEmpty() {
        return nonEmpty;
    }

    boolean isEmpty() {
        return total == 0;
    }

    /** Empties every queue and returns how many packets were in them. */
    int clear() {
        int n = total;
        for (ArrayDeque<byte[]> q : queues) {
            q.clear();
        }
        total = 0;
        nonEmpty = 0;
        return n;
    }
}
