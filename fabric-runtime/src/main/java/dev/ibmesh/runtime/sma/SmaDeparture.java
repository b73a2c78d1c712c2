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
    ACCEPT_INVALID_LFT_PORTS,
    /**
     * An SMP whose ClassVersion is not the SMP class's (1) is answered as if it were, status 0, instead of status 1,
     * "bad version" (IBA 13.4.7 Table 110, C13-24).
     */
    ANSWER_BAD_CLASS_VERSION,
    /**
     * An SMP with a method the SMA does not support (SubnSend, SubnTrap, ...) is answered like a SubnGet instead of
     * with status 2, "method not supported" (IBA 13.4.7 Table 110, C14-3).
     */
    ANSWER_UNSUPPORTED_METHOD,
    /**
     * PortInfo reports RespTimeValue 0 (4.096 us), a time the SMA cannot answer in, instead of the value it honours
     * (IBA 13.4.6.2: a response comes within 4.096 us x 2^RespTimeValue plus the subnet's round trip).
     */
    UNDERSTATE_RESP_TIME_VALUE,
    /** PortInfo reports RespTimeValue 31, above the 20 the IBA allows (the CTS's C13_013 checks RespTimeValue <= 20). */
    OVERSTATE_RESP_TIME_VALUE,
    /**
     * A SubnSet is answered with Method 0x82 (Set with the R bit) instead of SubnGetResp 0x81, which answers SubnGet
     * and SubnSet alike (IBA 13.4.5, 14.2.1).
     */
    ANSWER_SET_WITH_SET_RESP,
    /**
     * The M_Key check refuses an SMP whose M_Key differs from the port's even while the port's M_Key is 0, instead of
     * checking nothing (C14-15).
     */
    CHECK_ZERO_M_KEY,
    /** The M_KeyLeasePeriod countdown a failed check starts never runs out: M_KeyProtectBits stay (C14-17, C14-20). */
    M_KEY_LEASE_NEVER_EXPIRES,
    /** An SMP with the right M_Key does not stop the running M_KeyLeasePeriod countdown (C14-19). */
    M_KEY_LEASE_NOT_STOPPED,
    /** M_KeyLeasePeriod 0 runs out at once instead of never (C14-21): protection drops after the first violation. */
    ZERO_M_KEY_LEASE_EXPIRES
}
