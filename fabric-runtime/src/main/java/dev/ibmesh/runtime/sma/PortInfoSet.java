package dev.ibmesh.runtime.sma;

import static dev.ibmesh.mad.smp.PortInfo.LINK_SPEED_EXT_DISABLE;
import static dev.ibmesh.mad.smp.PortInfo.LINK_SPEED_EXT_SET_TO_SUPPORTED;
import static dev.ibmesh.mad.smp.PortInfo.LINK_SPEED_SET_TO_SUPPORTED;
import static dev.ibmesh.mad.smp.PortInfo.LINK_WIDTH_SET_TO_SUPPORTED;
import static dev.ibmesh.mad.smp.PortInfo.PHYS_STATE_DISABLED;
import static dev.ibmesh.mad.smp.PortInfo.PHYS_STATE_NO_CHANGE;
import static dev.ibmesh.mad.smp.PortInfo.PHYS_STATE_POLLING;
import static dev.ibmesh.mad.smp.PortInfo.PORT_STATE_DOWN;
import static dev.ibmesh.mad.smp.PortInfo.PORT_STATE_NO_CHANGE;

import dev.ibmesh.mad.smp.PortInfo;
import dev.ibmesh.runtime.sma.SmaAction.ViolationCounter;
import java.util.ArrayList;
import java.util.List;

/**
 * SubnSet(PortInfo) at the SMA (IBA 14.2.5.6, C14-24): checks every read-write component of the requested PortInfo
 * against the port's current PortInfo and either rejects the whole Set with status code 7, leaving the port unchanged
 * (IBA 13.4.7, C13-24; conformance test C14_024_06_SW_06), or builds the new PortInfo and the side effects.
 *
 * <p>The new PortInfo starts from the current one, so read-only components (CapabilityMask, DiagCode, LocalPortNum,
 * LinkWidthSupported/Active, LinkSpeedSupported/Active, VLCap, InitType, VLArbitrationHigh/LowCap, MTUCap, GUIDCap,
 * RespTimeValue, MaxCreditHint, LinkRoundTripLatency, CapabilityMask2, LinkSpeedExtActive/Supported, the XDR fields,
 * reserved bits) and components that do not apply to this kind of port ({@link PortKind}) keep their values whatever
 * the Set carries: an SM writes back what it read, so a Set does not fail because such a component differs.
 *
 * <p>Read-write components and their legal values:
 * <ul>
 *   <li>End-port components (CA ports, switch port 0): M_Key, GidPrefix, M_KeyLeasePeriod, M_KeyProtectBits (0-3),
 *       MasterSMSL, SubnetTimeOut: every value. LID and MasterSMLID: a unicast LID 0x0001-0xBFFF (qib; IBA 4.1.3 LID
 *       ranges). LMC (CA ports, enhanced port 0): 0-7. InitTypeReply (only with CapabilityMask.IsReinitSupported): 0-8
 *       (conformance procedure C14_024_06_SW_06, step 72, makes values above 8 invalid; the spec's text is
 *       [unverified]). ClientReregister: 1 triggers re-registration
 *       (with IsClientReregistrationSupported). MulticastPKeyTrapSuppressionEnabled (with
 *       IsMcastPkeyTrapSuppressionSupported): every value [unverified].</li>
 *   <li>Link components (not on base switch port 0): see {@link #linkViolation}. VLHighLimit (units of 4 KiB, 255 =
 *       unlimited), VLStallCount, HOQLife (values of 20 and up mean infinite), LocalPhyErrors, OverrunErrors: every
 *       value.</li>
 *   <li>PartitionEnforcementInbound/Outbound, FilterRawInbound/Outbound (switch external ports): every value.</li>
 *   <li>M_KeyViolations, P_KeyViolations, Q_KeyViolations: writing 0 clears the counter; any other value leaves it
 *       counting (as Linux qib {@code subn_set_portinfo} does; the IBA text says the counters "must be reset to
 *       0").</li>
 * </ul>
 */
public final class PortInfoSet {
    /** Widths a LinkWidthEnabled mask may name: 1x, 4x, 8x, 12x, 2x; the higher bits are reserved. */
    private static final int LINK_WIDTH_BITS = 0x1F;
    /** Speeds a LinkSpeedEnabled mask may name: SDR, DDR, QDR; 8-14 are reserved. */
    private static final int LINK_SPEED_BITS = 0x7;
    /** Speeds a LinkSpeedExtEnabled mask may name: FDR, EDR, HDR, NDR; 16-29 are reserved. */
    private static final int LINK_SPEED_EXT_BITS = 0xF;

