package dev.ibmesh.mad.smp;

/**
 * PortInfo.PortPhysicalState, the physical link state (IBA 14.2.5.6, table 155 "PortInfo"; 5.4): an open enum,
 * {@link #valueOf(int)} gives a value for every 4-bit code; 8-15 are reserved and print as
 * {@code PortPhysicalState(code)}. The names are the spec's, as health documents and messages show them.
 */
public final class PortPhysicalState extends PortStateCode {
    private static final Table<PortPhysicalState> TABLE = new Table<>("PortPhysicalState", PortPhysicalState::new);

    /** On a Set: leave the state as it is. */
    public static final PortPhysicalState NO_CHANGE = TABLE.known(PortInfo.PHYS_STATE_NO_CHANGE, "NoChange");

    public static final PortPhysicalState SLEEP = TABLE.known(PortInfo.PHYS_STATE_SLEEP, "Sleep");
    public static final PortPhysicalState POLLING = TABLE.known(PortInfo.PHYS_STATE_POLLING, "Polling");
    public static final PortPhysicalState DISABLED = TABLE.known(PortInfo.PHYS_STATE_DISABLED, "Disabled");
    public static final PortPhysicalState PORT_CONFIGURATION_TRAINING =
            TABLE.known(PortInfo.PHYS_STATE_PORT_CONFIGURATION_TRAINING, "PortConfigurationTraining");
    public static final PortPhysicalState LINK_UP = TABLE.known(PortInfo.PHYS_STATE_LINK_UP, "LinkUp");
    public static final PortPhysicalState LINK_ERROR_RECOVERY =
            TABLE.known(PortInfo.PHYS_STATE_LINK_ERROR_RECOVERY, "LinkErrorRecovery");
    public static final PortPhysicalState PHY_TEST = TABLE.known(PortInfo.PHYS_STATE_PHY_TEST, "PhyTest");

    static {
        TABLE.complete();
    }

    private PortPhysicalState(int code, String name, boolean known) {
        super(code, name, known);
    }

    /** The value of a PortPhysicalState code (0-15). */
    public static PortPhysicalState valueOf(int code) {
        return TABLE.valueOf(code);
    }
}
