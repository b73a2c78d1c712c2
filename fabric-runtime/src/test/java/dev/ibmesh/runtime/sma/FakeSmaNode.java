package dev.ibmesh.runtime.sma;

import dev.ibmesh.mad.Mad;
import dev.ibmesh.mad.smp.GuidInfo;
import dev.ibmesh.mad.smp.LedInfo;
import dev.ibmesh.mad.smp.NodeDescription;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.mad.smp.PKeyTable;
import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.mad.smp.SlToVlMappingTable;
import dev.ibmesh.mad.smp.SmInfo;
import dev.ibmesh.mad.smp.VlArbitrationTable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** An in-memory CA for the SMA tests: every table starts zeroed; it records what the SMA hands over. */
class FakeSmaNode implements SmaNode {
    static final long NODE_GUID = 0x0002C90300001000L;

    final int numPorts;
    final Map<Integer, PortInfo> ports = new HashMap<>();
    final Map<List<Integer>, PKeyTable> pKeys = new HashMap<>();
    final Map<List<Integer>, SlToVlMappingTable> slToVl = new HashMap<>();
    final Map<List<Integer>, VlArbitrationTable> vlArbitration = new HashMap<>();
    final Map<List<Integer>, GuidInfo> guids = new HashMap<>();
    final Map<Integer, LedInfo> leds = new HashMap<>();
    final List<SmaAction> appliedActions = new ArrayList<>();
    /** The SMPs the M_Key check refused, as handed over for trap 256. */
    final List<Mad> mKeyViolations = new ArrayList<>();

    NodeDescription description = NodeDescription.of("fake node");
    Optional<SmInfo> sm = Optional.empty();
    int smControl;
    int portInfoApplies;

    FakeSmaNode(int numPorts) {
        this.numPorts = numPorts;
    }

    /** A one-port CA whose port is {@link PortInfoFixture#current()} with two GUID blocks (GUIDCap 16). */
    static FakeSmaNode channelAdapter() {
        FakeSmaNode ca = new FakeSmaNode(1);
        ca.ports.put(1, PortInfoFixture.current().toBuilder().guidCap(16).build());
        return ca;
    }

    static long portGuidOf(int port) {
        return NODE_GUID + port;
    }

    static GuidInfo guidBlock(long first) {
        List<Long> block = new ArrayList<>();
        for (int i = 0; i < GuidInfo.GUIDS_PER_BLOCK; i++) {
            block.add(first == 0 ? 0 : first + i);
        }
        return new GuidInfo(block);
    }

    @Override
    public int nodeType() {
        return NodeInfo.NODE_TYPE_CA;
    }

    @Override
    public int numPorts() {
        return numPorts;
    }

    @Override
    public long systemImageGuid() {
        return NODE_GUID | 0xFFFF;
    }

    @Override
    public long nodeGuid() {
        return NODE_GUID;
    }

    @Override
    public long portGuid(int port) {
        return portGuidOf(port);
    }

    @Override
    public int partitionCap() {
        return 64;
    }

    @Override
    public int deviceId() {
        return 0x1017;
    }

    @Override
    public int revision() {
        return 0x00A0;
    }

    @Override
    public int vendorId() {
        return 0x0002C9;
    }

    @Override
    public NodeDescription nodeDescription() {
        return description;
    }

    @Override
    public void setNodeDescription(NodeDescription d) {
        description = d;
    }

    @Override
    public PortInfo portInfo(int port) {
        return ports.get(port);
    }

    @Override
    public void applyPortInfo(int port, PortInfo next, List<SmaAction> actions) {
        portInfoApplies++;
        ports.put(port, next);
        appliedActions.addAll(actions);
    }

    @Override
    public PKeyTable pKeyTable(int port, int block) {
        return pKeys.getOrDefault(List.of(port, block), new PKeyTable(zeros(PKeyTable.PKEYS_PER_BLOCK)));
    }

    @Override
    public void setPKeyTable(int port, int block, PKeyTable table) {
        pKeys.put(List.of(port, block), table);
    }

    @Override
    public SlToVlMappingTable slToVlMappingTable(int inPort, int outPort) {
        return slToVl.getOrDefault(List.of(inPort, outPort), new SlToVlMappingTable(zeros(SlToVlMappingTable.NUM_SLS)));
    }

    @Override
    public void setSlToVlMappingTable(int inPort, int outPort, SlToVlMappingTable table) {
        slToVl.put(List.of(inPort, outPort), table);
    }

    @Override
    public VlArbitrationTable vlArbitrationTable(int port, int part) {
        return vlArbitration.getOrDefault(
                List.of(port, part),
                new VlArbitrationTable(
                        Collections.nCopies(VlArbitrationTable.ENTRIES_PER_BLOCK, new VlArbitrationTable.Entry(0, 0))));
    }

    @Override
    public void setVlArbitrationTable(int port, int part, VlArbitrationTable table) {
        vlArbitration.put(List.of(port, part), table);
    }

    @Override
    public GuidInfo guidInfo(int port, int block) {
        return guids.getOrDefault(List.of(port, block), guidBlock(block == 0 ? portGuid(port) : 0));
    }

    @Override
    public void setGuidInfo(int port, int block, GuidInfo g) {
        guids.put(List.of(port, block), g);
    }

    @Override
    public Optional<SmInfo> smInfo() {
        return sm;
    }

    @Override
    public SmInfo controlSm(int control, SmInfo requested) {
        smControl = control;
        sm = Optional.of(requested);
        return requested;
    }

    @Override
    public LedInfo ledInfo(int port) {
        return leds.getOrDefault(port, new LedInfo(false));
    }

    @Override
    public void setLedInfo(int port, LedInfo led) {
        leds.put(port, led);
    }

    @Override
    public void onMKeyViolation(Mad refused, int endPort) {
        mKeyViolations.add(refused);
    }

    static List<Integer> zeros(int n) {
        return Collections.nCopies(n, 0);
    }
}
