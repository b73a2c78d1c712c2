package dev.ibmesh.runtime.sma;

import static dev.ibmesh.mad.smp.PortInfo.PORT_STATE_ACTIVE;
import static dev.ibmesh.mad.smp.PortInfo.PORT_STATE_ACT_DEFER;
import static dev.ibmesh.mad.smp.PortInfo.PORT_STATE_ARMED;
import static dev.ibmesh.mad.smp.PortInfo.PORT_STATE_DOWN;
import static dev.ibmesh.mad.smp.PortInfo.PORT_STATE_INIT;
import static dev.ibmesh.mad.smp.PortInfo.PORT_STATE_NO_CHANGE;

import dev.ibmesh.mad.smp.PortState;

/**
 * Which PortState a SubnSet(PortInfo) may request from which current PortState (IBA 7.2 link state machine and
 * 14.2.5.6 PortState; qib {@code subn_set_portinfo}: "Only state changes of DOWN, ARM, and ACTIVE are valid and must be
 * in the correct state to take effect (see 7.2.6)").
 *
 * <ul>
 *   <li>0 (NoStateChange): always allowed.</li>
 *   <li>Down: allowed from any state.</li>
 *   <li>Armed: only from Init. Active: only from Armed.</li>
 *   <li>The current state again (Init to Init, Armed to Armed, Active to Active): allowed and ignored, as Linux
 *       hfi1 {@code logical_state_transitions} marks the diagonal "ignored" (OPAg1v1 Table 9-12: an Omni-Path rule;
 *       [unverified] for InfiniBand).</li>
 *   <li>Everything else is invalid (status 7, C14-24): Init from any other state (only the link state machine enters
 *       Init), ActDefer (entered only by the link state machine), Armed or Active from the wrong state, reserved
 *       6-15.</li>
 * </ul>
 */
public final class PortStateTransitions {
    private PortStateTransitions() {}

    /** Null if the Set may request {@code requested} while the port is in {@code current}; otherwise the reason. */
    public static String violation(int current, int requested) {
        if (requested == PORT_STATE_NO_CHANGE || requested == PORT_STATE_DOWN || requested == current) {
            return null;
        }
        if (requested > PORT_STATE_ACT_DEFER) {
            return "PortState " + requested + " is reserved";
        }
        boolean allowed = (requested == PORT_STATE_ARMED && current == PORT_STATE_INIT)
                || (requested == PORT_STATE_ACTIVE && current == PORT_STATE_ARMED);
        return allowed
                ? null
                : "PortState " + requested + " (" + PortState.valueOf(requested) + ") is not a legal transition from "
                        + PortState.valueOf(current);
    }
}
