package dev.ibmesh.runtime.sma;

/**
 * How an SMA behaves where a device may deviate from the spec on purpose.
 *
 * @param checkMKey     whether M_Key protection is enforced (IBA 14.2.4)
 * @param portInfoRules the rules of SubnSet(PortInfo)
 */
public record SmaOptions(boolean checkMKey, PortInfoRules portInfoRules) {
    /** As the spec says. */
    public static final SmaOptions SPEC = new SmaOptions(true, PortInfoRules.SPEC);
}
