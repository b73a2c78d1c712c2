package dev.ibmesh.sm.sa;

import dev.ibmesh.mad.sa.LinearForwardingTableRecord;
import dev.ibmesh.mad.sa.SaMad;
import dev.ibmesh.sm.discovery.SmNode;
import dev.ibmesh.sm.discovery.SmPort;
import java.util.ArrayList;
import java.util.List;

/**
 * LinearForwardingTableRecord (IBA 15.2.5.6): every 64-LID block of every switch's LFT as this SM programmed it
 * (up to its LinearFDBTop), keyed by the switch's LID and the block number.
 */
final class LinearForwardingTableRecords implements SaTable {
    private static final Components COMPONENTS = new Components(0, 16, 16, 16);

    @Override
    public int attributeId() {
        return LinearForwardingTableRecord.ATTRIBUTE_ID;
    }

    @Override
    public int recordSize() {
        return LinearForwardingTableRecord.SIZE;
    }

    @Override
    public List<LinearForwardingTableRecord> query(SaView view, SaMad request) {
        byte[] template = request.data();
        List<LinearForwardingTableRecord> records = new ArrayList<>();
        for (SmNode sw : SaOrder.nodes(view.switches())) {
            SmPort port0 = sw.port(0);
            int[] table = view.forwardingTable(sw);
            if (port0 == null || table == null || view.baseLid(port0) == 0) {
                continue;
            }
            for (int block = 0; block * LinearForwardingTableRecord.ENTRIES < table.length; block++) {
                byte[] ports = new byte[LinearForwardingTableRecord.ENTRIES];
                for (int i = 0; i < ports.length; i++) {
                    int lid = block * ports.length + i;
                    ports[i] = (byte) (lid < table.length ? table[lid] : LinearForwardingTableRecord.NO_ROUTE);
                }
                LinearForwardingTableRecord r = new LinearForwardingTableRecord(view.baseLid(port0), block, 0, ports);
                if (COMPONENTS.match(r.toBytes(), template, request.componentMask(), 0)) {
                    records.add(r);
                }
            }
        }
        return records;
    }
}
