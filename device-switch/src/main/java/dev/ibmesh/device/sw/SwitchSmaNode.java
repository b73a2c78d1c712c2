package dev.ibmesh.device.sw;

import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.smp.LinearForwardingTable;
import dev.ibmesh.mad.smp.MulticastForwardingTable;
import dev.ibmesh.mad.smp.Notice;
import dev.ibmesh.mad.smp.PKeyTable;
import dev.ibmesh.mad.smp.PKeys;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.mad.smp.SlToVlMappingTable;
import dev.ibmesh.mad.smp.SwitchInfo;
import dev.ibmesh.mad.smp.VlArbitrationTable;
import dev.ibmesh.runtime.device.DeviceConfig;
import dev.ibmesh.runtime.gsi.Qp1Verdict;
import dev.ibmesh.runtime.port.Port;
import dev.ibmesh.runtime.sma.ConfiguredSmaNode;
import dev.ibmesh.runtime.sma.PortInfoView;
import dev.ibmesh.runtime.sma.SmaAction;
import dev.ibmesh.runtime.sma.SmaSwitch;
import dev.ibmesh.runtime.topology.SwitchOptions;
import dev.ibmesh.wire.Lrh;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.OptionalInt;

/**
 * What a switch's SMA sees and changes: identity, port 0 (the management port, with the switch's LID), the external
 * ports' live PortInfo, SwitchInfo, and the forwarding and SL-to-VL tables the relay uses. Changes the SMA makes that
 * the SM should hear of raise trap 144 (IBA 14.3.11, Notice.LocalChangesTrap flags): a new NodeDescription (port 0
 * advertises IsSetNodeDescriptionSupported and IsOtherLocalChangesNoticeSupported), a new LinkWidthEnabled or
 * LinkSpeedEnabled of a port. Event loop only.
 */
final class SwitchSmaNode extends ConfiguredSmaNode implements SmaSwitch {
    static final int DEVICE_ID = 0xB1E5;
    /** One P_Key block on port 0; external ports do no partition enforcement (PartitionEnforcementCap 0). */
    static final int PARTITION_CAP = 32;

    private static final int ARBITRATION_CAP = 8;
    private static final int PORT0_WIDTHS = 3;
    private static final int PORT0_WIDTH = 2;
    private static final int PORT0_SPEED = 1;
    /** PortInfo.LocalPhyErrors and OverrunErrors before an SM sets them: opensm's defaults, 8 each. */
    private static final int DEFAULT_ERROR_THRESHOLD = 8;
    /** The PortInfo violation counters are 16 bits and stop at all ones. */
    private static final int VIOLATIONS_MAX = 0xFFFF;

    private final SwitchDevice device;
    private final SwitchTraps traps;
    private final PortInfoView[] ports;
    private SwitchInfo switchInfo;
    private boolean portStateChange;
    private PKeyTable port0PKeys;

    SwitchSmaNode(DeviceConfig config, SwitchDevice device, SwitchOptions options, SwitchTraps traps) {
        super(config, DEVICE_ID, PARTITION_CAP);
        this.device = device;
        this.traps = traps;
        this.switchInfo = new SwitchInfo(
                options.linearFdbCap(),
                0,
                options.multicastFdbCap(),
                0,
                0,
                0xFF,
                0xFF,
                18,
                false,
                0,
                0,
                0,
                false,
                false,
                false,
                false,
                options.enhancedPort0(),
                0,
                0);
        List<Integer> keys = new ArrayList<>(Collections.nCopies(PKeyTable.PKEYS_PER_BLOCK, 0));
        keys.set(0, PKeyTable.DEFAULT_FULL);
        this.port0PKeys = new PKeyTable(keys);
        this.ports = new PortInfoView[config.ports().size() + 1];
        ports[0] = new PortInfoView(
                null,
                PortInfo.builder()
                        .capabilityMask(PortInfoView.withExtendedSpeeds(
                                PortInfo.CAP_IS_TRAP_SUPPORTED
                                        | PortInfo.CAP_IS_SL_MAPPING_SUPPORTED
                                        | PortInfo.CAP_IS_SYSTEM_IMAGE_GUID_SUPPORTED
                                        | PortInfo.CAP_IS_CAPABILITY_MASK2_SUPPORTED
                                        | PortInfo.CAP_IS_OTHER_LOCAL_CHANGES_NOTICE_SUPPORTED,
                                config.ports().stream().anyMatch(p -> p.linkSpeedExtSupported() != 0)))
                        .capabilityMask2(PortInfo.CAP2_IS_SET_NODE_DESCRIPTION_SUPPORTED)
                        .guidCap(1)
                        .respTimeValue(RESP_TIME_VALUE)
                        .mtuCap(5)
                        .vlCap(1)
                        .neighborMtu(5)
                        .portState(PortInfo.PORT_STATE_ACTIVE)
                        .portPhysicalState(PortInfo.PHYS_STATE_LINK_UP)
                        .linkDownDefaultState(2)
                        .operationalVls(1)
                        // Port 0 has no cable: nominal 1x/4x SDR link values (what ibsim and switches report), so
                        // readers
                        // such as smpquery see valid widths instead of 0, and Sets have a LinkWidthSupported to check.
                        .linkWidthSupported(PORT0_WIDTHS)
                        .linkWidthEnabled(PORT0_WIDTH)
                        .linkWidthActive(PORT0_WIDTH)
                        .linkSpeedSupported(PORT0_SPEED)
                        .linkSpeedEnabled(PORT0_SPEED)
                        .linkSpeedActive(PORT0_SPEED)
                        .build());
        for (Port p : device.ports()) {
            ports[p.number()] = new PortInfoView(
                    p,
                    PortInfo.builder()
                            .vlArbitrationHighCap(ARBITRATION_CAP)
                            .vlArbitrationLowCap(ARBITRATION_CAP)
                            .respTimeValue(RESP_TIME_VALUE)
                            .linkDownDefaultState(2)
                            .neighborMtu(5)
                            .hoqLife(20)
                            .operationalVls(p.config().vlCap())
                            .linkSpeedEnabled(p.config().linkSpeedEnabled())
                            .linkSpeedExtEnabled(p.config().linkSpeedExtEnabled())
                            .localPhyErrors(DEFAULT_ERROR_THRESHOLD)
                            .overrunErrors(DEFAULT_ERROR_THRESHOLD)
                            .build());
            p.counters().thresholds(DEFAULT_ERROR_THRESHOLD, DEFAULT_ERROR_THRESHOLD);
        }
    }

