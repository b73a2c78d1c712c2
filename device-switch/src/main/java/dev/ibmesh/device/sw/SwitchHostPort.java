package dev.ibmesh.device.sw;

import dev.ibmesh.runtime.agent.HostMad;
import dev.ibmesh.runtime.agent.HostSoftwarePort;
import dev.ibmesh.runtime.agent.MadAgents;
import java.util.List;
import java.util.function.Consumer;

/**
 * A switch's management port 0 as host software sees it (OpenSM on a managed switch, infiniband-diags under
 * ibsim-run): as ibsim attaches a client named after a switch to its port 0 ({@code sim_net.c node_get_port(node,
 * 0)}), NodeInfo is the switch's as its own SMA answers an SMP from port 0 (LocalPortNum 0), the port GUID is port
 * 0's (the node GUID), and MADs leave by port 0's QP0 and QP1.
 *
 * <p>Threading: as {@link HostSoftwarePort}: everything but the identity runs on the switch's event loop.
 */
public final class SwitchHostPort implements HostSoftwarePort {
    private final SwitchDevice device;

    public SwitchHostPort(SwitchDevice device) {
        this.device = device;
    }

    @Override
    public String nodeName() {
        return device.name();
    }

    @Override
    public long nodeGuid() {
        return device.deviceConfig().nodeGuid();
    }

    /** Port 0's one port GUID is the node GUID ({@link SwitchSmaNode#portGuid}). */
    @Override
    public long portGuid() {
        return device.deviceConfig().nodeGuid();
    }

    @Override
    public int portNumber() {
        return 0;
    }

    @Override
    public SwitchDevice device() {
        return device;
    }

    @Override
    public int lid() {
        return device.lid();
    }

    @Override
    public MadAgents.Agent register(List<Integer> classes, Consumer<HostMad> sink) {
        return device.attach(classes, sink);
    }

    @Override
    public boolean transmit(MadAgents.Agent from, HostMad mad) {
        return device.send(from, mad);
    }

    @Override
    public byte[] localGet(int attributeId, int attributeModifier) {
        return device.localGet(attributeId, attributeModifier);
    }

    @Override
    public void smPresent(boolean present) {
        device.smPresent(present);
    }
}
