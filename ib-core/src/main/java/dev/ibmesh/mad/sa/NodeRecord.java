package dev.ibmesh.mad.sa;

import dev.ibmesh.mad.Attribute;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.wire.Bits;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * SA NodeRecord (attribute 0x0011, 108 bytes; a GetTableResp pads each record to 112 bytes, AttributeOffset 14).
 *
 * <pre>
 *  0-1    LID | 2-3 reserved (bits 16-31)
 *  4-43   NodeInfo (40 bytes, {@link NodeInfo})
 *  44-107 NodeDescription (64 bytes, UTF-8, NUL padded; kept raw here)
 * </pre>
 *
 * Sources: opensm {@code ib_node_record_t} (lid, resv, node_info, node_desc, then 4 pad bytes that are not part of
 * the IBA record) and {@code IB_NR_COMPMASK_*}; rdma-core {@code libibmad/fields.c} (SA NodeRecord: NodeDesc at
 * bit 352).
 */
public record NodeRecord(int lid, int reserved16, NodeInfo nodeInfo, byte[] nodeDescription) implements Attribute {
    public static final int ATTRIBUTE_ID = 0x0011;
    public static final int SIZE = 108;
    public static final int NODE_DESCRIPTION_SIZE = 64;

    /** ComponentMask bits (opensm IB_NR_COMPMASK_*). */
    public static final long COMP_LID = 1L << 0;

    public static final long COMP_BASE_VERSION = 1L << 2;
    public static final long COMP_CLASS_VERSION = 1L << 3;
    public static final long COMP_NODE_TYPE = 1L << 4;
    public static final long COMP_NUM_PORTS = 1L << 5;
    public static final long COMP_SYSTEM_IMAGE_GUID = 1L << 6;
    public static final long COMP_NODE_GUID = 1L << 7;
    public static final long COMP_PORT_GUID = 1L << 8;
    public static final long COMP_PARTITION_CAP = 1L << 9;
    public static final long COMP_DEVICE_ID = 1L << 10;
    public static final long COMP_REVISION = 1L << 11;
    public static final long COMP_LOCAL_PORT_NUM = 1L << 12;
    public static final long COMP_VENDOR_ID = 1L << 13;
    public static final long COMP_NODE_DESCRIPTION = 1L << 14;

    public NodeRecord {
        Bits.checkRange("LID", lid, 16);
        Bits.checkRange("reserved16", reserved16, 16);
        if (nodeInfo == null) {
            throw new IllegalArgumentException("NodeInfo must not be null");
        }
        nodeDescription = RawBytes.copy("NodeDescription", nodeDescription, NODE_DESCRIPTION_SIZE);
    }

    public static NodeRecord decode(byte[] b, int off) {
        return new NodeRecord(
                Bits.u16(b, off),
                Bits.u16(b, off + 2),
                NodeInfo.decode(b, off + 4),
                Arrays.copyOfRange(b, off + 44, off + 44 + NODE_DESCRIPTION_SIZE));
    }

    @Override
    public void encode(byte[] b, int off) {
        Bits.put16(b, off, lid);
        Bits.put16(b, off + 2, reserved16);
        nodeInfo.encode(b, off + 4);
        System.arraycopy(nodeDescription, 0, b, off + 44, NODE_DESCRIPTION_SIZE);
    }

    @Override
    public byte[] nodeDescription() {
        return nodeDescription.clone();
    }

    /** The NodeDescription up to its first NUL, decoded as UTF-8. */
    public String nodeDescriptionText() {
        int n = 0;
        while (n < NODE_DESCRIPTION_SIZE && nodeDescription[n] != 0) {
            n++;
        }
        return new String(nodeDescription, 0, n, StandardCharsets.UTF_8);
    }

    @Override
    public int attributeId() {
        return ATTRIBUTE_ID;
    }

    @Override
    public int size() {
        return SIZE;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof NodeRecord r
                && lid == r.lid
                && reserved16 == r.reserved16
                && nodeInfo.equals(r.nodeInfo)
                && Arrays.equals(nodeDescription, r.nodeDescription);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(toBytes());
    }

    @Override
    public String toString() {
        return "NodeRecord[lid=" + lid + ", reserved16=" + reserved16 + ", nodeInfo=" + nodeInfo + ", nodeDescription="
                + RawBytes.hex(nodeDescription) + "]";
    }
}
