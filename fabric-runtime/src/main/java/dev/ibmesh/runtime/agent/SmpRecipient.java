package dev.ibmesh.runtime.agent;

import dev.ibmesh.mad.MadHeader;
import dev.ibmesh.mad.Method;
import dev.ibmesh.mad.smp.SmInfo;

/**
 * Who takes an SMP that ended its route at an end port (a CA port, or a switch's port 0): the node's SMA, or the
 * host software attached there (IBA 13.5.1: QP0 hands the SMA what it answers, and host software - an SM - the rest).
 * Stateless.
 */
public final class SmpRecipient {
    private SmpRecipient() {}

    /**
     * Responses, traps and trap represses are for host software (the SM that runs here); so are SMInfo requests
     * when the port says an SM runs there (IBA 14.4.1: SMs exchange SMInfo, the SMA does not answer it). Every other
     * request asks the SMA. A node that raises traps itself takes the TrapRepresses for them before asking this.
     *
     * @param smRunsHere PortInfo.CapabilityMask.IsSM of the port
     */
    public static boolean isHostSoftware(MadHeader h, boolean smRunsHere) {
        return h.isResponse()
                || h.method() == Method.TRAP
                || h.method() == Method.TRAP_REPRESS
                || (smRunsHere && h.attributeId() == SmInfo.ATTRIBUTE_ID);
    }
}