    /** The LID and LMC of port 0: the switch's own addresses. */
    int lid() {
        return ports[0].current().lid();
    }

    int lmc() {
        return ports[0].current().lmc();
    }

    /** Whether a DLID is one of port 0's LIDs (its base LID with the LMC bits masked); none before the SM sets one. */
    boolean addresses(int dlid) {
        int mask = ~((1 << lmc()) - 1);
        return lid() != 0 && !Lrh.isMulticast(dlid) && (dlid & mask) == (lid() & mask);
    }

    /** PortInfo.CapabilityMask.IsSM of port 0: an SM runs on the switch (and answers SMInfo itself, IBA 14.4.1). */
    boolean isSm() {
        return ports[0].current().hasCapability(PortInfo.CAP_IS_SM);
    }

    /** Host software on port 0 takes or gives up the SM role: sets or clears IsSM (as the HCA's ports do). */
    void smPresent(boolean present) {
        PortInfo now = ports[0].current();
        int mask = present ? now.capabilityMask() | PortInfo.CAP_IS_SM : now.capabilityMask() & ~PortInfo.CAP_IS_SM;
        ports[0].apply(now.toBuilder().capabilityMask(mask).build(), List.of());
    }

    /** A port changed state: SwitchInfo.PortStateChange is set until the SM clears it (IBA 14.2.5.4). */
    void portStateChanged() {
        portStateChange = true;
    }

    @Override
    protected void nodeDescriptionChanged() {
        traps.nodeDescriptionChanged();
    }

    @Override
    public PortInfo portInfo(int port) {
        return ports[port].current();
    }

    /**
     * Stores a PortInfo and makes the port follow it; an external port's counters take its error thresholds. A new
     * LinkWidthEnabled or LinkSpeedEnabled raises trap 144.
     */
    @Override
    public void applyPortInfo(int port, PortInfo next, List<SmaAction> actions) {
        PortInfo before = ports[port].current();
        ports[port].apply(next, actions);
        if (port == 0) {
            return;
        }
        device.port(port).counters().thresholds(next.localPhyErrors(), next.overrunErrors());
        PortInfo after = ports[port].current();
        int changes = (before.linkWidthEnabled() != after.linkWidthEnabled()
                        ? Notice.LocalChangesTrap.CHANGE_LINK_WIDTH_ENABLED
                        : 0)
                | (before.linkSpeedEnabled() != after.linkSpeedEnabled()
                        ? Notice.LocalChangesTrap.CHANGE_LINK_SPEED_ENABLED
                        : 0);
        if (changes != 0) {
            traps.localChanges(changes);
        }
    }

    /** Trap 256 for every SMP the M_Key check refused (IBA 14.2.4, 14.3.9). */
    @Override
    public void onMKeyViolation(Mad refused, int endPort) {
        traps.badMKey(refused);
    }

    /** Port 0's P_Key entries, for its QP1's P_Key check. */
    List<Integer> port0PKeys() {
        return port0PKeys.pKeys();
    }

    /** Port 0's P_Key at {@code index}; empty for an index beyond its one block or an invalid (zero) entry. */
    OptionalInt pKey(int index) {
        List<Integer> keys = port0PKeys.pKeys();
        if (index >= keys.size() || !PKeys.isValid(keys.get(index))) {
            return OptionalInt.empty();
        }
        return OptionalInt.of(keys.get(index));
    }

    /** Port 0's QP1 rejected a packet: P_KeyViolations or Q_KeyViolations of port 0 count it, stopping at 0xFFFF. */
    void countKeyViolation(Qp1Verdict.Kind kind) {
        PortInfo p0 = ports[0].current();
        PortInfo.Builder b = p0.toBuilder();
        if (kind == Qp1Verdict.Kind.BAD_P_KEY) {
            b.pKeyViolations(Math.min(VIOLATIONS_MAX, p0.pKeyViolations() + 1));
        } else {
            b.qKeyViolations(Math.min(VIOLATIONS_MAX, p0.qKeyViolations() + 1));
        }
        ports[0].apply(b.build(), List.of());
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

    /** The stored SwitchInfo with the two values that live elsewhere: LinearFDBTop (the relay's) and PortStateChange. */
    @Override
    public SwitchInfo switchInfo() {
        SwitchInfo s = switchInfo;
        return new SwitchInfo(
                s.linearFdbCap(),
                s.randomFdbCap(),
                s.multicastFdbCap(),
                device.tables().linearFdbTop(),
                s.defaultPort(),
                s.defaultMulticastPrimaryPort(),
                s.defaultMulticastNotPrimaryPort(),
                s.lifeTimeValue(),
                portStateChange,
                s.optimizedSlToVlMappingProgramming(),
                s.lidsPerPort(),
                s.partitionEnforcementCap(),
                s.inboundEnforcementCap(),
                s.outboundEnforcementCap(),
                s.filterRawInboundCap(),
                s.filterRawOutboundCap(),
                s.enhancedPort0(),
                s.reserved133(),
                s.multicastFdbTop());
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
