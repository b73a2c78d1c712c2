package dev.ibmesh.runtime.sma;

/**
 * What the SMA knows about a switch, beyond its current SwitchInfo, to check a SubnSet(SwitchInfo).
 *
 * @param numPorts                 NodeInfo.NumPorts: the external ports are 1..numPorts
 * @param multicastFdbTopSupported switch port 0's PortInfo.CapabilityMask.IsMulticastFDBTopSupported (bit 30)
 */
public record SwitchContext(int numPorts, boolean multicastFdbTopSupported) {
    public SwitchContext {
        if (numPorts < 1 || numPorts > 254) {
            throw new IllegalArgumentException("a switch has 1..254 external ports, was " + numPorts);
        }
    }
}
