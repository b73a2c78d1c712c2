package dev.ibmesh.runtime.sma;

import dev.ibmesh.mad.smp.PortInfo;

/** A port with distinct values in every component, and the Set an SM would build from a Get of it. */
final class PortInfoFixture {
    private PortInfoFixture() {}

    /**
     * 1x/4x supported (3), SDR+QDR supported (5), FDR+EDR supported (3), VLCap VL0-3 (3), MTUCap 2048 (4), state
     * Init / LinkUp; the capability mask advertises Reinit, ClientReregistration, McastPkeyTrapSuppression and
     * ExtendedSpeeds; the violation counters are non-zero.
     */
    static PortInfo current() {
        return PortInfo.builder()
                .mKey(0x1122334455667788L)
                .gidPrefix(0xFE80000000000000L)
                .lid(0x0010)
                .masterSmLid(0x0001)
                .capabilityMask(PortInfo.CAP_IS_REINIT_SUPPORTED
                        | PortInfo.CAP_IS_CLIENT_REREGISTRATION_SUPPORTED
                        | PortInfo.CAP_IS_MCAST_PKEY_TRAP_SUPPRESSION_SUPPORTED
                        | PortInfo.CAP_IS_EXTENDED_SPEEDS_SUPPORTED
                        | PortInfo.CAP_IS_SM_DISABLED)
                .diagCode(0)
                .mKeyLeasePeriod(60)
                .localPortNum(1)
                .linkWidthEnabled(3)
                .linkWidthSupported(3)
                .linkWidthActive(PortInfo.LINK_WIDTH_4X)
                .linkSpeedSupported(5)
                .portState(PortInfo.PORT_STATE_INIT)
                .portPhysicalState(PortInfo.PHYS_STATE_LINK_UP)
                .linkDownDefaultState(PortInfo.PHYS_STATE_POLLING)
                .mKeyProtectBits(1)
                .lmc(1)
                .linkSpeedActive(PortInfo.LINK_SPEED_QDR)
                .linkSpeedEnabled(5)
                .neighborMtu(PortInfo.MTU_2048)
                .masterSmSl(2)
                .vlCap(3)
                .initType(0)
                .vlHighLimit(4)
                .vlArbitrationHighCap(8)
                .vlArbitrationLowCap(8)
                .initTypeReply(0)
                .mtuCap(PortInfo.MTU_2048)
                .vlStallCount(7)
                .hoqLife(16)
                .operationalVls(3)
                .mKeyViolations(5)
                .pKeyViolations(6)
                .qKeyViolations(7)
                .guidCap(1)
                .subnetTimeOut(18)
                .respTimeValue(3)
                .localPhyErrors(8)
                .overrunErrors(8)
                .maxCreditHint(0)
                .linkRoundTripLatency(0x123)
                .capabilityMask2(0)
                .linkSpeedExtActive(PortInfo.LINK_SPEED_EXT_EDR)
                .linkSpeedExtSupported(3)
                .linkSpeedExtEnabled(3)
                .build();
    }

    /**
     * What an SM sends back after a Get: the same PortInfo with PortPhysicalState 0 (opensm osm_link_mgr.c: "Should
     * never write back a value that is bigger then 3 in the PortPhysicalState field").
     */
    static PortInfo.Builder request(PortInfo current) {
        return current.toBuilder().portPhysicalState(PortInfo.PHYS_STATE_NO_CHANGE);
    }
}
