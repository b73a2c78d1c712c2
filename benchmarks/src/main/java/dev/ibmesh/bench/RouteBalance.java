package dev.ibmesh.bench;

import java.util.Collection;
import java.util.Locale;
import java.util.Set;

/**
 * How evenly a fat tree's forwarding tables spread the CA destinations over the uplinks of its leaves (the [sm]
 * target: ibmesh's fat-tree routing at least as even as OpenSM's ftree on the same tree; docs/sm-routing.md, "Route
 * balance"). On every leaf, for each up-port, the CA LIDs of other leaves that the leaf's LFT forwards out of it; a
 * leaf's spread is the most minus the fewest over its up-ports. One computation for both SMs: {@link FatTreeBalance}
 * feeds it the tables ibmesh's SM wrote, {@link OpenSmLftDump} those OpenSM dumped.
 *
 * @param leaves      leaf switches measured
 * @param uplinks     up-ports over all of them
 * @param min         the fewest CA LIDs any uplink carries
 * @param max         the most CA LIDs any uplink carries
 * @param worstSpread the largest spread of one leaf
 * @param worstLeaf   the leaf with that spread (the first one found)
 */
public record RouteBalance(int leaves, int uplinks, int min, int max, int worstSpread, String worstLeaf) {
    /**
     * A leaf switch as the balance sees it.
     *
     * @param name      how reports name it
     * @param upPorts   its ports cabled to a switch (on a fat tree every such port of a leaf leads up)
     * @param ownCaLids the LIDs of the CA ports cabled to it: they leave by a down-port and are not counted
     * @param lft       its linear forwarding table, entry i the egress port for LID i (IBA 14.2.5.10)
     */
    public record Leaf(String name, Set<Integer> upPorts, Set<Integer> ownCaLids, int[] lft) {}

    /** The balance of {@code leaves}, counting the LIDs in {@code caLids} (every CA port's LIDs, LMC ranges whole). */
    public static RouteBalance of(Collection<Leaf> leaves, Set<Integer> caLids) {
        if (leaves.isEmpty()) {
            throw new IllegalArgumentException("no leaf switch (a switch with a CA cabled to it)");
        }
        int uplinks = 0;
        int min = Integer.MAX_VALUE;
        int max = 0;
        int worstSpread = -1;
        String worstLeaf = "";
        for (Leaf leaf : leaves) {
            int[] perPort = new int[256];
            for (int lid : caLids) {
                if (!leaf.ownCaLids().contains(lid) && lid < leaf.lft().length) {
                    perPort[leaf.lft()[lid] & 0xFF]++;
                }
            }
            if (leaf.upPorts().isEmpty()) {
                throw new IllegalArgumentException("leaf " + leaf.name() + " has no port cabled to a switch");
            }
            int leafMin = Integer.MAX_VALUE;
            int leafMax = 0;
            for (int port : leaf.upPorts()) {
                leafMin = Math.min(leafMin, perPort[port]);
                leafMax = Math.max(leafMax, perPort[port]);
            }
            uplinks += leaf.upPorts().size();
            min = Math.min(min, leafMin);
            max = Math.max(max, leafMax);
            if (leafMax - leafMin > worstSpread) {
                worstSpread = leafMax - leafMin;
                worstLeaf = leaf.name();
            }
        }
        return new RouteBalance(leaves.size(), uplinks, min, max, worstSpread, worstLeaf);
    }

    /** "18..18, worst spread 0": what {@code ./bench sm} prints for one SM. */
    public String figures() {
        return String.format(Locale.ROOT, "%d..%d, worst spread %d", min, max, worstSpread);
    }

    /** The figures with what they were measured on, for a line of its own. */
    public String detail() {
        return String.format(
                Locale.ROOT, "%s (%d leaves, %d uplinks; worst leaf %s)", figures(), leaves, uplinks, worstLeaf);
    }
}
