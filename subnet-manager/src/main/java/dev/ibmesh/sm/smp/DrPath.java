package dev.ibmesh.sm.smp;

import java.util.Arrays;

/**
 * A directed route from the SM's port (IBA 14.2.2): the egress port at each hop, first the SM's own port. The empty
 * route addresses the SM's own node. At most 63 hops (InitialPath has 64 bytes, entry 0 unused).
 */
public final class DrPath {
    public static final DrPath SELF = new DrPath(new int[0]);

    private final int[] hops;

    private DrPath(int[] hops) {
        this.hops = hops;
    }

    /** The route one hop further, leaving the node this route reaches through {@code port}. */
    public DrPath then(int port) {
        int[] next = Arrays.copyOf(hops, hops.length + 1);
        next[hops.length] = port;
        return new DrPath(next);
    }

    public int length() {
        return hops.length;
    }

    /** The hops as {@code DrSmp.outbound} takes them. */
    public int[] hops() {
        return hops.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DrPath p && Arrays.equals(hops, p.hops);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(hops);
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder("0");
        for (int h : hops) {
            s.append(',').append(h);
        }
        return s.toString();
    }
}
