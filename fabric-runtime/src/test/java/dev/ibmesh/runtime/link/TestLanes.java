package dev.ibmesh.runtime.link;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Per-VL queues for arbiter tests: a backlog (or endless) of packets of one size, and a credit switch. */
final class TestLanes implements VlArbiter.Lanes {
    static final int ENDLESS = -1;

    final int[] backlog = new int[16];
    final int[] bytes = new int[16];
    final boolean[] noCredit = new boolean[16];

    TestLanes() {
        Arrays.fill(bytes, 64);
    }

    /** {@code vl} always has a packet of {@code size} bytes. */
    TestLanes endless(int vl, int size) {
        backlog[vl] = ENDLESS;
        bytes[vl] = size;
        return this;
    }

    @Override
    public boolean ready(int vl) {
        return backlog[vl] != 0 && !noCredit[vl];
    }

    @Override
    public int headBytes(int vl) {
        return bytes[vl];
    }

    /** Runs {@code n} selections, sending each chosen packet; {@link VlArbiter#NONE} is recorded as -1. */
    List<Integer> run(VlArbiter arbiter, int n) {
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int vl = arbiter.select(this);
            if (vl != VlArbiter.NONE && backlog[vl] > 0) {
                backlog[vl]--;
            }
            order.add(vl);
        }
        return order;
    }
}
