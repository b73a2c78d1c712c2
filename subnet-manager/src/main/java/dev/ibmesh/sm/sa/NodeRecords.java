package dev.ibmesh.sm.sa;

import dev.ibmesh.mad.sa.NodeRecord;
import dev.ibmesh.mad.sa.SaMad;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.sm.discovery.SmPort;
import dev.ibmesh.wire.Bits;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * NodeRecord (IBA 15.2.5.2): one record per end port with a LID (a CA port, a switch's port 0), carrying the node's
 * NodeInfo with that port's PortGUID and LocalPortNum, and its NodeDescription; in node GUID order, as OpenSM lists
 * them. The LID component matches any LID of the port's LMC range.
 */
final class NodeRecords implements SaTable {
    private static final Components COMPONENTS = new Components(
            0, 16, 16, 16, 32, 8, 40, 8, 48, 8, 56, 8, 64, 64, 128, 64, 192, 64, 256, 16, 272, 16, 288, 32, 320, 8, 328,
            24, 352, 512);

    @Override
    public int attributeId() {
        return NodeRecord.ATTRIBUTE_ID;
    }

    @Override
    public int recordSize() {
        return NodeRecord.SIZE;
    }

    @Override
    public List<NodeRecord> query(SaView view, SaMad request) {
        byte[] template = request.data();
        long mask = request.componentMask();
        int lid = Bits.u16(template, 0);
        List<NodeRecord> records = new ArrayList<>();
        for (SmPort port : SaOrder.ports(view.endPorts())) {
            if ((mask & NodeRecord.COMP_LID) != 0 && view.portOfLid(lid) != port) {
                continue;
            }
            NodeRecord r = record(view, port);
            if (COMPONENTS.match(r.toBytes(), template, mask, NodeRecord.COMP_LID)) {
                records.add(r);
            }
        }
        return records;
    }

    private static NodeRecord record(SaView view, SmPort port) {
        NodeInfo n = port.node().info();
        NodeInfo asPort = new NodeInfo(
                n.baseVersion(),
                n.classVersion(),
                n.nodeType(),
                n.numPorts(),
                n.systemImageGuid(),
                n.nodeGuid(),
                port.guid(),
                n.partitionCap(),
                n.deviceId(),
                n.revision(),
                port.number(),
                n.vendorId());
        byte[] description = Arrays.copyOf(
                port.node().description().getBytes(StandardCharsets.UTF_8), NodeRecord.NODE_DESCRIPTION_SIZE);
        return new NodeRecord(view.baseLid(port), 0, asPort, description);
    }
}
