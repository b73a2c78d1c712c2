package dev.ibmesh.runtime.sma;

import dev.ibmesh.mad.smp.SwitchInfo;
import java.util.List;

/**
 * SubnSet(SwitchInfo) at a switch's SMA (IBA 14.2.5.4, C14-24): checks the read-write components and either rejects the
 * whole Set with status code 7, leaving SwitchInfo unchanged (IBA 13.4.7, C13-24), or builds the new SwitchInfo.
 * SwitchInfo has no side effects for the device to carry out: the forwarding code reads the new tops and default ports
 * directly.
 *
 * <p>Read-only, kept whatever the Set carries: LinearFDBCap, RandomFDBCap, MulticastFDBCap, LIDsPerPort,
 * PartitionEnforcementCap, InboundEnforcementCap, OutboundEnforcementCap, FilterRawInboundCap, FilterRawOutboundCap,
 * EnhancedPort0, OptimizedSLtoVLMappingProgramming (a capability: opensm only reads it to choose how to program
 * SLtoVL tables) and the reserved bits.
 *
 * <p>Read-write:
 * <ul>
 *   <li>LinearFDBTop: below LinearFDBCap ("A valid LinearFdbTop is less than LinearFdbCap", IBA SwitchInfo text as
 *       quoted by the Intel OPA FM GUI help). A switch without a linear table (LinearFDBCap 0) ignores it.</li>
 *   <li>DefaultPort: a port number 0..NumPorts [unverified]. DefaultMulticastPrimaryPort,
 *       DefaultMulticastNotPrimaryPort: a port number 0..NumPorts or 0xFF (no default multicast port)
 *       [unverified].</li>
 *   <li>LifeTimeValue: every value (4.096 us x 2^value; 20 and up disable the limit, opensm).</li>
 *   <li>PortStateChange: writing 1 clears it, writing 0 is ignored (IBA text as quoted by the Intel OPA FM GUI
 *       help).</li>
 *   <li>MulticastFDBTop (only with IsMulticastFDBTopSupported, otherwise ignored): at most 0xC000 +
 *       MulticastFDBCap - 1; values below 0xC000 leave no multicast entry in use [unverified].</li>
 * </ul>
 */
public final class SwitchInfoSet {
    /** DefaultMulticast*Port: no default multicast port. [unverified] */
    private static final int NO_PORT = 0xFF;

    private static final int MULTICAST_LID_BASE = 0xC000;

    private SwitchInfoSet() {}

    public static SetResult<SwitchInfo> apply(SwitchInfo current, SwitchInfo requested, SwitchContext sw) {
        String reason = violation(current, requested, sw);
        if (reason != null) {
            return SetResult.invalid(current, reason);
        }
        SwitchInfo next = new SwitchInfo(
                current.linearFdbCap(),
                current.randomFdbCap(),
                current.multicastFdbCap(),
                current.linearFdbCap() == 0 ? current.linearFdbTop() : requested.linearFdbTop(),
                requested.defaultPort(),
                requested.defaultMulticastPrimaryPort(),
                requested.defaultMulticastNotPrimaryPort(),
                requested.lifeTimeValue(),
                current.portStateChange() && !requested.portStateChange(),
                current.optimizedSlToVlMappingProgramming(),
                current.lidsPerPort(),
                current.partitionEnforcementCap(),
                current.inboundEnforcementCap(),
                current.outboundEnforcementCap(),
                current.filterRawInboundCap(),
                current.filterRawOutboundCap(),
                current.enhancedPort0(),
                current.reserved133(),
                sw.multicastFdbTopSupported() ? requested.multicastFdbTop() : current.multicastFdbTop());
        return SetResult.accepted(next, List.of());
    }

    private static String violation(SwitchInfo current, SwitchInfo requested, SwitchContext sw) {
        if (current.linearFdbCap() != 0 && requested.linearFdbTop() >= current.linearFdbCap()) {
            return "LinearFDBTop " + hex(requested.linearFdbTop()) + " is not below LinearFDBCap "
                    + hex(current.linearFdbCap());
        }
        if (requested.defaultPort() > sw.numPorts()) {
            return "DefaultPort " + requested.defaultPort() + " is not a port (0-" + sw.numPorts() + ")";
        }
        String primary =
                multicastPortViolation("DefaultMulticastPrimaryPort", requested.defaultMulticastPrimaryPort(), sw);
        if (primary != null) {
            return primary;
        }
        String notPrimary = multicastPortViolation(
                "DefaultMulticastNotPrimaryPort", requested.defaultMulticastNotPrimaryPort(), sw);
        if (notPrimary != null) {
            return notPrimary;
        }
        int mcastTopMax = MULTICAST_LID_BASE + current.multicastFdbCap() - 1;
        if (sw.multicastFdbTopSupported() && requested.multicastFdbTop() > mcastTopMax) {
            return "MulticastFDBTop " + hex(requested.multicastFdbTop()) + " is above 0xC000 + MulticastFDBCap - 1 = "
                    + hex(mcastTopMax);
        }
        return null;
    }

    private static String multicastPortViolation(String name, int port, SwitchContext sw) {
        return port <= sw.numPorts() || port == NO_PORT
                ? null
                : name + " " + port + " is not a port (0-" + sw.numPorts() + " or 0xFF)";
    }

    private static String hex(int value) {
        return String.format("0x%04X", value);
    }
}
