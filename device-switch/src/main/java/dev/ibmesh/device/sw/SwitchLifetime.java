package dev.ibmesh.device.sw;

/**
 * SwitchInfo.LifeTimeValue (IBA 18.2.5.4): how long a packet may live in the switch before it is discarded,
 * 4.096 us x 2^value. Values of 20 and above mean no limit, as for PortInfo.HOQLife (opensm
 * {@code osm_base.h}: "A Value > 19dec disables this mechanism"; it writes 0x14 for both).
 */
final class SwitchLifetime {
    static final long INFINITE = Long.MAX_VALUE;
    private static final int FIRST_INFINITE_VALUE = 20;

    private SwitchLifetime() {}

    static long nanos(int lifeTimeValue) {
        return lifeTimeValue >= FIRST_INFINITE_VALUE ? INFINITE : 4096L << lifeTimeValue;
    }
}
