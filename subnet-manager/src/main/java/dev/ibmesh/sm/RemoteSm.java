package dev.ibmesh.sm;

import dev.ibmesh.mad.smp.SmInfo;
import dev.ibmesh.sm.discovery.SmPort;

/** Another SM of the subnet: the port it runs on (PortInfo.CapabilityMask.IsSM) and the SMInfo it answered. */
record RemoteSm(SmPort port, SmInfo info) {
    /**
     * Whether an SM of {@code priority} and port GUID {@code guid} wins an election against one of
     * {@code otherPriority} and {@code otherGuid}: the higher priority, then the lower GUID (IBA 14.4.1.1).
     */
    static boolean outranks(int priority, long guid, int otherPriority, long otherGuid) {
        return priority != otherPriority ? priority > otherPriority : Long.compareUnsigned(guid, otherGuid) < 0;
    }

    boolean outranks(int priority, long guid) {
        return info.smState() != SmInfo.STATE_NOT_ACTIVE && outranks(info.priority(), info.guid(), priority, guid);
    }

    boolean isMaster() {
        return info.smState() == SmInfo.STATE_MASTER;
    }

    @Override
    public String toString() {
        return String.format("SM on %s (priority %d, %s)", port, info.priority(), SmInfo.smStateName(info.smState()));
    }
}
