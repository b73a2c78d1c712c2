package dev.ibmesh.runtime.sma;

/**
 * What the SMA knows about the port a SubnSet(PortInfo) addresses, beyond the port's current PortInfo (which holds its
 * supported widths, speeds and extended speeds, VLCap and MTUCap).
 *
 * @param isSwitch      the node is a switch (NodeInfo.NodeType 2)
 * @param portNumber    the port the AttributeModifier selects (0 = switch port 0)
 * @param enhancedPort0 for switch port 0: SwitchInfo.EnhancedPort0; ignored for other ports
 */
public record PortContext(boolean isSwitch, int portNumber, boolean enhancedPort0) {
    public PortContext {
        if (portNumber < 0 || portNumber > 254) {
            throw new IllegalArgumentException("port number must be 0..254, was " + portNumber);
        }
        if (!isSwitch && portNumber == 0) {
            throw new IllegalArgumentException("a CA has no port 0");
        }
    }

    public static PortContext caPort(int portNumber) {
        return new PortContext(false, portNumber, false);
    }

    public static PortContext switchExternalPort(int portNumber) {
        if (portNumber == 0) {
            throw new IllegalArgumentException("switch external ports are 1..254");
        }
        return new PortContext(true, portNumber, false);
    }

    public static PortContext switchPort0(boolean enhanced) {
        return new PortContext(true, 0, enhanced);
    }

    public PortKind kind() {
        if (!isSwitch) {
            return PortKind.CA_PORT;
        }
        if (portNumber != 0) {
            return PortKind.SWITCH_EXTERNAL_PORT;
        }
        return enhancedPort0 ? PortKind.ENHANCED_SWITCH_PORT_0 : PortKind.BASE_SWITCH_PORT_0;
    }
}
