package dev.ibmesh.tester.engine;

/** What the tester is on the SimpleLink (CTS topology configuration "Tester=..."). */
public enum Role {
    /** Sends, receives and verifies MADs through a {@code MadPort}. */
    MAD_TESTER("MAD Tester"),
    /** Plays the remote end of a connection packet by packet, driving the DUT through its verbs. */
    TRANSPORT_TESTER("Transport Tester"),
    /** Sends any frame, well formed or not, with or without credits (an exerciser). */
    PACKET_GENERATOR("Packet Generator");

    private final String label;

    Role(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** Whether this role needs raw packets on the tester's own port (not possible through a MAD-only backend). */
    public boolean needsRawPort() {
        return this != MAD_TESTER;
    }
}
