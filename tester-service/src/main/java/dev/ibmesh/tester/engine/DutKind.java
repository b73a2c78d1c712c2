package dev.ibmesh.tester.engine;

/** The devices a procedure applies to (CTS "DUT=Switch", "DUT=xCA", "DUT=Node"). */
public enum DutKind {
    SWITCH("Switch"),
    CA("xCA"),
    NODE("Node");

    private final String label;

    DutKind(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** Whether a device of this topology kind ("switch", "hca") is such a DUT. */
    public boolean accepts(String deviceKind) {
        return switch (this) {
            case SWITCH -> deviceKind.equals("switch");
            case CA -> deviceKind.equals("hca");
            case NODE -> deviceKind.equals("switch") || deviceKind.equals("hca");
        };
    }
}
