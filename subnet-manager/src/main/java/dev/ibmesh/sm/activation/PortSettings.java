package dev.ibmesh.sm.activation;

import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.sm.discovery.SmPort;
import dev.ibmesh.sm.lid.LidAssignment;

/**
 * The PortInfo the SM wants a port to have (IBA 14.4.3 subnet configuration), built from what the port reported:
 *
 * <ul>
 *   <li>End ports: LID, LMC, GidPrefix (the subnet prefix, IBA 4.1.3: the link-local 0xFE80::, OpenSM's default),
 *       MasterSMLID (the SM port's LID, where traps go: IBA 14.2.5.6), MasterSMSL 0, SubnetTimeOut 18 (OpenSM's
 *       default, about 1 s).</li>
 *   <li>Every port: LocalPhyErrors and OverrunErrors, the thresholds of traps 129 and 130, 8 as OpenSM sets
 *       them.</li>
 *   <li>Cabled ports: NeighborMTU the larger MTU both ends can take (min of the two MTUCaps), OperationalVLs the
 *       VLs both ends have (min of the two VLCaps), both set while the port is Init, as IBA 7.6.2 and 14.2.5.6 ask
 *       (they size the link's buffers; a port that is already Armed or Active keeps them).</li>
 *   <li>Everything the SM does not decide is written back as read, with the components that would act (physical
 *       state, enabled widths and speeds, LinkDownDefaultState) at 0, "no change".</li>
 * </ul>
 */
public final class PortSettings {
    /** OpenSM's default subnet_timeout: 4.096 us * 2^18, about 1.07 s. */
    public static final int SUBNET_TIMEOUT = 18;

    /** The subnet prefix of every GID in the subnet: the link-local prefix (OpenSM's default subnet_prefix). */
    public static final long SUBNET_PREFIX = 0xFE80_0000_0000_0000L;

    /** LocalPhyErrors and OverrunErrors thresholds: OpenSM's local_phy_errors_threshold and overrun_errors_threshold. */
    static final int ERROR_THRESHOLD = 8;

    private PortSettings() {}

    /**
     * The port's PortInfo with the SM's values and PortState {@code state} (0: no change); with {@code qos},
     * VLHighLimit 0 (OpenSM's qos_high_limit default), as {@link VlTables} arbitrates.
     */
    static PortInfo desired(SmPort port, LidAssignment lids, int smLid, int state, boolean qos, MKeyPolicy mKey) {
        PortInfo now = port.info();
        PortInfo.Builder b = now.toBuilder()
                .portState(state)
                .portPhysicalState(PortInfo.PHYS_STATE_NO_CHANGE)
                .linkWidthEnabled(0)
                .linkSpeedEnabled(0)
                .linkSpeedExtEnabled(0)
                .linkDownDefaultState(0)
                .localPhyErrors(ERROR_THRESHOLD)
                .overrunErrors(ERROR_THRESHOLD);
        if (qos) {
            b.vlHighLimit(0);
        }
        if (port.isEndPort()) {
            b.lid(lids.lid(port))
                    .gidPrefix(SUBNET_PREFIX)
                    .lmc(lids.lmc(port))
                    .masterSmLid(smLid)
                    .masterSmSl(0)
                    .subnetTimeOut(SUBNET_TIMEOUT)
                    .clientReregister(false)
                    .mKey(mKey.key())
                    .mKeyProtectBits(mKey.protectBits())
                    .mKeyLeasePeriod(mKey.leasePeriod());
        }
        SmPort peer = port.peer();
        if (peer != null && peer.info() != null) {
            b.neighborMtu(Math.min(now.mtuCap(), peer.info().mtuCap()));
            b.operationalVls(
                    now.portState() == PortInfo.PORT_STATE_INIT
                            ? Math.min(now.vlCap(), peer.info().vlCap())
                            : 0);
        } else {
            int mtu = now.neighborMtu();
            b.neighborMtu(mtu >= PortInfo.MTU_256 && mtu <= now.mtuCap() ? mtu : now.mtuCap());
            b.operationalVls(0);
        }
        return b.build();
    }

    /** Whether the port already has what {@code wanted} sets, so no SubnSet is needed. */
    static boolean satisfied(PortInfo now, PortInfo wanted, boolean endPort) {
        boolean end = !endPort
                || (now.lid() == wanted.lid()
                        && now.lmc() == wanted.lmc()
                        && now.gidPrefix() == wanted.gidPrefix()
                        && now.masterSmLid() == wanted.masterSmLid()
                        && now.mKey() == wanted.mKey()
                        && now.mKeyProtectBits() == wanted.mKeyProtectBits()
                        && now.mKeyLeasePeriod() == wanted.mKeyLeasePeriod());
        boolean thresholds =
                now.localPhyErrors() == wanted.localPhyErrors() && now.overrunErrors() == wanted.overrunErrors();
        boolean vls = (wanted.operationalVls() == 0 || now.operationalVls() == wanted.operationalVls())
                && now.vlHighLimit() == wanted.vlHighLimit();
        return end
                && thresholds
                && vls
                && now.neighborMtu() == wanted.neighborMtu()
                && now.portState() == PortInfo.PORT_STATE_ACTIVE;
    }
}
