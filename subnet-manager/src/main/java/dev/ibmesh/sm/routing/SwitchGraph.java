package dev.ibmesh.sm.routing;

import dev.ibmesh.sm.discovery.SmNode;
import dev.ibmesh.sm.discovery.SmPort;
import dev.ibmesh.sm.discovery.Subnet;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The switches of a subnet and the cables between them, with the hop count from every switch to every other
 * (breadth first from each; {@link #UNREACHABLE} where no cable path exists), and where each end port attaches: the
 * switch and port its LIDs are delivered from.
 */
public final class SwitchGraph {
    public static final int UNREACHABLE = Integer.MAX_VALUE;

    private final List<SmNode> switches;
    private final Map<SmNode, Integer> index = new HashMap<>();
    private final List<List<SmPort>> trunks = new ArrayList<>();
    /** The switch (index) at the far end of each of {@link #trunks}, in the same order: routing asks per LID. */
    private final int[][] trunkPeers;

    private final int[][] hops;

    public SwitchGraph(Subnet subnet) {
        this.switches = subnet.switches();
        for (int i = 0; i < switches.size(); i++) {
            index.put(switches.get(i), i);
        }
        for (SmNode sw : switches) {
            List<SmPort> out = new ArrayList<>();
            for (SmPort p : sw.ports()) {
                if (p.number() > 0 && p.peer() != null && p.peer().node().isSwitch()) {
                    out.add(p);
                }
            }
            trunks.add(List.copyOf(out));
        }
        trunkPeers = new int[switches.size()][];
        for (int i = 0; i < switches.size(); i++) {
            trunkPeers[i] = trunks.get(i).stream()
                    .mapToInt(p -> index.get(p.peer().node()))
                    .toArray();
        }
        hops = new int[switches.size()][];
        for (int i = 0; i < switches.size(); i++) {
            hops[i] = hopsFrom(List.of(i));
        }
    }

    public List<SmNode> switches() {
        return switches;
    }

    public int index(SmNode sw) {
        return index.get(sw);
    }

    /** Hops from switch {@code from} to switch {@code to} (indices), or {@link #UNREACHABLE}. */
    public int hops(int from, int to) {
        return hops[from][to];
    }

    /** The switch-to-switch cables of switch {@code i}: its ports whose peer is a switch port. */
    public List<SmPort> trunks(int i) {
        return trunks.get(i);
    }

    /** The switch (index) at the far end of each of {@link #trunks}({@code i}), in the same order; read only. */
    public int[] trunkPeers(int i) {
        return trunkPeers[i];
    }

    /**
     * Where {@code endPort}'s packets leave the fabric: its own switch and port 0, or for a CA port the switch port
     * cabled to it. Null for a CA port not cabled to a switch.
     */
    public SmPort attachment(SmPort endPort) {
        if (endPort.node().isSwitch()) {
            return endPort;
        }
        SmPort peer = endPort.peer();
        return peer != null && peer.node().isSwitch() ? peer : null;
    }

    /** Hops from the nearest of the switches {@code starts} (indices) to every switch, or {@link #UNREACHABLE}. */
    public int[] hopsFrom(Collection<Integer> starts) {
        int[] d = new int[switches.size()];
        Arrays.fill(d, UNREACHABLE);
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        for (int start : starts) {
            d[start] = 0;
            queue.add(start);
        }
        while (!queue.isEmpty()) {
            int s = queue.poll();
            for (int n : trunkPeers[s]) {
                if (d[n] == UNREACHABLE) {
                    d[n] = d[s] + 1;
                    queue.add(n);
                }
            }
        }
        return d;
    }
}
