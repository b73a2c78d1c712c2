package dev.ibmesh.runtime.device;

/** PortInfo state codes as words, for health documents and logs. */
public final class PortStateNames {
    private PortStateNames() {}

    public static String portState(int code) {
        return switch (code) {
            case 0 -> "NoChange";
            case 1 -> "Down";
            case 2 -> "Init";
            case 3 -> "Armed";
            case 4 -> "Active";
            case 5 -> "ActDefer";
            default -> "PortState(" + code + ")";
        };
    }

    public static String physicalState(int code) {
        return switch (code) {
            case 0 -> "NoChange";
            case 1 -> "Sleep";
            case 2 -> "Polling";
            case 3 -> "Disabled";
            case 4 -> "PortConfigurationTraining";
            case 5 -> "LinkUp";
            case 6 -> "LinkErrorRecovery";
            case 7 -> "PhyTest";
            default -> "PhysicalState(" + code + ")";
        };
    }
}
