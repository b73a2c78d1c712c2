package dev.ibmesh.device.sw;

import dev.ibmesh.runtime.agent.AgentUmadPort;
import dev.ibmesh.runtime.agent.HostMad;
import dev.ibmesh.runtime.agent.MadAgents;
import java.util.List;
import java.util.function.Consumer;

/**
 * A switch's management port 0 as the umad endpoint offers it to host software (OpenSM on a managed switch,
 * infiniband-diags under ibsim-run): as ibsim attaches a client named after a switch to its port 0 ({@code sim_net.c
 * node_get_port(node, 0)}), NodeInfo is the switch's as its own SMA answers an SMP from port 0 (LocalPortNum 0), the
 * port GUID is port 0's (the node GUID), and MADs leave by port 0's QP0 and QP1.
 *
 * <p>Threading: the server calls in on its own context; everything that touches the switch hops to its event loop.
 */
public final class SwitchUmadPort extends AgentUmadPort {
    private final SwitchDevice device;

    /** Port 0 of {@code device}: its one port GUID is the node GUID ({@link SwitchSmaNode#portGuid}). */
    public SwitchUmadPort(SwitchDevice device) {
        super(
                device.name(),
                device.deviceConfig().nodeGuid(),
                device.deviceConfig().nodeGuid(),
                0);
        this.device = device;
    }

    @Override
    protected SwitchDevice device() {
        return device;
    }

    @Override
    protected int lid() {
        return device.lid();
    }

    @Override
    protected MadAgents.Agent register(List<Integer> classes, Consumer<HostMad> sink) {
        return device.attach(classes, sink);
    }

    @Override
    protected boolean transmit(MadAgents.Agent from, HostMad mad) {
        return device.send(from, mad);
    }

    @Override
    protected byte[] localGet(int attributeId, int attributeModifier) {
        return device.localGet(attributeId, attributeModifier);
    }

    @Override
    protected void smPresent(boolean present) {
        device.smPresent(present);
    }
}
