package dev.ibmesh.runtime.sma;

import java.util.Set;

/**
 * How an SMA behaves where a device may deviate from the spec on purpose.
 *
 * @param checkMKey       whether M_Key protection is enforced (IBA 14.2.4)
 * @param portInfoRules   the rules of SubnSet(PortInfo)
 * @param switchInfoRules the rules of SubnSet(SwitchInfo)
 * @param departures      the other SMA rules the device breaks
 */
public record SmaOptions(
        boolean checkMKey, PortInfoRules portInfoRules, SwitchInfoRules switchInfoRules, Set<SmaDeparture> departures) {
    /** As the spec says. */
    public static final SmaOptions SPEC = new SmaOptions(true, PortInfoRules.SPEC, SwitchInfoRules.SPEC, Set.of());

    public SmaOptions {
        departures = Set.copyOf(departures);
    }

    public boolean departs(SmaDeparture departure) {
        return departures.contains(departure);
    }
}
