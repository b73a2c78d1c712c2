package dev.ibmesh.sm.partition;

import dev.ibmesh.mad.smp.PKeyTable;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.sm.discovery.SmPort;
import dev.ibmesh.sm.discovery.Subnet;
import dev.ibmesh.sm.smp.SmpBatch;
import dev.ibmesh.sm.smp.SmpDispatcher;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Writes each end port's P_Key table as its partitions say (SubnSet(P_KeyTable), 32 entries a block, the rest of
 * the port's PartitionCap invalid), as OpenSM's pkey manager does; a block this SM already wrote there, as it is now
 * wanted, is not written again. A port in more partitions than its NodeInfo.PartitionCap holds gets as many as fit,
 * and the rest are a problem of the sweep. A port found in Init was (re)initialised, by a reset or a restart of its
 * device, and may hold its initial table again: its blocks are written whatever was written before.
 *
 * <p>Not thread-safe: owned by the SM's sweeping thread.
 */
public final class PKeyTableWriter {
    private final SmpDispatcher smps;
    /** The blocks written, by port GUID and block number. */
    private final Map<Long, Map<Integer, List<Integer>>> written = new HashMap<>();

    public PKeyTableWriter(SmpDispatcher smps) {
        this.smps = smps;
    }

    /** Writes what differs from what was written; returns how many SMPs failed. */
    public int apply(Subnet subnet, PKeyAssignment assignment, Consumer<String> problems) {
        SmpBatch batch = new SmpBatch();
        for (SmPort port : subnet.endPorts()) {
            if (port.info() != null && port.info().portState() == PortInfo.PORT_STATE_INIT) {
                written.remove(port.guid());
            }
            List<Integer> keys = new ArrayList<>(assignment.pKeys(port));
            int capacity = port.node().info().partitionCap();
            if (keys.size() > capacity) {
                problems.accept(String.format(
                        "%s is in %d partitions, but its P_Key table holds %d", port, keys.size(), capacity));
                keys = keys.subList(0, capacity);
            }
            int blocks = (capacity + PKeyTable.PKEYS_PER_BLOCK - 1) / PKeyTable.PKEYS_PER_BLOCK;
            for (int block = 0; block < blocks; block++) {
                write(batch, port, block, block(keys, block));
            }
        }
        return batch.await(problems);
    }

    /** Block {@code block} of a table holding {@code keys} from index 0, the rest invalid. */
    private static List<Integer> block(List<Integer> keys, int block) {
        List<Integer> entries = new ArrayList<>();
        for (int i = 0; i < PKeyTable.PKEYS_PER_BLOCK; i++) {
            int index = block * PKeyTable.PKEYS_PER_BLOCK + i;
            entries.add(index < keys.size() ? keys.get(index) : PKeyTable.INVALID);
        }
        return entries;
    }

    private void write(SmpBatch batch, SmPort port, int block, List<Integer> entries) {
        Map<Integer, List<Integer>> ofPort = written.computeIfAbsent(port.guid(), g -> new HashMap<>());
        if (entries.equals(ofPort.get(block))) {
            return;
        }
        // A CA's table is the one of the port the SMP arrives on; a switch's port 0 is named in bits 31-16 (0).
        batch.add(
                smps.set(PKeyTable.ATTRIBUTE_ID, block, new PKeyTable(entries).toBytes(), port.path()),
                () -> "P_KeyTable block " + block + " of " + port,
                a -> ofPort.put(block, entries));
    }
}
