package dev.ibmesh.runtime.sma;

/**
 * The four kinds of port a PortInfo describes, and which PortInfo components apply to each. IBA 14.2.5.6 (Table 145,
 * "PortInfo") marks components as applying to CA ports, switch external ports, base switch port 0 and enhanced switch
 * port 0; a component that does not apply to a port is ignored on Set (it keeps its value, and the Set does not fail).
 *
 * <p>Sources for the split: opensm {@code osm_link_mgr.c} ("for base port 0 the following parameters are not valid
 * (p822, table 145)"; M_Key, GidPrefix, LID, MasterSMLID, M_KeyLeasePeriod, LMC and SubnetTimeOut "are relevant only
 * for CA port, router, or Enh. SP0" or switch port 0), opensm {@code osm_port_info_rcv.c} ("PortState is not used on
 * BSP0"), and the pib software switch ({@code pib_subn_set_portinfo}), which applies the same split.
 */
public enum PortKind {
    /** A channel adapter (or router) port: every component applies. */
    CA_PORT,
    /** A switch port 1..N: it has a link but is not an end port, so it has no LID, M_Key or SM fields. */
    SWITCH_EXTERNAL_PORT,
    /** Switch port 0 without a physical layer (SwitchInfo.EnhancedPort0 = 0): end-port fields only, no link fields. */
    BASE_SWITCH_PORT_0,
    /** Switch port 0 with the enhanced functions (SwitchInfo.EnhancedPort0 = 1): end-port and link fields. */
    ENHANCED_SWITCH_PORT_0;

    /**
     * The end-port components (M_Key, GidPrefix, LID, MasterSMLID, M_KeyLeasePeriod, M_KeyProtectBits, MasterSMSL,
     * SubnetTimeOut, ClientReregister, InitTypeReply, M_KeyViolations, Q_KeyViolations, ...) live on CA ports and on
     * switch port 0; switch external ports ignore them (IBA 14.2.5.6; opensm osm_link_mgr.c; pib).
     */
    public boolean hasEndPortFields() {
        return this != SWITCH_EXTERNAL_PORT;
    }

    /**
     * The link components (LinkWidthEnabled, PortState, PortPhysicalState, LinkDownDefaultState, LinkSpeed(Ext)Enabled,
     * NeighborMTU, VLHighLimit, VLStallCount, HOQLife, OperationalVLs, error thresholds) are not valid on base switch
     * port 0 (IBA 14.2.5.6 Table 145, as quoted by opensm osm_link_mgr.c); every other kind has them.
     */
    public boolean hasLinkFields() {
        return this != BASE_SWITCH_PORT_0;
    }

    /**
     * LMC: base switch port 0 has a single LID and no LMC (Shanley, "InfiniBand Network Architecture" ch. 25, "it has
     * no PortInfo.LMC"; opensm assigns one LID to a switch port 0 unless it is enhanced and {@code lmc_esp0} is set).
     */
    public boolean hasLmc() {
        return this == CA_PORT || this == ENHANCED_SWITCH_PORT_0;
    }

    /**
     * PartitionEnforcementInbound/Outbound and FilterRawInbound/Outbound: switch external ports only; the switch
     * advertises them in SwitchInfo (InboundEnforcementCap, ...). [unverified] against the IBA 14.2.5.6 text.
     */
    public boolean hasPartitionEnforcement() {
        return this == SWITCH_EXTERNAL_PORT;
    }
}
