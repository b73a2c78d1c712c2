package dev.ibmesh.trace;

/**
 * The port a traced packet was seen on: the ERF interface number (0..3, see {@link ErfFlags}) and an optional
 * free-text name such as {@code "switch1/p3"}. The name is not stored in the ERF record; {@link PortLabelSidecar}
 * keeps it per interface next to the trace file.
 *
 * @param interfaceNumber 0..3
 * @param name            free text without line breaks, or {@code null} for none
 */
public record PortLabel(int interfaceNumber, String name) {
    public static final int MAX_INTERFACE = 3;

    public PortLabel {
        if (interfaceNumber < 0 || interfaceNumber > MAX_INTERFACE) {
            throw new IllegalArgumentException("interface number " + interfaceNumber + " is outside 0..3");
        }
        if (name != null && (name.indexOf('\n') >= 0 || name.indexOf('\r') >= 0)) {
            throw new IllegalArgumentException("port name must not contain a line break: " + name);
        }
    }

    /** A port without a name. */
    public static PortLabel of(int interfaceNumber) {
        return new PortLabel(interfaceNumber, null);
    }

    /** "p0", or "p0:name" when the port has a name. */
    public String display() {
        return name == null ? "p" + interfaceNumber : "p" + interfaceNumber + ":" + name;
    }
}
