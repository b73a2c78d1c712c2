package dev.ibmesh.device.hca;

import dev.ibmesh.runtime.agent.AgentUmadPort;
import dev.ibmesh.runtime.agent.HostMad;
import dev.ibmesh.runtime.agent.MadAgents;
import dev.ibmesh.runtime.umad.UmadPort;
import java.util.List;
import java.util.function.Consumer;

/**
 * One HCA port as the umad endpoint offers it to host software (OpenSM, infiniband-diags under ibsim-run): the
 * queries read the port through the HCA's own SMA, MADs leave through the port's QP0 and QP1 as real packets, and
 * the MADs that arrive for host software on the port go to the server.
 *
 * <p>Threading: the server calls in on its own context; everything that touches the HCA hops to its event loop.
 */
public final class HcaUmadPort extends AgentUmadPort {
    private final HcaDevice device;
    private final int port;

    public HcaUmadPort(HcaDevice device, int port) {
        super(
                device.name(),
                device.deviceConfig().nodeGuid(),
                device.deviceConfig().portGuid(port),
                port);
        if (device.deviceConfig().ports().stream().noneMatch(p -> p.number() == port)) {
            throw new IllegalArgumentException(device.name() + " has no port " + port);
        }
        this.device = device;
        this.port = port;
    }

    /** The host-facing ports of an HCA, port 1 first. */
    public static List<UmadPort> of(HcaDevice device) {
        return device.deviceConfig().ports().stream()
                .map(p -> (UmadPort) new HcaUmadPort(device, p.number()))
                .toList();
    }

    @Override
    protected HcaDevice device() {
        return device;
    }

    @Override
    protected int lid() {
        return device.lid(port);
    }

    @Override
    protected MadAgents.Agent register(List<Integer> classes, Consumer<HostMad> sink) {
        return device.attach(port, classes, sink);
    }

    @Override
    protected boolean transmit(MadAgents.Agent from, HostMad mad) {
        return device.send(from, mad);
    }

    @Override
    protected byte[] localGet(int attributeId, int attributeModifier) {
        return device.localGet(port, attributeId, attributeModifier);
    }

    @Override
    protected void smPresent(boolean present) {
        device.smPresent(port, present);
    }
}