    private static final int MAX_LINK_DOWN_DEFAULT_STATE = PHYS_STATE_POLLING;
    private static final int MAX_INIT_TYPE_REPLY = 8;
    private static final int LID_UNICAST_MAX = 0xBFFF;
    /** The highest VLCap / OperationalVLs code, 5 = VL0-VL14; 6-15 are reserved. */
    private static final int MAX_VL_CODE = 5;

    private PortInfoSet() {}

    public static SetResult<PortInfo> apply(PortInfo current, PortInfo requested, PortContext port) {
        PortKind kind = port.kind();
        String reason = violation(current, requested, kind);
        if (reason != null) {
            return SetResult.invalid(current, reason);
        }
        PortInfo.Builder next = current.toBuilder();
        List<SmaAction> actions = new ArrayList<>();
        if (kind.hasEndPortFields()) {
            applyEndPortFields(current, requested, next, actions);
        }
        if (kind.hasLmc()) {
            next.lmc(requested.lmc());
        }
        if (kind.hasLinkFields()) {
            applyLinkFields(current, requested, next, actions);
        }
        if (kind.hasPartitionEnforcement()) {
            next.partitionEnforcementInbound(requested.partitionEnforcementInbound())
                    .partitionEnforcementOutbound(requested.partitionEnforcementOutbound())
                    .filterRawInbound(requested.filterRawInbound())
                    .filterRawOutbound(requested.filterRawOutbound());
        }
        if (requested.pKeyViolations() == 0 && current.pKeyViolations() != 0) {
            next.pKeyViolations(0);
            actions.add(new SmaAction.ClearViolationCounter(ViolationCounter.P_KEY_VIOLATIONS));
        }
        return SetResult.accepted(next.build(), actions);
    }

    private static String violation(PortInfo current, PortInfo requested, PortKind kind) {
        String reason = null;
        if (kind.hasEndPortFields()) {
            reason = endPortViolation(current, requested);
        }
        if (reason == null && kind.hasLinkFields()) {
            reason = linkViolation(current, requested);
        }
        return reason;
    }

    private static String endPortViolation(PortInfo current, PortInfo requested) {
        if (!isUnicastLid(requested.lid())) {
            return "LID " + hex(requested.lid()) + " is not a unicast LID";
        }
        if (!isUnicastLid(requested.masterSmLid())) {
            return "MasterSMLID " + hex(requested.masterSmLid()) + " is not a unicast LID";
        }
        if (current.hasCapability(PortInfo.CAP_IS_REINIT_SUPPORTED)
                && requested.initTypeReply() > MAX_INIT_TYPE_REPLY) {
            return "InitTypeReply " + requested.initTypeReply() + " is reserved (0-" + MAX_INIT_TYPE_REPLY + ")";
        }
        return null;
    }

