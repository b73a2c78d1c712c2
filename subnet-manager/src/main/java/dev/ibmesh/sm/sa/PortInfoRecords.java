package dev.ibmesh.sm.sa;

import dev.ibmesh.mad.sa.PortInfoRecord;
import dev.ibmesh.mad.sa.SaMad;
import dev.ibmesh.sm.discovery.SmNode;
import dev.ibmesh.sm.discovery.SmPort;
import dev.ibmesh.wire.Bits;
import java.util.ArrayList;
import java.util.List;

/**
 * PortInfoRecord (IBA 15.2.5.3): one record per port the sweep read, every port of a switch included; EndportLID is
 * the LID of the port's end port (a switch's port 0 for all its ports). The PortInfo is the SM's copy as it last
 * read or set it. CapabilityMask matches a port that has every bit the template sets (how saquery finds the SMs, as
 * OpenSM answers it); every other component must be equal. The M_Key reads 0: the SA gives the ports' key to nobody
 * (OpenSM shows it only to a requester with the SM_Key, which the responses of this SA never take).
 */
final class PortInfoRecords implements SaTable {
    static final long COMP_CAPABILITY_MASK = 1L << 7;
    private static final int CAPABILITY_MASK_OFFSET = 4 + 20;

    /** Components 0-2 are the record's own fields; 3 on are PortInfo's, 32 bits further into the record. */
    private static final Components COMPONENTS = new Components(
            0, 16, 16, 8, 24, 8, 32, 64, 96, 64, 160, 16, 176, 16, 192, 32, 224, 16, 240, 16, 256, 8, 264, 8, 272, 8,
            280, 8, 288, 4, 292, 4, 296, 4, 300, 4, 304, 2, 306, 3, 309, 3, 312, 4, 316, 4, 320, 4, 324, 4, 328, 4, 332,
            4, 336, 8, 344, 8, 352, 8, 360, 4, 364, 4, 368, 3, 371, 5, 376, 4, 380, 1, 381, 1, 382, 1, 383, 1, 384, 16,
            400, 16, 416, 16, 432, 8, 440, 1, 441, 2, 443, 5, 448, 3, 451, 5, 456, 4, 460, 4, 464, 16);

    @Override
    public int attributeId() {
        return PortInfoRecord.ATTRIBUTE_ID;
    }

    @Override
    public int recordSize() {
        return PortInfoRecord.SIZE;
    }

    @Override
    public List<PortInfoRecord> query(SaView view, SaMad request) {
        byte[] template = request.data();
        long mask = request.componentMask();
        int wantedCaps = Bits.u32(template, CAPABILITY_MASK_OFFSET);
        List<PortInfoRecord> records = new ArrayList<>();
        for (SmNode node : SaOrder.nodes(view.nodes())) {
            for (SmPort port : node.ports()) {
                SmPort end = node.isSwitch() ? node.port(0) : port;
                if (port.info() == null || end == null || view.baseLid(end) == 0) {
                    continue;
                }
                PortInfoRecord r = new PortInfoRecord(
                        view.baseLid(end),
                        port.number(),
                        0,
                        port.info().toBuilder().mKey(0).build().toBytes());
                byte[] b = r.toBytes();
                boolean caps = (mask & COMP_CAPABILITY_MASK) == 0
                        || (Bits.u32(b, CAPABILITY_MASK_OFFSET) & wantedCaps) == wantedCaps;
                if (caps && COMPONENTS.match(b, template, mask, COMP_CAPABILITY_MASK)) {
                    records.add(r);
                }
            }
        }
        return records;
    }
}
