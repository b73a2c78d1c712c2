package dev.ibmesh.sm.activation;

import dev.ibmesh.mad.smp.MulticastForwardingTable;
import dev.ibmesh.sm.discovery.SmNode;
import dev.ibmesh.sm.discovery.Subnet;
import dev.ibmesh.sm.routing.MulticastTrees;
import dev.ibmesh.sm.smp.SmpBatch;
import dev.ibmesh.sm.smp.SmpDispatcher;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * Writes the multicast trees ({@link MulticastTrees}) into the switches' multicast forwarding tables (IBA 14.2.5.12):
 * SubnSet(MulticastForwardingTable) with AttributeModifier {@code position << 28 | block}, 32 MLIDs per block from
 * 0xC000, 16 ports per position. Only the (block, position) pieces that differ from what this SM wrote last are sent;
 * an MLID no longer used is written empty once.
 *
 * <p>Not thread-safe: owned by the SM's sweeping thread.
 */
public final class MulticastForwarding {
    private final SmpDispatcher smps;
    private final Map<Long, Map<Integer, BitSet>> written = new HashMap<>();

    public MulticastForwarding(SmpDispatcher smps) {
        this.smps = smps;
    }

    /** Programs every switch of {@code subnet} for {@code membersByMlid}; returns how many SMPs failed. */
    public int apply(Subnet subnet, Map<Integer, Set<Long>> membersByMlid, Consumer<String> problems) {
        Map<SmNode, Map<Integer, BitSet>> trees = MulticastTrees.compute(subnet, membersByMlid);
        SmpBatch batch = new SmpBatch();
        List<Runnable> remember = new ArrayList<>();
        for (SmNode sw : subnet.switches()) {
            Map<Integer, BitSet> now = trees.getOrDefault(sw, Map.of());
            Map<Integer, BitSet> before = written.getOrDefault(sw.guid(), Map.of());
            Set<Integer> blocks = new TreeSet<>();
            for (int mlid : union(now.keySet(), before.keySet())) {
                if (!Objects.equals(now.get(mlid), before.get(mlid))) {
                    blocks.add(block(mlid));
                }
            }
            int positions = sw.info().numPorts() / MulticastForwardingTable.PORTS_PER_POSITION + 1;
            for (int block : blocks) {
                for (int position = 0; position < positions; position++) {
                    int at = position;
                    batch.add(
                            smps.set(
                                    MulticastForwardingTable.ATTRIBUTE_ID,
                                    position << 28 | block,
                                    table(now, block, position).toBytes(),
                                    sw.path()),
                            () -> "MulticastForwardingTable block " + block + " position " + at + " of " + sw,
                            a -> {});
                }
            }
            remember.add(() -> written.put(sw.guid(), now));
        }
        return batch.await(problems, () -> remember.forEach(Runnable::run), written::clear);
    }

    private static int block(int mlid) {
        return (mlid - MulticastForwardingTable.MULTICAST_LID_BASE) / MulticastForwardingTable.MLIDS_PER_BLOCK;
    }

    /** The 32 port masks of {@code block} at {@code position}. */
    private static MulticastForwardingTable table(Map<Integer, BitSet> masks, int block, int position) {
        List<Integer> entries = new ArrayList<>(MulticastForwardingTable.MLIDS_PER_BLOCK);
        for (int i = 0; i < MulticastForwardingTable.MLIDS_PER_BLOCK; i++) {
            int mlid =
                    MulticastForwardingTable.MULTICAST_LID_BASE + block * MulticastForwardingTable.MLIDS_PER_BLOCK + i;
            BitSet ports = masks.get(mlid);
            int first = position * MulticastForwardingTable.PORTS_PER_POSITION;
            int mask = 0;
            for (int j = 0; ports != null && j < MulticastForwardingTable.PORTS_PER_POSITION; j++) {
                if (ports.get(first + j)) {
                    mask |= 1 << j;
                }
            }
            entries.add(mask);
        }
        return new MulticastForwardingTable(entries);
    }

    private static Set<Integer> union(Set<Integer> a, Set<Integer> b) {
        Set<Integer> all = new TreeSet<>(a);
        all.addAll(b);
        return all;
    }
}
