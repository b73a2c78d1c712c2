package dev.ibmesh.device.sw;

import dev.ibmesh.mad.smp.GuidInfo;
import dev.ibmesh.mad.smp.LedInfo;
import dev.ibmesh.mad.smp.LinearForwardingTable;
import dev.ibmesh.mad.smp.MulticastForwardingTable;
import dev.ibmesh.mad.smp.NodeDescription;
import dev.ibmesh.mad.smp.PKeyTable;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.mad.smp.SlToVlMappingTable;
import dev.ibmesh.mad.smp.SmInfo;
import dev.ibmesh.mad.smp.SwitchInfo;
import dev.ibmesh.mad.smp.VlArbitrationTable;
import dev.ibmesh.runtime.device.DeviceConfig;
import dev.ibmesh.runtime.port.Port;
import dev.ibmesh.runtime.sma.PortInfoView;
import dev.ibmesh.runtime.sma.SmaAction;
import dev.ibmesh.runtime.sma.SmaSwitch;
import dev.ibmesh.runtime.topology.SwitchOptions;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * What a switch's SMA sees and changes: identity, port 0 (the management port, with the switch's LID), the external
 * ports' live PortInfo, SwitchInfo, and the forwarding and SL-to-VL tables the relay uses. Event loop only.
 */
final class SwitchSmaNode implements SmaSwitch {
    /** ibmesh's own OUI-like vendor ID and device ID, so tools can tell an emulated switch. */
    static final int VENDOR_ID = 0x0002C9;
    static final int DEVICE_ID = 0xB1E5;
    /** One P_Key block on port 0; external ports do no partition enforcement (PartitionEnforcementCap 0). */
    static final int PARTITION_CAP = 32;
    private static final int ARBITRATION_CAP = 8;

    private final DeviceConfig config;
    private final SwitchDevice device;
    private final PortInfoView[] ports;
    private NodeDescription description;
    private SwitchInfo switchInfo;
    private boolean portStateChange;
    private PKeyTable port0PKeys;

    SwitchSmaNode(DeviceConfig config, SwitchDevice device, SwitchOptions options) {
        this.config = config;
        this.device = device;
        this.description = NodeDescription.of(config.nodeDescription());
        this.switchInfo = new SwitchInfo(options.linearFdbCap(), 0, options.multicastFdbCap(), 0, 0, 0xFF, 0xFF, 18,
                false, 0, 0, 0, false, false, false, false, options.enhancedPort0(), 0, 0);
        List<Integer> keys = new ArrayList<>(Collections.nCopies(PKeyTable.PKEYS_PER_BLOCK, 0));
        keys.set(0, PKeyTable.DEFAULT_FULL);
        this.port0PKeys = new PKeyTable(keys);
        this.ports = new PortInfoView[config.ports().size() + 1];
        ports[0] = new PortInfoView(null, PortInfo.builder()
                .capabilityMask(PortInfo.CAP_IS_TRAP_SUPPORTED | PortInfo.CAP_IS_SL_MAPPING_SUPPORTED
                        | PortInfo.CAP_IS_SYSTEM_IMAGE_GUID_SUPPORTED)
                .guidCap(1).mtuCap(5).vlCap(1).neighborMtu(5).portState(PortInfo.PORT_STATE_ACTIVE)
                .portPhysicalState(PortInfo.PHYS_STATE_LINK_UP).linkDownDefaultState(2).operationalVls(1)
                .build());
        for (Port p : device.ports()) {
            ports[p.number()] = new PortInfoView(p, PortInfo.builder().vlArbitrationHighCap(ARBITRATION_CAP)
                    .vlArbitrationLowCap(ARBITRATION_CAP).linkDownDefaultState(2).neighborMtu(5).hoqLife(20)
                    .operationalVls(p.config().vlCap()).linkSpeedEnabled(p.config().linkSpeedEnabled())
                    .linkSpeedExtEnabled(p.config().linkSpeedExtEnabled()).build());
        }
    }

    /** The LID and LMC of port 0: the switch's own addresses. */
    int lid() {
        return ports[0].current().lid();
    }

    int lmc() {
        return ports[0].current().lmc();
    }

    /** A port changed state: SwitchInfo.PortStateChange is set until the SM clears it (IBA 14.2.5.4). */
    void portStateChanged() {
        portStateChange = true;
    }

    @Override
    public int numPorts() {
        return config.ports().size();
    }

    @Override
    public long systemImageGuid() {
        return config.systemImageGuid();
    }