    /**
     * The link components with illegal values (IBA 14.2.5.6; qib {@code subn_set_portinfo}; C14_024_06_SW_06):
     * <ul>
     *   <li>LinkWidthEnabled: 0 no change, 255 = LinkWidthSupported, otherwise a mask within LinkWidthSupported; bits
     *       above 2x are reserved.</li>
     *   <li>PortState: see {@link PortStateTransitions}.</li>
     *   <li>PortPhysicalState: 0 no change, 1 Sleep, 2 Polling, 3 Disabled; 4-15 cannot be set. A physical state
     *       change takes the link down, so it needs PortState 0 or Down (qib, "see 7.2.6").</li>
     *   <li>LinkDownDefaultState: 0 no change, 1 Sleep, 2 Polling; 3-15 reserved.</li>
     *   <li>LinkSpeedEnabled: 0 no change, 15 = LinkSpeedSupported, 1-7 a mask within LinkSpeedSupported; 8-14
     *       reserved (qib: "1.2.1 extended to allow specific speeds").</li>
     *   <li>LinkSpeedExtEnabled: 0 no change [unverified], 30 disables the extended speeds, 31 = LinkSpeedExtSupported,
     *       1-15 a mask within LinkSpeedExtSupported; 16-29 reserved (opensm IB_LINK_SPEED_EXT_DISABLE/SET_LSES).</li>
     *   <li>NeighborMTU: an MTU code 1-5 (0 and 6-15 reserved, qib {@code ib_mtu_enum_to_int}) not above MTUCap.</li>
     *   <li>OperationalVLs: 0 no change, otherwise a VLCap code 1-5 (6-15 reserved) not above VLCap.</li>
     * </ul>
     */
    private static String linkViolation(PortInfo current, PortInfo requested) {
        int width = requested.linkWidthEnabled();
        if (width != 0 && width != LINK_WIDTH_SET_TO_SUPPORTED) {
            if ((width & ~LINK_WIDTH_BITS) != 0) {
                return "LinkWidthEnabled " + width + " is reserved";
            }
            if ((width & ~current.linkWidthSupported()) != 0) {
                return "LinkWidthEnabled " + width + " is not within LinkWidthSupported "
                        + current.linkWidthSupported();
            }
        }
        String stateReason = PortStateTransitions.violation(current.portState(), requested.portState());
        if (stateReason != null) {
            return stateReason;
        }
        int phys = requested.portPhysicalState();
        if (phys > PHYS_STATE_DISABLED) {
            return "PortPhysicalState " + phys + " cannot be set (0-3 on Set)";
        }
        if (phys != PHYS_STATE_NO_CHANGE
                && requested.portState() != PORT_STATE_NO_CHANGE
                && requested.portState() != PORT_STATE_DOWN) {
            return "PortPhysicalState " + phys + " needs PortState 0 or Down, not " + requested.portState();
        }
        if (requested.linkDownDefaultState() > MAX_LINK_DOWN_DEFAULT_STATE) {
            return "LinkDownDefaultState " + requested.linkDownDefaultState() + " is reserved";
        }
        String speedReason = maskViolation(
                "LinkSpeedEnabled",
                requested.linkSpeedEnabled(),
                LINK_SPEED_BITS,
                LINK_SPEED_SET_TO_SUPPORTED,
                "LinkSpeedSupported",
                current.linkSpeedSupported());
        if (speedReason != null) {
            return speedReason;
        }
        int ext = requested.linkSpeedExtEnabled();
        if (ext != LINK_SPEED_EXT_DISABLE) {
            String extReason = maskViolation(
                    "LinkSpeedExtEnabled",
                    ext,
                    LINK_SPEED_EXT_BITS,
                    LINK_SPEED_EXT_SET_TO_SUPPORTED,
                    "LinkSpeedExtSupported",
                    current.linkSpeedExtSupported());
            if (extReason != null) {
                return extReason;
            }
        }
        int mtu = requested.neighborMtu();
        if (mtu < PortInfo.MTU_256 || mtu > PortInfo.MTU_4096) {
            return "NeighborMTU " + mtu + " is reserved";
        }
        if (mtu > current.mtuCap()) {
            return "NeighborMTU " + mtu + " is above MTUCap " + current.mtuCap();
        }
        int vls = requested.operationalVls();
        if (vls > MAX_VL_CODE) {
            return "OperationalVLs " + vls + " is reserved";
        }
        if (vls > current.vlCap()) {
            return "OperationalVLs " + vls + " is above VLCap " + current.vlCap();
        }
        return null;
    }

    /**
     * An "enabled" speed mask: 0 no change, {@code setToSupported} (all ones), bits outside {@code bits} reserved,
     * otherwise every bit must be supported.
     */
    private static String maskViolation(
            String name, int value, int bits, int setToSupported, String supportedName, int supported) {
        if (value == 0 || value == setToSupported) {
            return null;
        }
        if ((value & ~bits) != 0) {
            return name + " " + value + " is reserved";
        }
        if ((value & ~supported) != 0) {
            return name + " " + value + " is not within " + supportedName + " " + supported;
        }
        return null;
    }

