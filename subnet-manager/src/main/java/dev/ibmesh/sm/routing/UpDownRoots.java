package dev.ibmesh.sm.routing;

import dev.ibmesh.sm.discovery.SmPort;
import dev.ibmesh.sm.lid.LidAssignment;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How up/down chooses its roots when the user names none. OpenSM's rule first: a switch is a root when, of the
 * histogram of its hop counts to the CA ports, exactly one bar holds more than 90% of them and no other bar more than
 * 5% (the spines of a fat tree: every CA the same distance away). Where no switch passes (a ring, a mesh) OpenSM
 * gives up on up/down; we take instead the one switch at the centre: the smallest largest hop count to a CA, the
 * lowest GUID on a tie.
 */
final class UpDownRoots {
    private static final double ONE_BAR = 0.9;
    private static final double NO_OTHER_BAR = 0.05;

    private UpDownRoots() {}

    /** The roots (switch indices, lowest GUID first); empty only when there are no switches. */
    static List<Integer> choose(SwitchGraph graph, LidAssignment lids) {
        int n = graph.switches().size();
        int[] cas = new int[n];
        int total = 0;
        for (SmPort end : lids.bases().keySet()) {
            SmPort exit = end.node().isSwitch() ? null : graph.attachment(end);
            if (exit != null) {
                cas[graph.index(exit.node())]++;
                total++;
            }
        }
        List<Integer> roots = new ArrayList<>();
        for (int s = 0; s < n; s++) {
            if (total > 0 && histogramHasOneBar(graph, s, cas, total)) {
                roots.add(s);
            }
        }
        if (roots.isEmpty()) {
            centre(graph, cas).ifPresent(roots::add);
        }
        roots.sort(Comparator.comparing(s -> graph.switches().get(s).guid(), Long::compareUnsigned));
        return roots;
    }

    private static boolean histogramHasOneBar(SwitchGraph graph, int s, int[] cas, int total) {
        Map<Integer, Integer> bars = new HashMap<>();
        for (int t = 0; t < cas.length; t++) {
            if (cas[t] > 0 && graph.hops(s, t) != SwitchGraph.UNREACHABLE) {
                bars.merge(graph.hops(s, t), cas[t], Integer::sum);
            }
        }
        long high = bars.values().stream().filter(b -> b > ONE_BAR * total).count();
        long noticeable =
                bars.values().stream().filter(b -> b > NO_OTHER_BAR * total).count();
        return high == 1 && noticeable == 1;
    }

    /** The switch whose farthest CA-bearing switch is nearest (any switch if no switch has a CA). */
    private static Optional<Integer> centre(SwitchGraph graph, int[] cas) {
        Integer best = null;
        int bestFarthest = Integer.MAX_VALUE;
        for (int s = 0; s < cas.length; s++) {
            int farthest = 0;
            for (int t = 0; t < cas.length; t++) {
                if (cas[t] > 0) {
                    farthest = Math.max(farthest, graph.hops(s, t));
                }
            }
            if (farthest < bestFarthest
                    || (farthest == bestFarthest
                            && Long.compareUnsigned(
                                            graph.switches().get(s).guid(),
                                            graph.switches().get(best).guid())
                                    < 0)) {
                best = s;
                bestFarthest = farthest;
            }
        }
        return Optional.ofNullable(best);
    }
}
