package dev.ibmesh.runtime.pma;

/**
 * A rule of the PMA (IBA 16.1) a device can be started to break, so that a conformance procedure can be shown to
 * catch it. Each breaks exactly one rule; {@link PmaOptions} carries those a device's deviations name.
 */
public enum PmaDeparture {
    /**
     * PortCounters and PortCountersExtended with PortSelect 0xFF are answered with status 7, although ClassPortInfo
     * advertises AllPortSelect (CapabilityMask bit 8, IBA 16.1.3.1): what the PMA advertises, it must do.
     */
    REFUSE_ALL_PORT_SELECT,
    /**
     * PortCountersExtended's PortXmitData and PortRcvData count octets instead of octets divided by 4 (IBA 16.1
     * counts them in 4-octet words, as PortCounters does).
     */
    EXTENDED_DATA_IN_OCTETS,
    /**
     * ClassPortInfo's CapabilityMask leaves bit 9 (PortCountersExtended) clear while the PMA answers
     * PortCountersExtended: the mask does not say what the PMA supports (IBA 16.1.3.1).
     */
    HIDE_EXTENDED_CAPABILITY,
    /**
     * A Get of a PMA attribute the PMA does not support (PortSamplesControl, PortSamplesResult ...) or a Set of
     * ClassPortInfo is answered with status 0 and zeros instead of status 3, "method/attribute combination not
     * supported" (IBA 13.4.7 Table 110).
     */
    ANSWER_UNSUPPORTED_ATTRIBUTES
}
