package dev.ibmesh.tester.mad;

import dev.ibmesh.mad.smp.PortInfo;

/** PortInfo as management software handles it. */
public final class PortInfos {
    private PortInfos() {}

    /**
     * A PortInfo read from a port, as a subnet manager writes it back to change a component: PortState and
     * PortPhysicalState 0 ("no change"), since the values read (e.g. PortPhysicalState LinkUp) cannot be set and
     * would make the Set invalid by themselves.
     */
    public static PortInfo.Builder writeBack(PortInfo read) {
        return read.toBuilder()
                .portState(PortInfo.PORT_STATE_NO_CHANGE)
                .portPhysicalState(PortInfo.PHYS_STATE_NO_CHANGE);
    }
}
