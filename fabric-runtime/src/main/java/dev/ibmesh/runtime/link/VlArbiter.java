package dev.ibmesh.runtime.link;

import dev.ibmesh.mad.smp.VlArbitrationTable;
import dev.ibmesh.wire.Lrh;
import java.util.ArrayList;
import java.util.List;

/**
 * Data VL arbitration of one output port (IBA vol 1 section 7.6.9): which VL sends the next packet.
 *
 * <ol>
 *   <li>VL15 first, whenever it has a packet: it is outside the tables and not flow controlled.</li>
 *   <li>Then the high-priority table, as long as the Limit of High-Priority allows; otherwise the low-priority
 *       table. Each table is a weighted round robin ({@link ArbitrationTable}).</li>
 *   <li>The limit is PortInfo.VLHighLimit in units of 4096 bytes: once that many high-priority bytes have gone out
 *       since the low-priority table last sent, the low-priority table sends next if it can. 0 means a single
 *       high-priority packet, 255 means no limit. If the low-priority table has nothing to send, the high-priority
 *       table goes on (the port does not idle). Sources: the opensm/Mellanox OFED manual on qos_high_limit, and
 *       Mellanox's IB flit-level simulator (vlarb.cc), which counts the limit the same way; [unverified] against the
 *       IBA text itself.</li>
 * </ol>
 * A port with no tables (both capacities 0: a single data VL) just serves VL0, after VL15 (Shanley, "InfiniBand
 * Network Architecture", ch. 25, "Arbitration on a Port with Single Data VL").
 *
 * <p>Flow-control packets go between VL15 and the data VLs in priority (same source); they are the caller's to send.
 * Mapping SLs to VLs is also the caller's, when it queues a packet ({@link SlToVl}).
 *
 * <p>Default tables, in force until the SM programs the port: opensm's QoS defaults (include/opensm/osm_base.h:
 * {@code OSM_DEFAULT_QOS_HIGH_LIMIT 0}, {@code OSM_DEFAULT_QOS_VLARB_HIGH "0:4,1:0,...,14:0"},
 * {@code OSM_DEFAULT_QOS_VLARB_LOW "0:0,1:4,...,14:4"}): VL0 high priority, VL1-14 low priority, weight 4 each,
 * other entries VL0 weight 0. They are what the SM that programs most real fabrics would set; the IBA reset contents
 * are not known to us ([unverified]).
 *
 * <p>Owned by one port and called from its event loop only. {@link #select} allocates nothing.
 */
public final class VlArbiter {
    /** What the port tells the arbiter about its VLs; implemented once per port, not per packet. */
    public interface Lanes {
        /** True if {@code vl} has a packet at the head of its queue and (for a data VL) credit to send it. */
        boolean ready(int vl);

        /** The size of the packet at the head of {@code vl}'s queue in bytes, LRH through VCRC. */
        int headBytes(int vl);

        /**
         * A mask of the VLs that may have a packet (bit n for VL n), so the arbiter asks {@link #ready} about those
         * only. A port that tracks which queues are non-empty says so; the default is every VL.
         */
        default int candidates() {
            return 0xFFFF;
        }
    }

    public static final int NONE = -1;
    public static final int UNLIMITED_HIGH_LIMIT = 255;
    private static final int HIGH_LIMIT_UNIT_BYTES = 4096;
    private static final int DEFAULT_WEIGHT = 4;
    private static final int DEFAULT_ENTRIES = 15;

    private final ArbitrationTable high;
    private final ArbitrationTable low;
    private int vlHighLimit;
    private int operationalVls;
    /** High-priority bytes sent since the low-priority table last sent. */
    private long highBytes;

    /**
     * A port's arbiter with the default tables.
     *
     * @param highCap        PortInfo.VLArbitrationHighCap: high-priority entries used (0..64)
     * @param lowCap         PortInfo.VLArbitrationLowCap: low-priority entries used (0..64)
     * @param operationalVls data VLs in use (1..15)
     */
    public VlArbiter(int highCap, int lowCap, int operationalVls) {
        this.high = new ArbitrationTable(highCap);
        this.low = new ArbitrationTable(lowCap);
        for (int entry = 0; entry < DEFAULT_ENTRIES; entry++) {
            high.set(entry, entry, entry == 0 ? DEFAULT_WEIGHT : 0);
            low.set(entry, entry, entry == 0 ? 0 : DEFAULT_WEIGHT);
        }
        high.restart();
        low.restart();
        operationalVls(operationalVls);
    }

