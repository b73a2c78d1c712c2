package dev.ibmesh.sm.routing;

import dev.ibmesh.sm.discovery.SmNode;
import dev.ibmesh.sm.discovery.SmPort;
import dev.ibmesh.sm.lid.LidAssignment;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The levels of a fat tree, found from where the CAs hang: the switches with a CA attached are the leaves (level 0),
 * and every other switch sits one level above its nearest lower neighbour. The subnet is a fat tree when every cable
 * between switches joins adjacent levels, every switch below the top has an uplink, and every top switch reaches
 * every leaf going down; otherwise {@link #of} says which switch breaks which rule.
 */
final class FatTreeLevels {
    private final SwitchGraph graph;
    private final int[] level;
    private final List<List<SmPort>> up = new ArrayList<>();
    private final List<List<SmPort>> down = new ArrayList<>();
    private final boolean[][] below;

    private FatTreeLevels(SwitchGraph graph, int[] level) {
        this.graph = graph;
        this.level = level;
        int n = level.length;
        for (int s = 0; s < n; s++) {
            List<SmPort> ups = new ArrayList<>();
            List<SmPort> downs = new ArrayList<>();
            for (SmPort p : graph.trunks(s)) {
                (level[peer(p)] > level[s] ? ups : downs).add(p);
            }
            up.add(List.copyOf(ups));
            down.add(List.copyOf(downs));
        }
        below = new boolean[n][];
        for (int s = 0; s < n; s++) {
            below[s] = ancestors(s);
        }
    }

    /**
     * The levels of the subnet's switches.
     *
     * @throws IllegalArgumentException naming the switch that keeps the subnet from being a fat tree
     */
    static FatTreeLevels of(SwitchGraph graph, LidAssignment lids) {
        List<SmNode> switches = graph.switches();
        Set<Integer> leaves = new LinkedHashSet<>();
        for (SmPort end : lids.bases().keySet()) {
            SmPort exit = end.node().isSwitch() ? null : graph.attachment(end);
            if (exit != null) {
                leaves.add(graph.index(exit.node()));
            }
        }
        if (leaves.isEmpty() && !switches.isEmpty()) {
            throw notAFatTree("no switch has a CA attached, so there are no leaves");
        }
        int[] level = graph.hopsFrom(leaves);
        int top = Arrays.stream(level).max().orElse(0);
        for (int s = 0; s < level.length; s++) {
            for (SmPort p : graph.trunks(s)) {
                if (level[graph.index(p.peer().node())] == level[s]) {
                    throw notAFatTree(p + " is cabled to " + p.peer() + ", both at level " + level[s]
                            + " (0 = leaves, the switches with CAs); a fat tree joins only adjacent levels");
                }
            }
        }
        FatTreeLevels levels = new FatTreeLevels(graph, level);
        for (int s = 0; s < level.length; s++) {
            if (level[s] < top && levels.up.get(s).isEmpty()) {
                throw notAFatTree((level[s] == 0 ? "leaf " : "switch ") + switches.get(s) + " at level " + level[s]
                        + " has no uplink");
            }
            for (int leaf = 0; leaf < level.length && level[s] == top; leaf++) {
                if (level[leaf] == 0 && !levels.below[leaf][s]) {
                    throw notAFatTree("top switch " + switches.get(s) + " cannot reach leaf " + switches.get(leaf)
                            + " going down");
                }
            }
        }
        return levels;
    }

    private static IllegalArgumentException notAFatTree(String why) {
        return new IllegalArgumentException("not a fat tree: " + why);
    }

    /** The ports of switch {@code s} to the level above. */
    List<SmPort> uplinks(int s) {
        return up.get(s);
    }

    /** The ports of switch {@code s} to the level below that lead down to {@code leaf} (empty if none does). */
    List<SmPort> downTowards(int s, int leaf) {
        return down.get(s).stream().filter(p -> below[leaf][peer(p)]).toList();
    }

    /** Whether switch {@code s} is {@code leaf} or reaches it going only down. */
    boolean above(int s, int leaf) {
        return below[leaf][s];
    }

    private int peer(SmPort p) {
        return graph.index(p.peer().node());
    }

    /** Which switches reach {@code s} going only down: {@code s} and every switch reachable from it going up. */
    private boolean[] ancestors(int s) {
        boolean[] seen = new boolean[level.length];
        seen[s] = true;
        ArrayDeque<Integer> queue = new ArrayDeque<>(List.of(s));
        while (!queue.isEmpty()) {
            for (SmPort p : up.get(queue.poll())) {
                if (!seen[peer(p)]) {
                    seen[peer(p)] = true;
                    queue.add(peer(p));
                }
            }
        }
        return seen;
    }
}
