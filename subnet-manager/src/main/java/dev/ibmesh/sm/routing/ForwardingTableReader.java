package dev.ibmesh.sm.routing;

import dev.ibmesh.mad.smp.LinearForwardingTable;
import dev.ibmesh.mad.smp.SwitchInfo;
import dev.ibmesh.sm.discovery.SmNode;
import dev.ibmesh.sm.smp.SmpBatch;
import dev.ibmesh.sm.smp.SmpDispatcher;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Reads the linear forwarding tables the switches hold now (SubnGet(SwitchInfo) for LinearFDBTop, then
 * SubnGet(LinearForwardingTable) of every block up to it), so routes can be verified as the switches will apply them,
 * not as an engine meant them.
 */
public final class ForwardingTableReader {
    private final SmpDispatcher smps;

    public ForwardingTableReader(SmpDispatcher smps) {
        this.smps = smps;
    }

    /** Each switch's table up to its LinearFDBTop; a switch that cannot be read is reported to {@code problems}. */
    public Map<SmNode, int[]> read(List<SmNode> switches, Consumer<String> problems) {
        Map<SmNode, Integer> tops = new LinkedHashMap<>();
        SmpBatch infos = new SmpBatch();
        for (SmNode sw : switches) {
            infos.add(
                    smps.get(SwitchInfo.ATTRIBUTE_ID, 0, sw.path()),
                    () -> "SwitchInfo of " + sw,
                    a -> tops.put(sw, SwitchInfo.decode(a.data(), 0).linearFdbTop()));
        }
        infos.await(problems);
        Map<SmNode, int[]> tables = new LinkedHashMap<>();
        SmpBatch blocks = new SmpBatch();
        tops.forEach((sw, top) -> {
            int[] table = new int[top + 1];
            Arrays.fill(table, LinearForwardingTable.NO_PATH);
            tables.put(sw, table);
            for (int block = 0; block <= top / LinearForwardingTable.LIDS_PER_BLOCK; block++) {
                int number = block;
                int first = block * LinearForwardingTable.LIDS_PER_BLOCK;
                blocks.add(
                        smps.get(LinearForwardingTable.ATTRIBUTE_ID, block, sw.path()),
                        () -> "LinearForwardingTable block " + number + " of " + sw,
                        a -> {
                            LinearForwardingTable lft = LinearForwardingTable.decode(a.data(), 0);
                            for (int i = 0; i < LinearForwardingTable.LIDS_PER_BLOCK && first + i <= top; i++) {
                                table[first + i] = lft.port(i);
                            }
                        });
            }
        });
        blocks.await(problems);
        return tables;
    }
}