    /**
     * The VL whose head packet goes next, or {@link #NONE}. The choice is charged at once (table weight, high
     * limit), so the caller must send that packet; {@link Lanes#headBytes} is still the packet's size here.
     */
    public int select(Lanes lanes) {
        int candidates = lanes.candidates();
        if ((candidates & (1 << Lrh.VL15)) != 0 && lanes.ready(Lrh.VL15)) {
            return Lrh.VL15;
        }
        // Which data VLs can send now, asked once per decision; the tables then only test bits.
        int ready = 0;
        for (int mask = candidates & ((1 << operationalVls) - 1); mask != 0; mask &= mask - 1) {
            int vl = Integer.numberOfTrailingZeros(mask);
            if (lanes.ready(vl)) {
                ready |= 1 << vl;
            }
        }
        if (ready == 0) {
            return NONE;
        }
        if (high.capacity() == 0 && low.capacity() == 0) {
            return (ready & 1) != 0 ? 0 : NONE;
        }
        if (highLimitReached()) {
            int vl = pickLow(lanes, ready);
            return vl != NONE ? vl : pickHigh(lanes, ready);
        }
        int vl = pickHigh(lanes, ready);
        return vl != NONE ? vl : pickLow(lanes, ready);
    }

    private boolean highLimitReached() {
        return vlHighLimit != UNLIMITED_HIGH_LIMIT
                && highBytes > 0
                && highBytes >= (long) vlHighLimit * HIGH_LIMIT_UNIT_BYTES;
    }

    private int pickHigh(Lanes lanes, int ready) {
        int vl = high.pick(lanes, ready);
        if (vl != NONE) {
            highBytes += lanes.headBytes(vl);
        }
        return vl;
    }

    private int pickLow(Lanes lanes, int ready) {
        int vl = low.pick(lanes, ready);
        if (vl != NONE) {
            highBytes = 0;
        }
        return vl;
    }

    /**
     * Takes one 32-entry block the SM set (SubnSet(VLArbitrationTable)); {@code part} is AttributeModifier bits 31-16:
     * 1 low 0-31, 2 high 0-31, 3 low 32-63, 4 high 32-63 (docs/wire-format.md, SM attributes). The table starts again
     * from its first entry.
     */
    public void program(int part, VlArbitrationTable block) {
        ArbitrationTable table = table(part);
        int first = firstEntry(part);
        for (int i = 0; i < VlArbitrationTable.ENTRIES_PER_BLOCK; i++) {
            VlArbitrationTable.Entry e = block.entry(i);
            table.set(first + i, e.vl(), e.weight());
        }
        table.restart();
    }

    /** One 32-entry block as programmed, for SubnGet(VLArbitrationTable); {@code part} as in {@link #program}. */
    public VlArbitrationTable block(int part) {
        ArbitrationTable table = table(part);
        int first = firstEntry(part);
        List<VlArbitrationTable.Entry> entries = new ArrayList<>(VlArbitrationTable.ENTRIES_PER_BLOCK);
        for (int i = 0; i < VlArbitrationTable.ENTRIES_PER_BLOCK; i++) {
            entries.add(new VlArbitrationTable.Entry(table.vl(first + i), table.weight(first + i)));
        }
        return new VlArbitrationTable(entries);
    }

    private ArbitrationTable table(int part) {
        return switch (part) {
            case VlArbitrationTable.PART_LOW_0_31, VlArbitrationTable.PART_LOW_32_63 -> low;
            case VlArbitrationTable.PART_HIGH_0_31, VlArbitrationTable.PART_HIGH_32_63 -> high;
            default -> throw new IllegalArgumentException("VLArbitrationTable part must be 1..4, was " + part);
        };
    }

    private static int firstEntry(int part) {
        return part >= VlArbitrationTable.PART_LOW_32_63 ? VlArbitrationTable.ENTRIES_PER_BLOCK : 0;
    }

    /** PortInfo.VLHighLimit (0..255). */
    public void vlHighLimit(int limit) {
        if (limit < 0 || limit > UNLIMITED_HIGH_LIMIT) {
            throw new IllegalArgumentException("VLHighLimit must be 0..255, was " + limit);
        }
        this.vlHighLimit = limit;
    }

    public int vlHighLimit() {
        return vlHighLimit;
    }

    /** Data VLs in use, VL0 .. count - 1 (PortInfo.OperationalVLs as a count: 1, 2, 4, 8 or 15). */
    public void operationalVls(int count) {
        if (count < 1 || count > LinkFlowControl.DATA_VLS) {
            throw new IllegalArgumentException("operational data VLs must be 1..15, was " + count);
        }
        this.operationalVls = count;
    }
}
