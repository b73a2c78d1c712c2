package dev.ibmesh.runtime.sma;

import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.smp.GuidInfo;
import dev.ibmesh.mad.smp.LedInfo;
import dev.ibmesh.mad.smp.NodeDescription;
import dev.ibmesh.mad.smp.PKeyTable;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.mad.smp.SlToVlMappingTable;
import dev.ibmesh.mad.smp.SmInfo;
import dev.ibmesh.mad.smp.VlArbitrationTable;
import java.util.List;
import java.util.Optional;

/**
 * The device behind a Subnet Management Agent (IBA 14.2.5): what {@link Sma} reads to answer a SubnGet and what it
 * hands over when a SubnSet changes something. Only ever called on the device's event loop. Arguments are already
 * checked by the SMA: ports are 0..{@link #numPorts()} and blocks and parts are within the device's capabilities.
 * A switch implements {@link SmaSwitch}, which adds the switch-only attributes.
 */
public interface SmaNode {
    /** NodeInfo.NodeType: CA (1) or router (3); a switch (2) is a {@link SmaSwitch}. */
    int nodeType();

    /** NodeInfo.NumPorts: the physical ports, numbered 1..NumPorts. */
    int numPorts();

    long systemImageGuid();

    long nodeGuid();

    /** The GUID of an end port: a CA port 1..NumPorts, or switch port 0. */
    long portGuid(int port);

    /** NodeInfo.PartitionCap: the P_Key entries of a CA port or switch port 0. */
    int partitionCap();

    int deviceId();

    int revision();

    /** NodeInfo.VendorID, a 24-bit OUI. */
    int vendorId();

    NodeDescription nodeDescription();

    /** Only called when the node advertises CapabilityMask2.IsSetNodeDescriptionSupported. */
    void setNodeDescription(NodeDescription description);

    /** The port's PortInfo as its live state makes it now; the SMA fills in LocalPortNum. */
    PortInfo portInfo(int port);

    /**
     * Stores a PortInfo that {@link PortInfoSet} accepted and carries out its side effects (PortState Armed, retrain,
     * ...). The next {@link #portInfo} should show the outcome.
     */
    void applyPortInfo(int port, PortInfo next, List<SmaAction> actions);

    /** P_Key block {@code block} (32 entries) of a CA port, switch port 0 or switch external port. */
    PKeyTable pKeyTable(int port, int block);

    void setPKeyTable(int port, int block, PKeyTable table);

    /**
     * The SL-to-VL table from {@code inPort} to {@code outPort}. A switch has one per (input, output) port pair; a CA
     * or router port has one, asked for with {@code inPort} 0 and {@code outPort} the port.
     */
    SlToVlMappingTable slToVlMappingTable(int inPort, int outPort);

    void setSlToVlMappingTable(int inPort, int outPort, SlToVlMappingTable table);

    /** One part (1..4, {@link VlArbitrationTable#PART_LOW_0_31} ...) of the port's VL arbitration table. */
    VlArbitrationTable vlArbitrationTable(int port, int part);

    void setVlArbitrationTable(int port, int part, VlArbitrationTable table);

    /** GUID block {@code block} (8 entries) of an end port; entry 0 of block 0 is the port GUID. */
    GuidInfo guidInfo(int port, int block);

    /** Entry 0 of block 0 and entries at or above GUIDCap arrive unchanged: the SMA keeps them. */
    void setGuidInfo(int port, int block, GuidInfo guids);

    /** The SMInfo of the SM running on this node, or empty when none runs here. */
    Optional<SmInfo> smInfo();

    /**
     * SubnSet(SMInfo) to this node's SM (only called when {@link #smInfo()} is present): {@code control} is the
     * AttributeModifier, {@link SmInfo#HANDOVER} .. {@link SmInfo#DISCOVER}. Returns the SMInfo after it.
     */
    SmInfo controlSm(int control, SmInfo requested);

    /** Only called when the end port advertises CapabilityMask.IsLEDInfoSupported. */
    LedInfo ledInfo(int port);

    void setLedInfo(int port, LedInfo led);

    /**
     * The M_Key check refused {@code refused} (IBA 14.2.4): it was discarded and M_KeyViolations of
     * {@code endPort} counted it. The node raises trap 256 ({@link TrapNotices#badMKey}) if it sends traps.
     */
    default void onMKeyViolation(Mad refused, int endPort) {}
}
