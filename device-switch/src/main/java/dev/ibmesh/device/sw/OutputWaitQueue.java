package dev.ibmesh.device.sw;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * The packets waiting, in arrival order, for room in one output port's queue. A packet that has waited longer than
 * the switch lifetime is taken out to be discarded (IBA 18.2.5.4). Event loop only.
 */
final class OutputWaitQueue {
    private final ArrayDeque<HeldPacket> waiting = new ArrayDeque<>();

    void add(HeldPacket p) {
        waiting.addLast(p);
    }

    boolean isEmpty() {
        return waiting.isEmpty();
    }

    HeldPacket peek() {
        return waiting.peekFirst();
    }

    HeldPacket poll() {
        return waiting.pollFirst();
    }

    /** Removes and returns every packet. */
    List<HeldPacket> drain() {
        List<HeldPacket> all = new ArrayList<>(waiting);
        waiting.clear();
        return all;
    }

    /**
     * Removes and returns the packets that have waited longer than {@code lifetimeNanos} at {@code now}; they are
     * the oldest, at the head.
     */
    List<HeldPacket> expired(long now, long lifetimeNanos) {
        List<HeldPacket> out = new ArrayList<>();
        while (!waiting.isEmpty() && now - waiting.peekFirst().since() > lifetimeNanos) {
            out.add(waiting.pollFirst());
        }
        return out;
    }
}
