package dev.ibmesh.runtime.sma;

import dev.ibmesh.mad.smp.GuidInfo;
import dev.ibmesh.mad.smp.LedInfo;
import dev.ibmesh.mad.smp.NodeDescription;
import dev.ibmesh.mad.smp.SmInfo;
import dev.ibmesh.runtime.device.DeviceConfig;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * What every ibmesh device's SMA reports alike, from its topology configuration: identity (GUIDs, vendor, device
 * and revision), the NodeDescription (settable), one GUID per end port (GUIDCap 1), and no LED, and no SM of its
 * own (an SM on the node runs as host software and answers SMInfo itself). Event loop only.
 */
public abstract class ConfiguredSmaNode implements SmaNode {
    /**
     * PortInfo.RespTimeValue of every port: 4.096 us x 2^16, about 268 ms, the time within which the SMA answers an
     * SMP (IBA 13.4.6.2). An emulated node answers within milliseconds, far above the 4.096 us the value 0 would
     * promise, and well within this even on a loaded machine; a tester waits about this long before it concludes
     * that a request was discarded, so a larger value (qib and ibsim report 18, about 1.07 s) would slow every such
     * check.
     */
    public static final int RESP_TIME_VALUE = 16;

    protected final DeviceConfig config;
    private final int deviceId;
    private final int partitionCap;
    private NodeDescription description;

    protected ConfiguredSmaNode(DeviceConfig config, int deviceId, int partitionCap) {
        this.config = config;
        this.deviceId = deviceId;
        this.partitionCap = partitionCap;
        this.description = NodeDescription.of(config.nodeDescription());
    }

    /** A SubnSet changed the NodeDescription (a switch raises trap 144). */
    protected void nodeDescriptionChanged() {}

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
        return partitionCap;
    }

    @Override
    public int deviceId() {
        return deviceId;
    }

    @Override
    public int revision() {
        return 1;
    }

    @Override
    public int vendorId() {
        return config.vendorId();
    }

    @Override
    public NodeDescription nodeDescription() {
        return description;
    }

    @Override
    public void setNodeDescription(NodeDescription d) {
        boolean changed = !d.equals(description);
        this.description = d;
        if (changed) {
            nodeDescriptionChanged();
        }
    }

    /** GUIDCap is 1: entry 0 of block 0 is the port GUID, the rest are empty. */
    @Override
    public GuidInfo guidInfo(int port, int block) {
        List<Long> guids = new ArrayList<>(Collections.nCopies(GuidInfo.GUIDS_PER_BLOCK, 0L));
        guids.set(0, portGuid(port));
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
        throw new IllegalStateException("no SM runs in " + config.name() + "'s firmware; SMInfo goes to host software");
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
