package dev.ibmesh.mad.smp;

/**
 * PortInfo.PortState, the logical link state (IBA 14.2.5.6, table 155 "PortInfo"; 7.2): an open enum,
 * {@link #valueOf(int)} gives a value for every 4-bit code; 6-15 are reserved and print as {@code PortState(code)}.
 * The names are the spec's, as health documents and messages show them.
 */
public final class PortState extends PortStateCode {
    private static final Table<PortState> TABLE = new Table<>("PortState", PortState::new);

    /** On a Set: leave the state as it is. */
    public static final PortState NO_CHANGE = TABLE.known(PortInfo.PORT_STATE_NO_CHANGE, "NoChange");

    public static final PortState DOWN = TABLE.known(PortInfo.PORT_STATE_DOWN, "Down");
    public static final PortState INIT = TABLE.known(PortInfo.PORT_STATE_INIT, "Init");
    public static final PortState ARMED = TABLE.known(PortInfo.PORT_STATE_ARMED, "Armed");
    public static final PortState ACTIVE = TABLE.known(PortInfo.PORT_STATE_ACTIVE, "Active");
    public static final PortState ACT_DEFER = TABLE.known(PortInfo.PORT_STATE_ACT_DEFER, "ActDefer");

    static {
        TABLE.complete();
    }

    private PortState(int code, String name, boolean known) {
        super(code, name, known);
    }

    /** The value of a PortState code (0-15). */
    public static PortState valueOf(int code) {
        return TABLE.valueOf(code);
    }
}
