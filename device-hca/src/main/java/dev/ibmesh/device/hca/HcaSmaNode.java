package dev.ibmesh.device.hca;

import dev.ibmesh.mad.smp.GuidInfo;
import dev.ibmesh.mad.smp.LedInfo;
import dev.ibmesh.mad.smp.NodeDescription;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.mad.smp.PKeyTable;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.mad.smp.SlToVlMappingTable;
import dev.ibmesh.mad.smp.SmInfo;
import dev.ibmesh.mad.smp.VlArbitrationTable;
import dev.ibmesh.runtime.device.DeviceConfig;
import dev.ibmesh.runtime.gsi.PKeys;
import dev.ibmesh.runtime.link.SlToVl;
import dev.ibmesh.runtime.port.Port;
import dev.ibmesh.runtime.sma.PortInfoView;
import dev.ibmesh.runtime.sma.SmaAction;
import dev.ibmesh.runtime.sma.SmaNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * What an HCA's SMA sees and changes: identity, each port's live PortInfo, P_Key table, SL-to-VL table and VL
 * arbitration table. Each CA port is an end port with its own GUID, LID and P_Key table (IBA 14.2.5). Event loop
 * only.
 */
final class HcaSmaNode implements SmaNode {
    /** The same vendor ID as ibmesh's switches; a device ID of its own, so tools can tell an emulated HCA. */
    static final int VENDOR_ID = 0x0002C9;
    static final int DEVICE_ID = 0xB1E6;
    /** One P_Key block per port. */
    static final int PARTITION_CAP = 32;
    private static final int ARBITRATION_CAP = 8;
    private static final int BASE_CAPABILITIES = PortInfo.CAP_IS_SL_MAPPING_SUPPORTED
            | PortInfo.CAP_IS_SYSTEM_IMAGE_GUID_SUPPORTED | PortInfo.CAP_IS_TRAP_SUPPORTED;

    private final DeviceConfig config;
    private final HcaDevice device;
    private final PortInfoView[] ports;
    private final PKeyTable[] pKeys;
    private final SlToVl[] slToVl;
    private NodeDescription description;

    HcaSmaNode(DeviceConfig config, HcaDevice device) {
        this.config = config;
        this.device = device;
        this.description = NodeDescription.of(config.nodeDescription());
        int n = config.ports().size();
        this.ports = new PortInfoView[n + 1];
        this.pKeys = new PKeyTable[n + 1];
        this.slToVl = new SlToVl[n + 1];
        List<Integer> keys = new ArrayList<>(Collections.nCopies(PKeyTable.PKEYS_PER_BLOCK, 0));
        keys.set(0, PKeyTable.DEFAULT_FULL);
        for (Port p : device.ports()) {
            int i = p.number();
            ports[i] = new PortInfoView(p, PortInfo.builder().capabilityMask(BASE_CAPABILITIES).guidCap(1)
                    .vlArbitrationHighCap(ARBITRATION_CAP).vlArbitrationLowCap(ARBITRATION_CAP)
                    .linkDownDefaultState(2).neighborMtu(p.config().mtuCap().code()).hoqLife(20)
                    .operationalVls(p.config().vlCap()).linkSpeedEnabled(p.config().linkSpeedEnabled())
                    .linkSpeedExtEnabled(p.config().linkSpeedExtEnabled()).build());
            pKeys[i] = new PKeyTable(keys);
            slToVl[i] = new SlToVl();
        }
    }

    /** The port's LID and LMC as the SM set them (0 before). */
    int lid(int port) {
        return ports[port].stored().lid();
    }

    int lmc(int port) {
        return ports[port].stored().lmc();
    }

    /** What the SM set on the port (LID, LMC, NeighborMTU, GidPrefix ...), without building the live PortInfo. */
    PortInfo stored(int port) {
        return ports[port].stored();
    }

    /** The VL a packet on {@code sl} leaves {@code port} on, or {@link SlToVl#DROP}. */
    int vl(int port, int sl) {
        return slToVl[port].map(sl, device.port(port).flowControl().operationalVls());
    }

    /** The P_Key at {@code index} of the port's table, or {@link PKeyTable#INVALID} beyond it. */
    int pKey(int port, int index) {
        return index < PKeyTable.PKEYS_PER_BLOCK ? pKeys[port].pKeys().get(index) : PKeyTable.INVALID;
    }

    /** The index of {@code pKey} in the port's table, or -1 when the table does not hold it (IBA 10.9.3). */
    int pKeyIndex(int port, int pKey) {
        List<Integer> keys = pKeys[port].pKeys();
        for (int i = 0; i < keys.size(); i++) {
            if (PKeys.matches(pKey, keys.get(i))) {
                return i;
            }
        }
        return -1;
    }

    /** PortInfo.P_KeyViolations (or Q_KeyViolations) counts one more, saturating at 0xFFFF (IBA 14.2.5.6). */
    void countKeyViolation(int port, boolean pKey) {
        PortInfo now = ports[port].current();
        PortInfo.Builder b = now.toBuilder();
        if (pKey) {
            b.pKeyViolations(Math.min(0xFFFF, now.pKeyViolations() + 1));
        } else {
            b.qKeyViolations(Math.min(0xFFFF, now.qKeyViolations() + 1));
        }
        ports[port].apply(b.build(), List.of());
    }

    /** CapabilityMask.IsSM of a port: host software says an SM runs there (what opensm's umad layer sets). */
    void smPresent(int port, boolean present) {
        PortInfo now = ports[port].current();
        int mask = present ? now.capabilityMask() | PortInfo.CAP_IS_SM : now.capabilityMask() & ~PortInfo.CAP_IS_SM;
        ports[port].apply(now.toBuilder().capabilityMask(mask).build(), List.of());
    }

    @Override
    public int nodeType() {
        return NodeInfo.NODE_TYPE_CA;
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

    @Override
    public long portGuid(int port) {
        return config.portGuid(port);
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
        return pKeys[port];
    }

    @Override
    public void setPKeyTable(int port, int block, PKeyTable table) {
        pKeys[port] = table;
    }

    @Override
    public SlToVlMappingTable slToVlMappingTable(int inPort, int outPort) {
        return slToVl[outPort].table();
    }

    @Override
    public void setSlToVlMappingTable(int inPort, int outPort, SlToVlMappingTable table) {
        slToVl[outPort].program(table);
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
        guids.set(0, portGuid(port));
        return new GuidInfo(guids);
    }

    @Override
    public void setGuidInfo(int port, int block, GuidInfo guids) {
        // GUIDCap is 1: only entry 0, the port GUID, exists, and a Set keeps it (the SMA passes it unchanged).
    }

    /** An SM on this HCA runs as host software and answers SMInfo itself (its agent takes those SMPs). */
    @Override
    public Optional<SmInfo> smInfo() {
        return Optional.empty();
    }

    @Override
    public SmInfo controlSm(int control, SmInfo requested) {
        throw new IllegalStateException("the SM of this HCA is host software; SMInfo goes to its agent");
    }

    @Override
    public LedInfo ledInfo(int port) {
        throw new IllegalStateException("LedInfo is not advertised");
    }

    @Override
    public void setLedInfo(int port, LedInfo led) {
        throw new IllegalStateException("LedInfo is not advertised");
    }
}
