package dev.ibmesh.device.hca;

import dev.ibmesh.runtime.agent.HostMad;
import dev.ibmesh.runtime.agent.HostSoftwarePort;
import dev.ibmesh.runtime.agent.MadAgents;
import java.util.List;
import java.util.function.Consumer;

/**
 * One HCA port as host software sees it (OpenSM and infiniband-diags through the umad endpoint, the tester and an SM
 * through a MadPort): the queries read the port through the HCA's own SMA, MADs leave through the port's QP0 and QP1
 * as real packets, and the MADs that arrive for host software on the port come back.
 *
 * <p>Threading: as {@link HostSoftwarePort}: everything but the identity runs on the HCA's event loop.
 */
public final class HcaHostPort implements HostSoftwarePort {
    private final HcaDevice device;
    private final int port;

    public HcaHostPort(HcaDevice device, int port) {
        if (device.deviceConfig().ports().stream().noneMatch(p -> p.number() == port)) {
            throw new IllegalArgumentException(device.name() + " has no port " + port);
        }
        this.device = device;
        this.port = port;
    }

    /** The host-facing ports of an HCA, port 1 first. */
    public static List<HostSoftwarePort> of(HcaDevice device) {
        return device.deviceConfig().ports().stream()
                .map(p -> (HostSoftwarePort) new HcaHostPort(device, p.number()))
                .toList();
    }

    @Override
    public String nodeName() {
        return device.name();
    }

    @Override
    public long nodeGuid() {
        return device.deviceConfig().nodeGuid();
    }

    @Override
    public long portGuid() {
        return device.deviceConfig().portGuid(port);
    }

    @Override
    public int portNumber() {
        return port;
    }

    @Override
    public HcaDevice device() {
        return device;
    }

    @Override
    public int lid() {
        return device.lid(port);
    }

    @Override
    public MadAgents.Agent register(List<Integer> classes, Consumer<HostMad> sink) {
        return device.attach(port, classes, sink);
    }

    @Override
    public boolean transmit(MadAgents.Agent from, HostMad mad) {
        return device.send(from, mad);
    }

    @Override
    public byte[] localGet(int attributeId, int attributeModifier) {
        return device.localGet(port, attributeId, attributeModifier);
    }

    @Override
    public void smPresent(boolean present) {
        device.smPresent(port, present);
    }
}
