package dev.ibmesh.sm.activation;

import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.mad.smp.SlToVlMappingTable;
import dev.ibmesh.mad.smp.VlArbitrationTable;
import dev.ibmesh.sm.discovery.SmNode;
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
 * SL-to-VL mapping and VL arbitration tables (IBA 7.6.6 and 7.6.9; attributes 14.2.5.8 and 14.2.5.9), written as
 * OpenSM writes them when its QoS is on with the default policy ({@code osm_qos.c}, defaults of {@code osm_base.h}):
 *
 * <ul>
 *   <li>SL-to-VL: SL i to VL i for SL 0-14 and SL 15 to VL 7, each VL masked to the output port's data VLs
 *       ({@code vl & ((1 << (OperationalVLs - 1)) - 1)}: OperationalVLs 1 means VL0 only, 4 VL0-7, 5 VL0-14). On a
 *       switch one table per (input, output) pair of active external ports (AttributeModifier
 *       {@code in << 8 | out}); on a CA port one table.</li>
 *   <li>VL arbitration: the high-priority table VL0 weight 4, the low-priority table VL1-14 weight 4 each (entries
 *       for VLs the port does not operate are left out); each written only if the port's VLArbitrationHighCap or
 *       LowCap has room (AttributeModifier part 2 and 1, plus the port on a switch). VLHighLimit 0 (set in PortInfo
 *       by {@link PortSettings}).</li>
 * </ul>
 *
 * A table is written again only when the port's OperationalVLs changed since this SM wrote it.
 *
 * <p>Not thread-safe: owned by the SM's sweeping thread.
 */
public final class VlTables {
    /** OpenSM's qos_sl2vl default: "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,7". */
    private static final int[] SL_TO_VL = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 7};

    private static final int WEIGHT = 4;

    private final SmpDispatcher smps;
    /** What was written: by "node GUID/modifier", the OperationalVLs it was written for. */
    private final Map<String, Integer> written = new HashMap<>();

    public VlTables(SmpDispatcher smps) {
        this.smps = smps;
    }

    /** Writes what the active ports of {@code subnet} lack; returns how many SMPs failed. */
    public int apply(Subnet subnet, Consumer<String> problems) {
        SmpBatch batch = new SmpBatch();
        List<Runnable> remember = new ArrayList<>();
        for (SmNode node : subnet.nodes()) {
            List<SmPort> active = node.ports().stream()
                    .filter(p -> p.number() > 0 || !node.isSwitch())
                    .filter(p -> p.info() != null && p.info().portState() == PortInfo.PORT_STATE_ACTIVE)
                    .toList();
            for (SmPort out : active) {
                int vls = out.info().operationalVls();
                if (node.isSwitch()) {
                    for (SmPort in : active) {
                        slToVl(batch, remember, out, in.number() << 8 | out.number(), vls);
                    }
                } else {
                    slToVl(batch, remember, out, out.number(), vls);
                }
                arbitration(batch, remember, out, vls);
            }
        }
        return batch.await(problems, () -> remember.forEach(Runnable::run), written::clear);
    }

    /** The VL packets on {@code sl} use out of a port with OperationalVLs {@code vls}. */
    static int vl(int sl, int vls) {
        return SL_TO_VL[sl] & ((1 << (Math.max(vls, 1) - 1)) - 1);
    }

    private void slToVl(SmpBatch batch, List<Runnable> remember, SmPort out, int modifier, int vls) {
        String key = out.node().guid() + "/sl2vl/" + modifier;
        if (Integer.valueOf(vls).equals(written.get(key))) {
            return;
        }
        List<Integer> table = new ArrayList<>();
        for (int sl = 0; sl < SlToVlMappingTable.NUM_SLS; sl++) {
            table.add(vl(sl, vls));
        }
        batch.add(
                smps.set(
                        SlToVlMappingTable.ATTRIBUTE_ID, modifier, new SlToVlMappingTable(table).toBytes(), out.path()),
                () -> "SLtoVLMappingTable " + (modifier >> 8) + "->" + (modifier & 0xFF) + " of " + out.node(),
                a -> {});
        remember.add(() -> written.put(key, vls));
    }

    private void arbitration(SmpBatch batch, List<Runnable> remember, SmPort port, int vls) {
        String key = port.node().guid() + "/vlarb/" + port.number();
        if (Integer.valueOf(vls).equals(written.get(key))) {
            return;
        }
        int dataVls = vls >= 5 ? 15 : 1 << (Math.max(vls, 1) - 1);
        List<VlArbitrationTable.Entry> high = new ArrayList<>(List.of(new VlArbitrationTable.Entry(0, WEIGHT)));
        List<VlArbitrationTable.Entry> low = new ArrayList<>();
        for (int vl = 1; vl < dataVls; vl++) {
            low.add(new VlArbitrationTable.Entry(vl, WEIGHT));
        }
        if (port.info().vlArbitrationHighCap() > 0) {
            arbitrationPart(batch, port, VlArbitrationTable.PART_HIGH_0_31, high);
        }
        if (port.info().vlArbitrationLowCap() > 0 && !low.isEmpty()) {
            arbitrationPart(batch, port, VlArbitrationTable.PART_LOW_0_31, low);
        }
        remember.add(() -> written.put(key, vls));
    }

    private void arbitrationPart(SmpBatch batch, SmPort port, int part, List<VlArbitrationTable.Entry> entries) {
        List<VlArbitrationTable.Entry> padded = new ArrayList<>(entries);
        while (padded.size() < VlArbitrationTable.ENTRIES_PER_BLOCK) {
            padded.add(new VlArbitrationTable.Entry(0, 0));
        }
        int modifier = part << 16 | (port.node().isSwitch() ? port.number() : 0);
        batch.add(
                smps.set(
                        VlArbitrationTable.ATTRIBUTE_ID,
                        modifier,
                        new VlArbitrationTable(padded).toBytes(),
                        port.path()),
                () -> "VLArbitrationTable part " + part + " of " + port,
                a -> {});
    }
}
