package dev.ibmesh.mad;

/** Names of attribute IDs per management class, as the IBA and OpenFabrics tools spell them. */
public final class AttributeNames {
    private AttributeNames() {}

    /** The attribute's name for this class, or {@code Attr(0xNNNN)}. */
    public static String name(MgmtClass mgmtClass, int attributeId) {
        String n = switch (mgmtClass.code()) {
            case 0x01, 0x81 -> smp(attributeId);
            case 0x04 -> pma(attributeId);
            case 0x03 -> sa(attributeId);
            default -> attributeId == 0x0001 ? "ClassPortInfo" : null;
        };
        return n != null ? n : String.format("Attr(0x%04X)", attributeId);
    }

    private static String smp(int id) {
        return switch (id) {
            case 0x0002 -> "Notice";
            case 0x0010 -> "NodeDescription";
            case 0x0011 -> "NodeInfo";
            case 0x0012 -> "SwitchInfo";
            case 0x0014 -> "GUIDInfo";
            case 0x0015 -> "PortInfo";
            case 0x0016 -> "P_KeyTable";
            case 0x0017 -> "SLtoVLMappingTable";
            case 0x0018 -> "VLArbitrationTable";
            case 0x0019 -> "LinearForwardingTable";
            case 0x001A -> "RandomForwardingTable";
            case 0x001B -> "MulticastForwardingTable";
            case 0x001C -> "LinkSpeedWidthPairsTable";
            case 0x0020 -> "SMInfo";
            case 0x0030 -> "VendorDiag";
            case 0x0031 -> "LedInfo";
            case 0x0033 -> "PortInfoExtended";
            default -> null;
        };
    }

    private static String pma(int id) {
        return switch (id) {
            case 0x0001 -> "ClassPortInfo";
            case 0x0010 -> "PortSamplesControl";
            case 0x0011 -> "PortSamplesResult";
            case 0x0012 -> "PortCounters";
            case 0x001D -> "PortCountersExtended";
            case 0x001E -> "PortSamplesResultExtended";
            case 0x0036 -> "PortXmitDataSL";
            case 0x0037 -> "PortRcvDataSL";
            default -> null;
        };
    }

    private static String sa(int id) {
        return switch (id) {
            case 0x0001 -> "ClassPortInfo";
            case 0x0002 -> "Notice";
            case 0x0003 -> "InformInfo";
            case 0x0011 -> "NodeRecord";
            case 0x0012 -> "PortInfoRecord";
            case 0x0013 -> "SLtoVLMappingTableRecord";
            case 0x0014 -> "SwitchInfoRecord";
            case 0x0015 -> "LinearForwardingTableRecord";
            case 0x0016 -> "RandomForwardingTableRecord";
            case 0x0017 -> "MulticastForwardingTableRecord";
            case 0x0018 -> "SMInfoRecord";
            case 0x0020 -> "LinkRecord";
            case 0x0030 -> "GuidInfoRecord";
            case 0x0031 -> "ServiceRecord";
            case 0x0033 -> "P_KeyTableRecord";
            case 0x0035 -> "PathRecord";
            case 0x0036 -> "VLArbitrationTableRecord";
            case 0x0038 -> "MCMemberRecord";
            case 0x0039 -> "TraceRecord";
            case 0x003A -> "MultiPathRecord";
            case 0x003B -> "ServiceAssociationRecord";
            case 0x00F3 -> "InformInfoRecord";
            default -> null;
        };
    }
}