    private static void applyEndPortFields(
            PortInfo current, PortInfo requested, PortInfo.Builder next, List<SmaAction> actions) {
        next.mKey(requested.mKey())
                .gidPrefix(requested.gidPrefix())
                .lid(requested.lid())
                .masterSmLid(requested.masterSmLid())
                .mKeyLeasePeriod(requested.mKeyLeasePeriod())
                .mKeyProtectBits(requested.mKeyProtectBits())
                .masterSmSl(requested.masterSmSl())
                .subnetTimeOut(requested.subnetTimeOut());
        if (current.hasCapability(PortInfo.CAP_IS_REINIT_SUPPORTED)) {
            next.initTypeReply(requested.initTypeReply());
        }
        if (current.hasCapability(PortInfo.CAP_IS_MCAST_PKEY_TRAP_SUPPRESSION_SUPPORTED)) {
            next.multicastPKeyTrapSuppressionEnabled(requested.multicastPKeyTrapSuppressionEnabled());
        }
        // ClientReregister is an event, not state: the port keeps 0. The GetResp to this Set echoes the 1 the SM
        // wrote (IBA o14-12.2.1, as qib does); the device sets it there when it carries out the action.
        if (requested.clientReregister() && current.hasCapability(PortInfo.CAP_IS_CLIENT_REREGISTRATION_SUPPORTED)) {
            actions.add(new SmaAction.ClientReregister());
        }
        if (requested.mKeyViolations() == 0 && current.mKeyViolations() != 0) {
            next.mKeyViolations(0);
            actions.add(new SmaAction.ClearViolationCounter(ViolationCounter.M_KEY_VIOLATIONS));
        }
        if (requested.qKeyViolations() == 0 && current.qKeyViolations() != 0) {
            next.qKeyViolations(0);
            actions.add(new SmaAction.ClearViolationCounter(ViolationCounter.Q_KEY_VIOLATIONS));
        }
    }

    private static void applyLinkFields(
            PortInfo current, PortInfo requested, PortInfo.Builder next, List<SmaAction> actions) {
        int width = switch (requested.linkWidthEnabled()) {
            case 0 -> current.linkWidthEnabled();
            case LINK_WIDTH_SET_TO_SUPPORTED -> current.linkWidthSupported();
            default -> requested.linkWidthEnabled();
        };
        int speed = switch (requested.linkSpeedEnabled()) {
            case 0 -> current.linkSpeedEnabled();
            case LINK_SPEED_SET_TO_SUPPORTED -> current.linkSpeedSupported();
            default -> requested.linkSpeedEnabled();
        };
        // [unverified] a disabled extended speed reads back as the empty mask, which is what link training uses.
        int ext = switch (requested.linkSpeedExtEnabled()) {
            case 0 -> current.linkSpeedExtEnabled();
            case LINK_SPEED_EXT_DISABLE -> 0;
            case LINK_SPEED_EXT_SET_TO_SUPPORTED -> current.linkSpeedExtSupported();
            default -> requested.linkSpeedExtEnabled();
        };
        next.linkWidthEnabled(width).linkSpeedEnabled(speed).linkSpeedExtEnabled(ext);
        if (width != current.linkWidthEnabled()
                || speed != current.linkSpeedEnabled()
                || ext != current.linkSpeedExtEnabled()) {
            actions.add(new SmaAction.Retrain());
        }

        int state = requested.portState();
        if (state != PORT_STATE_NO_CHANGE && state != current.portState()) {
            next.portState(state);
            actions.add(new SmaAction.PortStateChange(state));
        }
        int phys = requested.portPhysicalState();
        if (phys != PHYS_STATE_NO_CHANGE && phys != current.portPhysicalState()) {
            // Sleep, Polling and Disabled all take the link down (IBA 5.6 physical state machine).
            next.portPhysicalState(phys).portState(PORT_STATE_DOWN);
            actions.add(new SmaAction.PhysicalStateChange(phys));
        }
        if (requested.linkDownDefaultState() != PHYS_STATE_NO_CHANGE) {
            next.linkDownDefaultState(requested.linkDownDefaultState());
        }
        if (requested.operationalVls() != 0) {
            next.operationalVls(requested.operationalVls());
        }
        next.neighborMtu(requested.neighborMtu())
                .vlHighLimit(requested.vlHighLimit())
                .vlStallCount(requested.vlStallCount())
                .hoqLife(requested.hoqLife())
                .localPhyErrors(requested.localPhyErrors())
                .overrunErrors(requested.overrunErrors());
    }

    private static boolean isUnicastLid(int lid) {
        return lid >= 1 && lid <= LID_UNICAST_MAX;
    }

    private static String hex(int value) {
        return String.format("0x%04X", value);
    }
}
