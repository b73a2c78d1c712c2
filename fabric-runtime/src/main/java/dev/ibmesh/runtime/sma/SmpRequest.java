package dev.ibmesh.runtime.sma;

import dev.ibmesh.mad.smp.PortInfo;
import java.util.OptionalInt;

/**
 * A SubnGet or SubnSet as an attribute handler sees it.
 *
 * @param attributeModifier the 32-bit AttributeModifier (compare it with {@link Integer#compareUnsigned})
 * @param data              the 64-byte SMP data area of the request
 * @param ingressPort       the physical port (1..NumPorts) the SMP arrived on; 0 on a switch for an SMP from port 0
 */
record SmpRequest(SmaNode node, int attributeModifier, byte[] data, int ingressPort) {
    boolean isSwitch() {
        return node instanceof SmaSwitch;
    }

    /** The end port that speaks for the node: switch port 0, or the CA port the SMP arrived on (IBA 14.2.5). */
    int endPort() {
        return isSwitch() ? 0 : ingressPort;
    }

    PortInfo endPortInfo() {
        return node.portInfo(endPort());
    }

    /**
     * The port an AttributeModifier that is a port number selects (PortInfo, LedInfo): a switch's ports are 0..N; on
     * a CA or router 0 means the port the SMP arrived on (IBA 14.2.5.6; ibsim {@code do_portinfo}, qib
     * {@code subn_get_portinfo}). Empty when the modifier is above NumPorts (status 7, Linux drivers and ibsim).
     */
    OptionalInt modifierPort() {
        if (Integer.compareUnsigned(attributeModifier, node.numPorts()) > 0) {
            return OptionalInt.empty();
        }
        return OptionalInt.of(attributeModifier == 0 && !isSwitch() ? ingressPort : attributeModifier);
    }

    /** Whether {@code port} is a port of the node, 0..NumPorts (port 0 exists on switches only). */
    boolean isPort(int port) {
        return port >= (isSwitch() ? 0 : 1) && port <= node.numPorts();
    }
}