    @Override
    public long nodeGuid() {
        return config.nodeGuid();
    }

    /** A switch has one port GUID, port 0's: the node GUID (the topology's default, as opensm expects). */
    @Override
    public long portGuid(int port) {
        return config.nodeGuid();
    }

    @Override
    public int partitionCap() {
        return PARTITION_CAP;
    }

    @Override
    public int deviceId() {
        return DEVICE_ID;
    }

    @Override
    public int revision() {
        return 1;
    }

    @Override
    public int vendorId() {
        return VENDOR_ID;
    }

    @Override
    public NodeDescription nodeDescription() {
        return description;
    }

    @Override
    public void setNodeDescription(NodeDescription d) {
        this.description = d;
    }

    @Override
    public PortInfo portInfo(int port) {
        return ports[port].current();
    }

    @Override
    public void applyPortInfo(int port, PortInfo next, List<SmaAction> actions) {
        ports[port].apply(next, actions);
    }

    @Override
    public PKeyTable pKeyTable(int port, int block) {
        return port0PKeys;
    }

    @Override
    public void setPKeyTable(int port, int block, PKeyTable table) {
        port0PKeys = table;
    }

    @Override
    public SlToVlMappingTable slToVlMappingTable(int inPort, int outPort) {
        return device.slToVl(inPort, outPort).table();
    }

    @Override
    public void setSlToVlMappingTable(int inPort, int outPort, SlToVlMappingTable table) {
        device.slToVl(inPort, outPort).program(table);
    }

    @Override
    public VlArbitrationTable vlArbitrationTable(int port, int part) {
        return device.port(port).arbiter().block(part);
    }

    @Override
    public void setVlArbitrationTable(int port, int part, VlArbitrationTable table) {
        device.port(port).arbiter().program(part, table);
    }

    @Override
    public GuidInfo guidInfo(int port, int block) {
        List<Long> guids = new ArrayList<>(Collections.nCopies(8, 0L));
        guids.set(0, config.nodeGuid());
        return new GuidInfo(guids);
    }

    @Override
    public void setGuidInfo(int port, int block, GuidInfo guids) {
        // GUIDCap is 1: only entry 0, the port GUID, exists, and a Set keeps it (the SMA passes it unchanged).
    }

    @Override
    public Optional<SmInfo> smInfo() {
        return Optional.empty();
    }

    @Override
    public SmInfo controlSm(int control, SmInfo requested) {
        throw new IllegalStateException("no SM runs on this switch");
    }

    @Override
    public LedInfo ledInfo(int port) {
        throw new IllegalStateException("LedInfo is not advertised");
    }

    @Override
    public void setLedInfo(int port, LedInfo led) {
        throw new IllegalStateException("LedInfo is not advertised");
    }

    /** The stored SwitchInfo with the two values that live elsewhere: LinearFDBTop (the relay's) and PortStateChange. */
    @Override
    public SwitchInfo switchInfo() {
        SwitchInfo s = switchInfo;
        return new SwitchInfo(s.linearFdbCap(), s.randomFdbCap(), s.multicastFdbCap(), device.tables().linearFdbTop(),
                s.defaultPort(), s.defaultMulticastPrimaryPort(), s.defaultMulticastNotPrimaryPort(), s.lifeTimeValue(),
                portStateChange, s.optimizedSlToVlMappingProgramming(), s.lidsPerPort(), s.partitionEnforcementCap(),
                s.inboundEnforcementCap(), s.outboundEnforcementCap(), s.filterRawInboundCap(), s.filterRawOutboundCap(),
                s.enhancedPort0(), s.reserved133(), s.multicastFdbTop());
    }

    @Override
    public void applySwitchInfo(SwitchInfo next) {
        switchInfo = next;
        portStateChange = next.portStateChange();
        device.tables().linearFdbTop(next.linearFdbTop());
    }

    @Override
    public LinearForwardingTable linearForwardingTable(int block) {
        return device.tables().lftBlock(block);
    }

    @Override
    public void setLinearForwardingTable(int block, LinearForwardingTable table) {
        device.tables().setLftBlock(block, table);
    }

    @Override
    public MulticastForwardingTable multicastForwardingTable(int block, int position) {
        return device.tables().mftBlock(block, position);
    }

    @Override
    public void setMulticastForwardingTable(int block, int position, MulticastForwardingTable table) {
        device.tables().setMftBlock(block, position, table);
    }
}
