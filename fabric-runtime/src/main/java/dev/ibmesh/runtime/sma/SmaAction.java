package dev.ibmesh.runtime.sma;

/**
 * A side effect of an accepted SubnSet that the device carries out after it stores the new attribute. The attribute
 * already shows the outcome (for example PortState Armed); the action tells the device to make the port match.
 */
public sealed interface SmaAction {
    /** Move the logical link state: Down (any state), Armed (from Init) or Active (from Armed). IBA 7.2, 14.2.5.6. */
    record PortStateChange(int portState) implements SmaAction {}

    /**
     * Move the physical port state: Sleep (1), Polling (2) or Disabled (3). The link goes down; Polling retrains it.
     * IBA 5.6 / 14.2.5.6 PortPhysicalState; qib {@code subn_set_portinfo}.
     */
    record PhysicalStateChange(int portPhysicalState) implements SmaAction {}

    /**
     * LinkWidthEnabled, LinkSpeedEnabled or LinkSpeedExtEnabled changed: the link has to train again for the new
     * enables to take effect ([unverified]: the IBA text on when they take effect is not known to us).
     */
    record Retrain() implements SmaAction {}

    /**
     * A Set wrote 0 to one of the PortInfo violation counters: reset the device's counter (Linux qib
     * subn_set_portinfo).
     */
    record ClearViolationCounter(ViolationCounter counter) implements SmaAction {}

    /** ClientReregister was 1: tell the port's clients to re-register with the SA (IBA o14-12.2.1). */
    record ClientReregister() implements SmaAction {}

    /** The PortInfo counters a Set can clear. */
    enum ViolationCounter {
        M_KEY_VIOLATIONS,
        P_KEY_VIOLATIONS,
        Q_KEY_VIOLATIONS
    }
}
