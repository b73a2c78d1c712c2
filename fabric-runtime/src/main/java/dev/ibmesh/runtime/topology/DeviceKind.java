package dev.ibmesh.runtime.topology;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/** What a device is, and how many external ports it may have. */
public enum DeviceKind {
    SWITCH("switch", 254),
    HCA("hca", 2),
    TESTER("tester", 4);

    private final String label;
    private final int maxPorts;

    DeviceKind(String label, int maxPorts) {
        this.label = label;
        this.maxPorts = maxPorts;
    }

    public String label() {
        return label;
    }

    public int maxPorts() {
        return maxPorts;
    }

    /** A switch has one port GUID (port 0's); a channel adapter one per port. */
    public int portGuidCount(int numPorts) {
        return this == SWITCH ? 1 : numPorts;
    }

    public static Optional<DeviceKind> parse(String text) {
        return Arrays.stream(values()).filter(k -> k.label.equals(text)).findFirst();
    }

    public static String labels() {
        return Arrays.stream(values()).map(DeviceKind::label).collect(Collectors.joining(", "));
    }
}
