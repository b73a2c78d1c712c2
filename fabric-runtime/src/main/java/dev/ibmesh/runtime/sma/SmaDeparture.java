package dev.ibmesh.runtime.sma;

/**
 * A rule of the SMA a device can be started to break, so that a conformance procedure can be shown to catch it. A
 * device's deviations (its {@code Deviation} enum) name the departures they call for in {@link SmaOptions}; each
 * breaks exactly one rule.
 */
public enum SmaDeparture {
    /**
     * A SubnGet of an attribute the node does not support (an optional one it lacks, such as RandomForwardingTable
     * with RandomFDBCap 0, or SMInfo without an SM) is answered with status 0 and an empty attribute instead of status
     * 3, "method/attribute combination not supported" (IBA 13.4.7 Table 110, C14-3).
     */
    ANSWER_UNSUPPORTED_GET,
    /**
     * A SubnSet of a read-only attribute (NodeInfo; NodeDescription without IsSetNodeDescriptionSupported) is answered
     * like a SubnGet, status 0 and the attribute unchanged, instead of status 3 (C14-3).
     */
    ACK_READ_ONLY_SET,
    /**
     * A SubnSet that is carried out is answered with the data the request carried instead of the attribute as it now
     * is, so what the SMA ignored or kept (GUIDInfo's port GUID, entries beyond GUIDCap) looks taken to the SM, which
     * takes its view of the node from these answers (opensm does).
     */
    ECHO_SET_DATA,
    /**
     * A SubnSet of a table (P_KeyTable, SLtoVLMappingTable, VLArbitrationTable, LinearForwardingTable,
     * MulticastForwardingTable) whose AttributeModifier is valid is answered with status 0 and the data as written,
     * but the table keeps its contents (C14-24: a Set writes the read-write components).
     */
    DROP_TABLE_WRITES,
    /**
     * LinearForwardingTable and MulticastForwardingTable blocks at or beyond LinearFDBCap / MulticastFDBCap are
     * answered with status 0 (an empty block; a Set changes nothing) instead of status 7 (IBA 13.4.7: an invalid
     * AttributeModifier).
     */
    ACCEPT_FDB_BLOCKS_BEYOND_CAP,
    /**
     * A SubnSet(LinearForwardingTable) takes entries that name a port the switch does not have (above NumPorts and
     * not 0xFF) instead of rejecting the block with status 7.
     */
    ACCEPT_INVALID_LFT_PORTS
}
