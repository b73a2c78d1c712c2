package dev.ibmesh.device.hca;

import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.mad.smp.PKeyTable;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.mad.smp.SlToVlMappingTable;
import dev.ibmesh.mad.smp.VlArbitrationTable;
import dev.ibmesh.runtime.device.DeviceConfig;
import dev.ibmesh.runtime.link.SlToVl;
import dev.ibmesh.runtime.port.Port;
import dev.ibmesh.runtime.sma.ConfiguredSmaNode;
import dev.ibmesh.runtime.sma.PortInfoView;
import dev.ibmesh.runtime.sma.SmaAction;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What an HCA's SMA sees and changes: identity, each port's live PortInfo, P_Key table, SL-to-VL table and VL
 * arbitration table. Each CA port is an end port with its own GUID, LID and P_Key table (IBA 14.2.5). Event loop
 * only.
 */
final class HcaSmaNode extends ConfiguredSmaNode {
    static final int DEVICE_ID = 0xB1E6;
    /** One P_Key block per port. */
    static final int PARTITION_CAP = 32;

    private static final int ARBITRATION_CAP = 8;
    private static final int BASE_CAPABILITIES = PortInfo.CAP_IS_SL_MAPPING_SUPPORTED
            | PortInfo.CAP_IS_SYSTEM_IMAGE_GUID_SUPPORTED
            | PortInfo.CAP_IS_TRAP_SUPPORTED
            | PortInfo.CAP_IS_CAPABILITY_MASK_NOTICE_SUPPORTED;

    private final HcaDevice device;
    private final PortInfoView[] ports;
    private final PKeyTable[] pKeys;
    private final SlToVl[] slToVl;

    HcaSmaNode(DeviceConfig config, HcaDevice device) {
        super(config, DEVICE_ID, PARTITION_CAP);
        this.device = device;
        int n = config.ports().size();
        this.ports = new PortInfoView[n + 1];
        this.pKeys = new PKeyTable[n + 1];
        this.slToVl = new SlToVl[n + 1];
        List<Integer> keys = new ArrayList<>(Collections.nCopies(PKeyTable.PKEYS_PER_BLOCK, 0));
        keys.set(0, PKeyTable.DEFAULT_FULL);
        for (Port p : device.ports()) {
            int i = p.number();
            ports[i] = new PortInfoView(
                    p,
                    PortInfo.builder()
                            .capabilityMask(BASE_CAPABILITIES)
                            .guidCap(1)
                            .vlArbitrationHighCap(ARBITRATION_CAP)
                            .vlArbitrationLowCap(ARBITRATION_CAP)
                            .respTimeValue(RESP_TIME_VALUE)
                            .linkDownDefaultState(2)
                            .neighborMtu(p.config().mtuCap().code())
                            .hoqLife(20)
                            .operationalVls(p.config().vlCap())
                            .linkSpeedEnabled(p.config().linkSpeedEnabled())
                            .linkSpeedExtEnabled(p.config().linkSpeedExtEnabled())
                            .build());
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

    /** Trap 256 for every SMP the M_Key check refused (IBA 14.2.4, 14.3.9), as the switch raises it. */
    @Override
    public void onMKeyViolation(Mad refused, int endPort) {
        device.badMKey(endPort, refused);
    }

    @Override
    public int nodeType() {
        return NodeInfo.NODE_TYPE_CA;
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
}
