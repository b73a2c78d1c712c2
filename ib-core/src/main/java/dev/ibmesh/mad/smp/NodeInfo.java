package dev.ibmesh.mad.smp;

import dev.ibmesh.mad.Attribute;
import dev.ibmesh.wire.Bits;

/**
 * NodeInfo (attribute 0x0011, 40 bytes). AttributeModifier must be 0.
 *
 * <pre>
 *  byte 0 BaseVersion | 1 ClassVersion | 2 NodeType (1 CA, 2 switch, 3 router) | 3 NumPorts
 *  4-11 SystemImageGUID | 12-19 NodeGUID | 20-27 PortGUID (of the port the SMP arrived on)
 *  28-29 PartitionCap | 30-31 DeviceID | 32-35 Revision | 36 LocalPortNum | 37-39 VendorID
 * </pre>
 */
public record NodeInfo(
        int baseVersion,
        int classVersion,
        int nodeType,
        int numPorts,
        long systemImageGuid,
        long nodeGuid,
        long portGuid,
        int partitionCap,
        int deviceId,
        int revision,
        int localPortNum,
        int vendorId)
        implements Attribute {
    public static final int ATTRIBUTE_ID = 0x0011;
    public static final int SIZE = 40;
    public static final int NODE_TYPE_CA = 1;
    public static final int NODE_TYPE_SWITCH = 2;
    public static final int NODE_TYPE_ROUTER = 3;

    public NodeInfo {
        Bits.checkRange("BaseVersion", baseVersion, 8);
        Bits.checkRange("ClassVersion", classVersion, 8);
        Bits.checkRange("NodeType", nodeType, 8);
        Bits.checkRange("NumPorts", numPorts, 8);
        Bits.checkRange("PartitionCap", partitionCap, 16);
        Bits.checkRange("DeviceID", deviceId, 16);
        Bits.checkRange("LocalPortNum", localPortNum, 8);
        Bits.checkRange("VendorID", vendorId, 24);
    }

    public static NodeInfo decode(byte[] b, int off) {
        return new NodeInfo(
                Bits.u8(b, off),
                Bits.u8(b, off + 1),
                Bits.u8(b, off + 2),
                Bits.u8(b, off + 3),
                Bits.u64(b, off + 4),
                Bits.u64(b, off + 12),
                Bits.u64(b, off + 20),
                Bits.u16(b, off + 28),
                Bits.u16(b, off + 30),
                Bits.u32(b, off + 32),
                Bits.u8(b, off + 36),
                Bits.u24(b, off + 37));
    }

    @Override
    public void encode(byte[] b, int off) {
        Bits.put8(b, off, baseVersion);
        Bits.put8(b, off + 1, classVersion);
        Bits.put8(b, off + 2, nodeType);
        Bits.put8(b, off + 3, numPorts);
        Bits.put64(b, off + 4, systemImageGuid);
        Bits.put64(b, off + 12, nodeGuid);
        Bits.put64(b, off + 20, portGuid);
        Bits.put16(b, off + 28, partitionCap);
        Bits.put16(b, off + 30, deviceId);
        Bits.put32(b, off + 32, revision);
        Bits.put8(b, off + 36, localPortNum);
        Bits.put24(b, off + 37, vendorId);
    }

    @Override
    public int attributeId() {
        return ATTRIBUTE_ID;
    }

    @Override
    public int size() {
        return SIZE;
    }

    public static String nodeTypeName(int nodeType) {
        return switch (nodeType) {
            case NODE_TYPE_CA -> "CA";
            case NODE_TYPE_SWITCH -> "Switch";
            case NODE_TYPE_ROUTER -> "Router";
            default -> "NodeType(" + nodeType + ")";
        };
    }
}
