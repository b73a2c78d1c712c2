package dev.ibmesh.device.hca;

import dev.ibmesh.device.hca.grpc.VerbsHost;
import dev.ibmesh.device.hca.verbs.Verbs;
import dev.ibmesh.mad.smp.NodeInfo;
import dev.ibmesh.mad.smp.PortInfo;

/**
 * An {@link HcaDevice} as the verbs service sees it. The node's identity and each port's PortInfo come from the
 * device's own SMA by a local SubnGet, as a verbs driver's query_device and query_port ask the HCA's firmware with a
 * MAD; so they always say what an SM would read. Event loop only, like the device.
 */
public final class HcaVerbsHost implements VerbsHost {
    private final HcaDevice hca;

    public HcaVerbsHost(HcaDevice hca) {
        this.hca = hca;
    }

    @Override
    public Verbs verbs() {
        return hca.verbs();
    }

    @Override
    public long nodeGuid() {
        return nodeInfo().nodeGuid();
    }

    @Override
    public long sysImageGuid() {
        return nodeInfo().systemImageGuid();
    }

    @Override
    public int vendorId() {
        return nodeInfo().vendorId();
    }

    @Override
    public int vendorPartId() {
        return nodeInfo().deviceId();
    }

    @Override
    public String nodeDescription() {
        return hca.deviceConfig().nodeDescription();
    }

    @Override
    public int portCount() {
        return hca.numPorts();
    }

    @Override
    public long portGuid(int port) {
        return hca.portGuid(port);
    }

    @Override
    public PortInfo portInfo(int port) {
        return PortInfo.decode(hca.localGet(port, PortInfo.ATTRIBUTE_ID, port), 0);
    }

    private NodeInfo nodeInfo() {
        return NodeInfo.decode(hca.localGet(1, NodeInfo.ATTRIBUTE_ID, 0), 0);
    }
}
