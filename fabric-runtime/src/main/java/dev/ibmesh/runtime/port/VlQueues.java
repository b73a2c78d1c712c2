package dev.ibmesh.runtime.port;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A port's transmit queues, one per VL (0-15), each a bounded ring of frames with the time each was queued (for
 * the head-of-queue lifetime). A ring starts empty and doubles when it fills, up to the capacity: most ports use one
 * or two VLs and a few slots, and a fabric of thousands of ports would otherwise hold megabytes of empty rings.
 * Allocates nothing per packet once a ring has grown to what the traffic needs. Event loop only, except {@link
 * #depth}: each queue's size is stored with release semantics (the loop is its only writer), so the metrics scrape
 * reads it from its own thread.
 */
final class VlQueues {
    private static final VarHandle SIZE = MethodHandles.arrayElementVarHandle(int[].class);

    private static final int FIRST_RING = 8;
    private static final byte[][] NO_FRAMES = new byte[0][];
    private static final long[] NO_TIMES = new long[0];
    private static final boolean[] NO_SEALS = new boolean[0];

    private final byte[][][] frames = new byte[16][][];
    private final long[][] queuedAt = new long[16][];
    /** Whether each frame was sealed by the device that queued it ({@link Port#transmitSealed}). */
    private final boolean[][] sealed = new boolean[16][];

    private final int[] head = new int[16];
    private final int[] size = new int[16];
    private final int capacity;
    private int nonEmpty;

    VlQueues(int capacityPerVl) {
        this.capacity = capacityPerVl;
        for (int vl = 0; vl < 16; vl++) {
            frames[vl] = NO_FRAMES;
            queuedAt[vl] = NO_TIMES;
            sealed[vl] = NO_SEALS;
        }
    }

    /** False when the VL's queue is full. */
    boolean offer(int vl, byte[] frame, long now, boolean isSealed) {
        if (size[vl] == capacity) {
            return false;
        }
        if (size[vl] == frames[vl].length) {
            grow(vl);
        }
        int slot = (head[vl] + size[vl]) % frames[vl].length;
        frames[vl][slot] = frame;
        queuedAt[vl][slot] = now;
        sealed[vl][slot] = isSealed;
        SIZE.setRelease(size, vl, size[vl] + 1);
        nonEmpty |= 1 << vl;
        return true;
    }

    /** The head frame of {@code vl}, or null. */
    byte[] peek(int vl) {
        return size[vl] == 0 ? null : frames[vl][head[vl]];
    }

    /** Whether the head frame of {@code vl} was sealed; only meaningful when the queue is not empty. */
    boolean headSealed(int vl) {
        return sealed[vl][head[vl]];
    }

    /** When the head frame of {@code vl} was queued; only meaningful when the queue is not empty. */
    long headQueuedAt(int vl) {
        return queuedAt[vl][head[vl]];
    }

    byte[] poll(int vl) {
        if (size[vl] == 0) {
            return null;
        }
        int h = head[vl];
        byte[] f = frames[vl][h];
        frames[vl][h] = null;
        head[vl] = (h + 1) % frames[vl].length;
        SIZE.setRelease(size, vl, size[vl] - 1);
        if (size[vl] == 0) {
            nonEmpty &= ~(1 << vl);
        }
        return f;
    }

    /** The ring of {@code vl} is full: a new one twice as large (at most the capacity), its frames in queue order. */
    private void grow(int vl) {
        int n = size[vl];
        int length = Math.min(capacity, Math.max(FIRST_RING, n * 2));
        byte[][] f = new byte[length][];
        long[] t = new long[length];
        boolean[] s = new boolean[length];
        for (int i = 0; i < n; i++) {
            int from = (head[vl] + i) % n;
            f[i] = frames[vl][from];
            t[i] = queuedAt[vl][from];
            s[i] = sealed[vl][from];
        }
        frames[vl] = f;
        queuedAt[vl] = t;
        sealed[vl] = s;
        head[vl] = 0;
    }

    int size(int vl) {
        return size[vl];
    }

    /** {@link #size}, from any thread. */
    int depth(int vl) {
        return (int) SIZE.getAcquire(size, vl);
    }

    /** Bit n set when VL n has a packet waiting. */
    int nonEmpty() {
        return nonEmpty;
    }

    /** Empties every queue and returns how many packets were in them. */
    int clear() {
        int n = 0;
        for (int vl = 0; vl < 16; vl++) {
            while (size[vl] > 0) {
                poll(vl);
                n++;
            }
        }
        return n;
    }
}
