package dev.ibmesh.runtime.topology;

/** SwitchInfo values a switch starts with. */
public record SwitchOptions(boolean enhancedPort0, int linearFdbCap, int multicastFdbCap) {
    /** LinearFDBCap 0xC000 covers every unicast LID; MulticastFDBCap 1024 is what ibsim and many switches use. */
    public static final SwitchOptions DEFAULT = new SwitchOptions(true, 0xC000, 1024);

    public static final int MAX_LINEAR_FDB_CAP = 0xC000;
    /** Multicast LIDs are 0xC000..0xFFFE. */
    public static final int MAX_MULTICAST_FDB_CAP = 0x3FFF;

    public SwitchOptions {
        if (linearFdbCap < 1 || linearFdbCap > MAX_LINEAR_FDB_CAP) {
            throw new IllegalArgumentException(
                    "LinearFDBCap must be 1.." + MAX_LINEAR_FDB_CAP + ", was " + linearFdbCap);
        }
        if (multicastFdbCap < 0 || multicastFdbCap > MAX_MULTICAST_FDB_CAP) {
            throw new IllegalArgumentException(
                    "MulticastFDBCap must be 0.." + MAX_MULTICAST_FDB_CAP + ", was " + multicastFdbCap);
        }
    }
}
