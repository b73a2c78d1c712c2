package dev.ibmesh.runtime.agent;

import dev.ibmesh.runtime.device.Device;
import java.util.List;
import java.util.function.Consumer;

/**
 * One end port of a device as host software sees it (an HCA port, a switch's management port 0): its identity, the
 * device, and the host-MAD path (register an agent, send a MAD), and what the port's own SMA tells its
 * host. What management software (a tester, an SM, the umad endpoint) runs on.
 *
 * <p>Threading: every method but the identity and {@link #device()} runs on the device's loop only; the identity may
 * be read from any thread.
 */
public interface HostSoftwarePort {
    String nodeName();

    long nodeGuid();

    long portGuid();

    int portNumber();

    /** The device the port belongs to: its event loop, {@link Device#call}, its clock and timers. */
    Device device();

    /** The port's LID (0 before the SM assigns one). */
    int lid();

    /** Registers host software on the port for responses and the unsolicited MADs of {@code classes}. */
    MadAgents.Agent register(List<Integer> classes, Consumer<HostMad> sink);

    /** Sends a MAD from the port's host software; false when it could not leave. */
    boolean transmit(MadAgents.Agent from, HostMad mad);

    /** The node's SMA answers a SubnGet from this port with the port's own M_Key: the attribute data. */
    byte[] localGet(int attributeId, int attributeModifier);

    /** Sets or clears PortInfo.CapabilityMask.IsSM of the port (an SM starts or stops on it). */
    void smPresent(boolean present);
}
